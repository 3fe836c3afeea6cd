import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { pathId } from '../kernel/fields/params';
import { competitionIdInput } from './competition-schema';
import { correctResult, createResult } from './result-lifecycle';
import { listResults } from './result-queries';
import { resultFields, resultSchema, resultUpdateFields } from './result-schema';

const BASE = '/schools/{schoolId}/competitions/{competitionId}/results';
const TAGS = ['Competition results'];

export const competitionResultsRouter = router({
  list: schoolProcedure('competitions.view')
    .meta({
      openapi: {
        method: 'GET',
        path: BASE,
        tags: TAGS,
        summary: 'Results by position, participation last',
      },
    })
    .input(competitionIdInput)
    .output(z.object({ data: z.array(resultSchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listResults(ctx.db, ctx.school, input.competitionId),
    })),

  create: schoolProcedure('competitions.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: BASE,
        tags: TAGS,
        summary: 'Record the result of an entry',
        description:
          "Position from the ribbon: blue 1, red 2, yellow 3, white 4, pink 5, green 6, purple 7, brown 8, participation none. Category and horse are copied from the entry, which becomes completed. An unknown entry, another competition's entry, or an entry that already has a result: 422 on `entry_id`.",
      },
    })
    .input(competitionIdInput.extend(resultFields.shape))
    .output(z.object({ data: resultSchema }))
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, competitionId, ...fields } = input;
      return { data: await createResult(ctx.db, ctx.school.id, competitionId, fields) };
    }),

  update: schoolProcedure('competitions.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: `${BASE}/{resultId}`,
        tags: TAGS,
        summary: 'Correct a result (fields given)',
        description: 'A changed ribbon moves the position with it; entry, category and horse stay.',
      },
    })
    .input(competitionIdInput.extend({ resultId: pathId }).extend(resultUpdateFields.shape))
    .output(z.object({ data: resultSchema }))
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, competitionId, resultId, ...changes } = input;
      return {
        data: await correctResult(ctx.db, ctx.school.id, competitionId, resultId, changes),
      };
    }),
});
