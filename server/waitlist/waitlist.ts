import { z } from 'zod';
import { schoolIdInput } from '../kernel/fields/params';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { deleteEntry, updateEntry } from './entry-lifecycle';
import { getEntry, listEntries } from './entry-queries';
import { entryIdInput, entrySchema, entryUpdateFields, waitlistFilters } from './entry-schema';

const tags = ['Waitlist'];

/** The school's side of its waiting list (DESIGN-MODULES A.4). */
export const waitlistRouter = router({
  list: schoolProcedure('waitlist.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/waitlist',
        tags,
        summary: 'The waiting list, oldest first',
        description: '`position` is the rank among waiting entries.',
      },
    })
    .input(schoolIdInput.extend(waitlistFilters.shape))
    .output(paginatedSchema(entrySchema))
    .query(({ ctx, input }) => listEntries(ctx.db, ctx.school, input, ctx.url)),

  get: schoolProcedure('waitlist.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/waitlist/{entryId}',
        tags,
        summary: 'A waitlist entry',
      },
    })
    .input(entryIdInput)
    .output(z.object({ data: entrySchema }))
    .query(async ({ ctx, input }) => ({ data: await getEntry(ctx.db, ctx.school, input.entryId) })),

  update: schoolProcedure('waitlist.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/waitlist/{entryId}',
        tags,
        summary: 'Change an entry’s status, staff notes or student',
      },
    })
    .input(entryIdInput.extend(entryUpdateFields.shape))
    .output(z.object({ data: entrySchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await updateEntry(ctx.db, ctx.school, input.entryId, input),
    })),

  remove: schoolProcedure('waitlist.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/waitlist/{entryId}',
        tags,
        summary: 'Erase an entry',
      },
    })
    .input(entryIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteEntry(ctx.db, ctx.school, input.entryId);
      return { message: 'Waitlist entry deleted.' };
    }),
});
