import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { users, USER_STATUSES } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { isPlatformAdmin, type User } from '../kernel/auth/users';
import type { Config } from '../kernel/config';
import { adminProcedure, router } from '../kernel/trpc/init';
import { paginate, paginatedSchema, paginationInput, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { pathId } from '../kernel/fields/params';

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  display_name: z.string(),
  status: z.enum(USER_STATUSES),
  is_platform_admin: z.boolean(),
  issuer: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

function toAdminUser(config: Config, user: User): z.infer<typeof adminUserSchema> {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    display_name: user.displayName,
    status: user.status,
    is_platform_admin: isPlatformAdmin(config, user),
    issuer: user.issuer,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

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
    .input(
      paginationInput(20).extend({
        search: z.string().trim().max(255).optional(),
        status: z.enum(USER_STATUSES).optional(),
      }),
    )
    .output(paginatedSchema(adminUserSchema))
    .query(async ({ ctx, input }) => {
      const filters: SQL[] = [];
      if (input.search) {
        const pattern = `%${input.search.replace(/[\\%_]/g, '\\$&')}%`;
        filters.push(or(ilike(users.displayName, pattern), ilike(users.email, pattern))!);
      }
      if (input.status) filters.push(eq(users.status, input.status));
      const where = and(...filters);
      const [rows, [counted]] = await Promise.all([
        ctx.db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.displayName), asc(users.id))
          .limit(input.per_page)
          .offset(pageOffset(input)),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(users)
          .where(where),
      ]);
      return paginate(
        rows.map((user) => toAdminUser(ctx.config, user)),
        counted?.total ?? 0,
        input,
        ctx.url,
      );
    }),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/users/{id}',
        tags: ['Administration'],
        summary: 'Suspend or reactivate a user, or flag a platform administrator',
      },
    })
    .input(
      z.object({
        id: pathId,
        status: z.enum(USER_STATUSES).optional(),
        is_platform_admin: z.boolean().optional(),
      }),
    )
    .output(z.object({ data: adminUserSchema }))
    .mutation(async ({ ctx, input }) => {
      const [row] = isUuid(input.id)
        ? await ctx.db
            .update(users)
            .set({
              ...(input.status !== undefined && { status: input.status }),
              ...(input.is_platform_admin !== undefined && {
                isPlatformAdmin: input.is_platform_admin,
              }),
              updatedAt: sql`now()`,
            })
            .where(eq(users.id, input.id))
            .returning()
        : [];
      if (!row) throw notFound('User');
      return { data: toAdminUser(ctx.config, row) };
    }),
});
