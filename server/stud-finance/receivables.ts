import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';
import { cancelReceivable, createReceivable, updateReceivable } from './receivable-lifecycle';
import { getReceivable, listReceivables } from './receivable-queries';
import {
  receivableDetailFields,
  receivableFields,
  receivableFilters,
  receivableIdInput,
  receivableSchema,
} from './receivable-schema';

const one = z.object({ data: receivableSchema });
const tags = ['Stud finance'];

/** What clients owe the stud (DESIGN-MODULES B.9). */
export const receivablesRouter = router({
  list: organizationProcedure('stud', 'finance.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/receivables',
        tags,
        summary: 'The receivables, the soonest due first',
        description:
          'Ordered by `due_date`, then creation. Filters: `client_id`, `reservation_id`, `status` (a stored status, `open`: pending or partially paid, `overdue`: open and due before the stud’s today), `kind`, `source`, `due_from`, `due_to`.',
      },
    })
    .input(studIdInput.extend(receivableFilters.shape))
    .output(paginatedSchema(receivableSchema))
    .query(({ ctx, input }) => listReceivables(ctx.db, ctx.organization, input, ctx.url)),

  create: organizationProcedure('stud', 'finance.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/receivables',
        tags,
        summary: 'Record what a client owes',
        description:
          'A manual receivable. `client_id` is a client of the stud; `reservation_id`, when given, a reservation of that client (422 otherwise). `due_date` defaults to the stud’s today.',
      },
    })
    .input(studIdInput.extend(receivableFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createReceivable(ctx.db, ctx.organization, input, ctx.caller.user.id),
    })),

  get: organizationProcedure('stud', 'finance.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/receivables/{receivableId}',
        tags,
        summary: 'A receivable',
      },
    })
    .input(receivableIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getReceivable(ctx.db, ctx.organization, input.receivableId),
    })),

  update: organizationProcedure('stud', 'finance.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/studs/{studId}/receivables/{receivableId}',
        tags,
        summary: 'Update a receivable (fields given)',
        description:
          '`amount` may not fall below `paid_amount` (422); the status follows a new amount (paid, partially paid). A cancelled receivable → 409.',
      },
    })
    .input(receivableIdInput.extend(receivableDetailFields.partial().shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updateReceivable(ctx.db, ctx.organization, input.receivableId, input),
    })),

  remove: organizationProcedure('stud', 'finance.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/studs/{studId}/receivables/{receivableId}',
        tags,
        summary: 'Cancel a receivable nothing is paid on',
        description:
          'The receivable stays, cancelled. Once anything is paid (void the payments first) or when already cancelled → 409.',
      },
    })
    .input(receivableIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await cancelReceivable(ctx.db, ctx.organization, input.receivableId);
      return { message: 'Receivable cancelled.' };
    }),
});
