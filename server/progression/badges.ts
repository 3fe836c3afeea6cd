import { z } from 'zod';
import { schoolIdInput } from '../kernel/fields/params';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { createBadge, deleteBadge, updateBadge } from './badge-lifecycle';
import { getBadge, listBadges, listHolders } from './badge-queries';
import { awardSchema, badgeFields, badgeIdInput, badgeSchema } from './badge-schema';

const one = z.object({ data: badgeSchema });
const tags = ['Badges'];

export const badgesRouter = router({
  list: schoolProcedure('badges.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/badges',
        tags,
        summary: "The school's badges by name",
      },
    })
    .input(schoolIdInput)
    .output(z.object({ data: z.array(badgeSchema) }))
    .query(async ({ ctx }) => ({ data: await listBadges(ctx.db, ctx.school) })),

  create: schoolProcedure('badges.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/badges',
        tags,
        summary: 'Create a badge',
        description:
          "`rule` (null: awarded only by hand) is `{type: attendance_count, threshold}` (present or late records), `{type: competition_result, max_position}` or `{type: level_reached, level_id}`; active students who meet it are awarded by a background job. `icon` is a key of the icon set or the id of an image among the school's media.",
      },
    })
    .input(schoolIdInput.extend(badgeFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({ data: await createBadge(ctx.db, ctx.school, input) })),

  get: schoolProcedure('badges.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/badges/{badgeId}',
        tags,
        summary: 'A badge',
      },
    })
    .input(badgeIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({ data: await getBadge(ctx.db, ctx.school, input.badgeId) })),

  holders: schoolProcedure('badges.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/badges/{badgeId}/holders',
        tags,
        summary: "A badge's awards with the students' names",
      },
    })
    .input(badgeIdInput)
    .output(z.object({ data: z.array(awardSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listHolders(ctx.db, ctx.school, input.badgeId),
    })),

  update: schoolProcedure('badges.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/badges/{badgeId}',
        tags,
        summary: 'Update a badge (fields given)',
        description: 'Changing the rule never revokes an award already given.',
      },
    })
    .input(badgeIdInput.extend(badgeFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateBadge(ctx.db, ctx.school, input.badgeId, input),
    })),

  remove: schoolProcedure('badges.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/badges/{badgeId}',
        tags,
        summary: 'Delete a badge nobody holds',
        description:
          'A badge that students hold or certificates name is kept (409): deactivate it instead.',
      },
    })
    .input(badgeIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteBadge(ctx.db, ctx.school, input.badgeId);
      return { message: 'Badge deleted.' };
    }),
});
