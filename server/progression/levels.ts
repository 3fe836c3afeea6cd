import { z } from 'zod';
import { schoolIdInput } from '../kernel/fields/params';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { createLevel, deleteLevel, reorderLevels, updateLevel } from './level-lifecycle';
import { getLevel, listLevels } from './level-queries';
import { levelFields, levelIdInput, levelSchema, reorderFields } from './level-schema';

const one = z.object({ data: levelSchema });
const many = z.object({ data: z.array(levelSchema) });
const tags = ['Levels'];

export const levelsRouter = router({
  list: schoolProcedure('levels.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/levels',
        tags,
        summary: "The school's ladder of levels, first rung first",
      },
    })
    .input(schoolIdInput)
    .output(many)
    .query(async ({ ctx }) => ({ data: await listLevels(ctx.db, ctx.school) })),

  create: schoolProcedure('levels.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/levels',
        tags,
        summary: 'Add a level',
        description:
          "Without `position`, the level goes to the end of the ladder. `base_level` is the spec's student level that reaching this one sets.",
      },
    })
    .input(schoolIdInput.extend(levelFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({ data: await createLevel(ctx.db, ctx.school, input) })),

  reorder: schoolProcedure('levels.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/levels/reorder',
        tags,
        summary: 'Put the ladder in a new order',
        description: '`ids` names every level of the school once, first rung first.',
      },
    })
    .input(schoolIdInput.extend(reorderFields.shape))
    .output(many)
    .mutation(async ({ ctx, input }) => ({
      data: await reorderLevels(ctx.db, ctx.school, input.ids),
    })),

  get: schoolProcedure('levels.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/levels/{levelId}',
        tags,
        summary: 'A level',
      },
    })
    .input(levelIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({ data: await getLevel(ctx.db, ctx.school, input.levelId) })),

  update: schoolProcedure('levels.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/levels/{levelId}',
        tags,
        summary: 'Update a level (fields given)',
      },
    })
    .input(levelIdInput.extend(levelFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateLevel(ctx.db, ctx.school, input.levelId, input),
    })),

  remove: schoolProcedure('levels.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/levels/{levelId}',
        tags,
        summary: 'Delete a level nobody uses',
        description:
          'A level that students stand on, or that level changes, badges or certificates name, is kept (409): deactivate it instead.',
      },
    })
    .input(levelIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteLevel(ctx.db, ctx.school, input.levelId);
      return { message: 'Level deleted.' };
    }),
});
