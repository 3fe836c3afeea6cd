import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { pathId } from '../kernel/fields/params';
import { competitionIdInput } from './competition-schema';
import { changeEntry, enterStudent, renumberEntries, withdrawEntry } from './entry-lifecycle';
import { getEntry, getPrintList, listEntries } from './entry-queries';
import {
  categoryField,
  entryFields,
  entryListFilters,
  entrySchema,
  entryUpdateFields,
  printListSchema,
} from './entry-schema';

const entryIdInput = competitionIdInput.extend({ entryId: pathId });
const one = z.object({ data: entrySchema });
const BASE = '/schools/{schoolId}/competitions/{competitionId}/entries';
const TAGS = ['Competition entries'];

export const competitionEntriesRouter = router({
  list: schoolProcedure('competitions.view')
    .meta({
      openapi: {
        method: 'GET',
        path: BASE,
        tags: TAGS,
        summary: 'Entries of a competition, by category and departure order',
      },
    })
    .input(competitionIdInput.extend(paginationInput(50).shape).extend(entryListFilters.shape))
    .output(paginatedSchema(entrySchema))
    .query(({ ctx, input }) =>
      listEntries(ctx.db, ctx.school, input.competitionId, input, ctx.url),
    ),

  create: schoolProcedure('competitions.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: BASE,
        tags: TAGS,
        summary: 'Enter a student in a category (pending)',
        description:
          "Only while the competition is upcoming or ongoing (409 otherwise). The category must be one of the competition's, the student and horse of this school, and the student not already entered in that category (a cancelled entry does not count): 422 on the field otherwise. Generates payments from the required fees and renumbers the category's departure order.",
      },
    })
    .input(competitionIdInput.extend(entryFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, competitionId, ...fields } = input;
      return { data: await enterStudent(ctx.db, ctx.school.id, competitionId, fields) };
    }),

  recalculateOrder: schoolProcedure('competitions.create')
    .meta({
      openapi: {
        method: 'POST',
        path: `${BASE}/recalculate-order`,
        tags: TAGS,
        summary: 'Renumber the departure order of one category, or of all',
        description:
          'Pending and confirmed entries are numbered 1..n by age at the competition date, oldest first (no birth date last; ties by entry creation, then id); cancelled entries have no number, completed ones keep theirs. Answers the entries of the renumbered categories.',
      },
    })
    .input(competitionIdInput.extend({ category: categoryField.optional() }))
    .output(z.object({ message: z.string(), data: z.array(entrySchema) }))
    .mutation(async ({ ctx, input }) => ({
      message: 'Departure order recalculated.',
      data: await renumberEntries(ctx.db, ctx.school.id, input.competitionId, input.category),
    })),

  printList: schoolProcedure('competitions.view')
    .meta({
      openapi: {
        method: 'GET',
        path: `${BASE}/print-list`,
        tags: TAGS,
        summary: 'Starting list by category, in departure order',
        description:
          "Pending, confirmed and completed entries (cancelled ones are left out), grouped by category in the order of the competition's categories; `student_age` is the age at the competition date; `result` is null until a result is recorded.",
      },
    })
    .input(competitionIdInput.extend({ category: z.string().trim().max(100).optional() }))
    .output(z.object({ data: printListSchema }))
    .query(async ({ ctx, input }) => ({
      data: await getPrintList(
        ctx.db,
        ctx.school,
        input.competitionId,
        input.category || undefined,
      ),
    })),

  get: schoolProcedure('competitions.view')
    .meta({
      openapi: { method: 'GET', path: `${BASE}/{entryId}`, tags: TAGS, summary: 'One entry' },
    })
    .input(entryIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getEntry(ctx.db, ctx.school, input.competitionId, input.entryId),
    })),

  update: schoolProcedure('competitions.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: `${BASE}/{entryId}`,
        tags: TAGS,
        summary: 'Change the category, horse, order number, status or notes of an entry',
        description:
          'Any status may be set, and `order_number` is stored as sent. Changing the category renumbers the category left and the one joined; setting status cancelled clears the number, cancels pending per-entry payments and renumbers, as DELETE does.',
      },
    })
    .input(entryIdInput.extend(entryUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, competitionId, entryId, ...changes } = input;
      return { data: await changeEntry(ctx.db, ctx.school.id, competitionId, entryId, changes) };
    }),

  remove: schoolProcedure('competitions.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: `${BASE}/{entryId}`,
        tags: TAGS,
        summary: 'Cancel a pending or confirmed entry (it is kept)',
        description:
          'The entry loses its departure number, its category is renumbered and its pending per-entry payments are cancelled (paid ones stay). A cancelled or completed entry answers 409.',
      },
    })
    .input(entryIdInput)
    .output(z.object({ message: z.string(), data: entrySchema }))
    .mutation(async ({ ctx, input }) => ({
      message: 'Entry cancelled.',
      data: await withdrawEntry(ctx.db, ctx.school.id, input.competitionId, input.entryId),
    })),
});
