import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { schoolIdInput } from '../kernel/fields/params';
import { createCompetition, deleteCompetition, updateCompetition } from './competition-lifecycle';
import { getCompetition, listCompetitions } from './competition-queries';
import {
  competitionDetailSchema,
  competitionFields,
  competitionIdInput,
  competitionListFilters,
  competitionListItemSchema,
} from './competition-schema';

const one = z.object({ data: competitionDetailSchema });
const TAGS = ['Competitions'];

export const competitionsRouter = router({
  list: schoolProcedure('competitions.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/competitions',
        tags: TAGS,
        summary: 'Competitions, latest date first',
        description: '`search` matches the name or the location (case-insensitive).',
      },
    })
    .input(schoolIdInput.extend(paginationInput(20).shape).extend(competitionListFilters.shape))
    .output(paginatedSchema(competitionListItemSchema))
    .query(({ ctx, input }) => listCompetitions(ctx.db, ctx.school, input, ctx.url)),

  create: schoolProcedure('competitions.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/competitions',
        tags: TAGS,
        summary: 'Create a competition',
        description:
          'Categories are distinct names. Each fee needs `concept`, `name` and `amount`; `is_required` defaults to true and `applies_to` to entry. Two fees may not share concept and name.',
      },
    })
    .input(schoolIdInput.extend(competitionFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createCompetition(ctx.db, ctx.school, input),
    })),

  get: schoolProcedure('competitions.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/competitions/{competitionId}',
        tags: TAGS,
        summary: 'A competition with its entries and results',
      },
    })
    .input(competitionIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getCompetition(ctx.db, ctx.school, input.competitionId),
    })),

  update: schoolProcedure('competitions.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/competitions/{competitionId}',
        tags: TAGS,
        summary: 'Update a competition (fields given)',
        description:
          '`fees`, when sent, is validated and replaces the list (an empty array removes all fees; payments already generated stay). A category that has entries other than cancelled ones cannot be removed (422).',
      },
    })
    .input(competitionIdInput.extend(competitionFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateCompetition(ctx.db, ctx.school, input.competitionId, input),
    })),

  remove: schoolProcedure('competitions.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/competitions/{competitionId}',
        tags: TAGS,
        summary: 'Delete a competition with its entries, results and payments',
        description:
          'A competition with any paid payment cannot be deleted (409): cancel it instead.',
      },
    })
    .input(competitionIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteCompetition(ctx.db, ctx.school, input.competitionId);
      return { message: 'Competition deleted.' };
    }),
});
