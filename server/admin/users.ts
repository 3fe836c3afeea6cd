import { z } from 'zod';
import { adminProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { updateUser } from './user-lifecycle';
import { findUserRecord, getUserDetail, listUsers } from './user-queries';
import {
  adminUserDetailSchema,
  adminUserSchema,
  userIdInput,
  userListInput,
  userUpdateInput,
} from './user-schema';

export const adminUsersRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users',
        tags: ['Administration'],
        summary: 'All users, by name',
      },
    })
    .input(userListInput)
    .output(paginatedSchema(adminUserSchema))
    .query(async ({ ctx, input }) => listUsers(ctx.db, ctx.config, input, ctx.url)),

  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users/{id}',
        tags: ['Administration'],
        summary: 'One user with memberships, seller profiles, portal links and counts',
      },
    })
    .input(userIdInput)
    .output(z.object({ data: adminUserDetailSchema }))
    .query(async ({ ctx, input }) => ({
      data: await getUserDetail(ctx.db, ctx.config, input.id),
    })),

  update: adminProcedure
    .meta({
      audit: { subject: 'user', read: findUserRecord },
      openapi: {
        method: 'PUT',
        path: '/admin/users/{id}',
        tags: ['Administration'],
        summary: 'Suspend or reactivate a user, or flag a platform administrator',
        description:
          '`verified: true` vouches for the person: their marketplace seller profile shows verified.',
      },
    })
    .input(userUpdateInput)
    .output(z.object({ data: adminUserSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await updateUser(ctx.db, ctx.config, input, ctx.caller.user.id),
    })),
});
