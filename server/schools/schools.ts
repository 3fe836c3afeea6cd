import { z } from 'zod';
import { organizationSchema, schoolProfileInput } from '../organizations/schema';
import { authedProcedure, router, schoolProcedure } from '../kernel/trpc/init';
import { schoolIdInput } from '../kernel/fields/params';
import { updateSchoolProfile } from './school-lifecycle';
import { listSchoolsOf } from './school-queries';
import { schoolListItem } from './school-schema';

export const schoolsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools',
        tags: ['Schools'],
        summary: 'The schools the signed-in user is a member of',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: z.array(schoolListItem) }))
    .query(async ({ ctx }) => ({ data: await listSchoolsOf(ctx.db, ctx.caller.user.id) })),

  update: schoolProcedure('members.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}',
        tags: ['Schools'],
        summary: "Update the school's profile (name, time zone, currency)",
      },
    })
    .input(schoolIdInput.extend(schoolProfileInput.shape))
    .output(z.object({ data: organizationSchema }))
    .mutation(async ({ ctx, input }) => {
      const { schoolId, ...changes } = input;
      return { data: await updateSchoolProfile(ctx.db, schoolId, changes) };
    }),
});
