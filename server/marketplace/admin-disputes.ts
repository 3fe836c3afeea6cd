import { adminProcedure, router } from '../kernel/trpc/init';
import { resolveDispute } from './order-lifecycle';
import { findSubOrder, getSubOrder, listDisputes } from './order-queries';
import { disputeResolveInput, orderListInput, saleAnswer, salePage } from './order-schema';

const tags = ['Administration: marketplace disputes'];
const base = '/admin/marketplace/disputes' as const;

/** The platform administrators' decisions on disputed sub-orders (DESIGN-MODULES C.6, G.3). */
export const adminDisputesRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: base,
        tags,
        summary: 'Disputed sub-orders, oldest first',
        description:
          'Each as its seller sees it, with the buyer’s reason in the status `history`; its payout is held.',
      },
    })
    .input(orderListInput)
    .output(salePage)
    .query(({ ctx, input }) => listDisputes(ctx.db, input, ctx.url)),

  get: adminProcedure
    .meta({
      openapi: { method: 'GET', path: `${base}/{subOrderId}`, tags, summary: 'One sub-order' },
    })
    .input(disputeResolveInput.pick({ subOrderId: true }))
    .output(saleAnswer)
    .query(async ({ ctx, input }) => ({ data: await getSubOrder(ctx.db, input.subOrderId) })),

  resolve: adminProcedure
    .meta({
      audit: { subject: 'sub_order', idField: 'subOrderId', read: findSubOrder },
      openapi: {
        method: 'POST',
        path: `${base}/{subOrderId}/resolve`,
        tags,
        summary: 'Decide a dispute',
        description:
          '`outcome` release: disputed → completed, the payout due after the payout delay; refund: disputed → refunded, the payout reversed. `note` optional. A sub-order that is not disputed → 409. The buyer is e-mailed.',
      },
    })
    .input(disputeResolveInput)
    .output(saleAnswer)
    .mutation(async ({ ctx, input }) => {
      await resolveDispute(
        ctx.db,
        { userId: ctx.caller.user.id, config: ctx.config },
        input.subOrderId,
        input,
      );
      return { data: await getSubOrder(ctx.db, input.subOrderId) };
    }),
});
