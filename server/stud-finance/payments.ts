import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';
import { recordPayment, voidPayment } from './payment-flow';
import { getPayment, listPayments } from './payment-queries';
import {
  paymentFields,
  paymentFilters,
  paymentIdInput,
  paymentSchema,
  voidFields,
} from './payment-schema';

const one = z.object({ data: paymentSchema });
const tags = ['Stud finance'];

/** Money received against receivables (DESIGN-MODULES B.9). */
export const paymentsRouter = router({
  list: organizationProcedure('stud', 'finance.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/payments',
        tags,
        summary: 'The payments, the newest paid first',
        description:
          'Ordered by `paid_date`, newest first, then creation. Filters: `receivable_id`, `client_id`, `status`, `payment_method`, `from` and `to` (paid dates).',
      },
    })
    .input(studIdInput.extend(paymentFilters.shape))
    .output(paginatedSchema(paymentSchema))
    .query(({ ctx, input }) => listPayments(ctx.db, ctx.organization, input, ctx.url)),

  create: organizationProcedure('stud', 'finance.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/payments',
        tags,
        summary: 'Record a payment against a receivable',
        description:
          '`amount` at most what is outstanding (422 naming it); a paid or cancelled receivable → 409; `paid_date` defaults to the stud’s today and may not be after it. `receipt_number` defaults to the next `R-<year>-NNNNNN` of the stud, and is unique in the stud (422). The receivable’s paid amount and status follow, and an income entry is written (category by the receivable’s kind, the reservation’s stallion as horse), all in one transaction.',
      },
    })
    .input(studIdInput.extend(paymentFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const id = await recordPayment(ctx.db, ctx.organization, ctx.caller.user.id, input);
      return { data: await getPayment(ctx.db, ctx.organization, id) };
    }),

  get: organizationProcedure('stud', 'finance.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/payments/{paymentId}',
        tags,
        summary: 'A payment',
      },
    })
    .input(paymentIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getPayment(ctx.db, ctx.organization, input.paymentId),
    })),

  void: organizationProcedure('stud', 'finance.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: '/studs/{studId}/payments/{paymentId}/void',
        tags,
        summary: 'Void a recorded payment',
        description:
          'The receivable gets the amount back (its status follows) and the payment’s income entry is deleted, in one transaction. An already voided payment → 409.',
      },
    })
    .input(paymentIdInput.extend(voidFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const id = await voidPayment(
        ctx.db,
        ctx.organization,
        ctx.caller.user.id,
        input.paymentId,
        input.reason,
      );
      return { data: await getPayment(ctx.db, ctx.organization, id) };
    }),
});
