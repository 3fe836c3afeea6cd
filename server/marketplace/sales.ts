import { router } from '../kernel/trpc/init';
import { answerAfterStep } from './order-step';
import {
  acceptSale,
  cancelSale,
  markDelivered,
  markPaid,
  shipSale,
  updateTracking,
} from './order-lifecycle';
import { getSale, listSales } from './order-queries';
import {
  reasonInput,
  saleAnswer,
  saleIdInput,
  saleListInput,
  salePage,
  shipInput,
  trackingUpdateInput,
} from './order-schema';
import { marketplaceProcedure } from './marketplace-procedure';

const tags = ['Marketplace sales'];
const base = '/marketplace/sales' as const;
const SALE =
  'A sub-order of a seller profile the caller manages (their own, or their organization’s as owner or manager): its lines, totals, `commission_amount`, `seller_net` (items + shipping − commission), `payout_status` (pending, held, paid, reversed) and `payout_due_at`, the buyer’s name and address, `tracking` and status `history`.';
const OTHER = 'A sub-order of a profile the caller does not manage: 404.';

/** The documentation of a seller's transition. */
function sellerStep(method: 'POST' | 'PUT', action: string, summary: string, description: string) {
  return {
    openapi: {
      method,
      path: `${base}/{id}/${action}` as const,
      tags,
      summary,
      description: `${description} Any other state → 409. ${OTHER}`,
    },
  };
}

/** The seller's side of orders (DESIGN-MODULES C.6). */
export const salesRouter = router({
  list: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: base,
        tags,
        summary: 'My sales, newest first',
        description: `${SALE} Filter: \`status\`.`,
      },
    })
    .input(saleListInput)
    .output(salePage)
    .query(({ ctx, input }) => listSales(ctx.db, ctx.caller.user.id, input, ctx.url)),

  get: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `${base}/{id}`,
        tags,
        summary: 'One of my sales',
        description: `${SALE} ${OTHER}`,
      },
    })
    .input(saleIdInput)
    .output(saleAnswer)
    .query(async ({ ctx, input }) => ({
      data: await getSale(ctx.db, ctx.caller.user.id, input.id),
    })),

  markPaid: marketplaceProcedure
    .meta(
      sellerStep(
        'POST',
        'mark-paid',
        'The buyer paid me',
        'The manual driver’s payment: awaiting_payment → paid (an order paid through the gateway → 409). The buyer is e-mailed.',
      ),
    )
    .input(saleIdInput)
    .output(saleAnswer)
    .mutation(({ ctx, input }) =>
      answerAfterStep(
        ctx,
        (tx, actor) => markPaid(tx, actor, input.id),
        (tx, userId) => getSale(tx, userId, input.id),
      ),
    ),

  accept: marketplaceProcedure
    .meta(
      sellerStep('POST', 'accept', 'Accept a sale', 'paid → processing; the buyer is e-mailed.'),
    )
    .input(saleIdInput)
    .output(saleAnswer)
    .mutation(({ ctx, input }) =>
      answerAfterStep(
        ctx,
        (tx, actor) => acceptSale(tx, actor, input.id),
        (tx, userId) => getSale(tx, userId, input.id),
      ),
    ),

  ship: marketplaceProcedure
    .meta(
      sellerStep(
        'POST',
        'ship',
        'Ship a sale',
        '`{carrier, tracking_number?, tracking_url?}`: paid or processing → shipped, for a sub-order that is sent (a pickup → 409). The buyer gets tracking-added when a number is given, else status-updated.',
      ),
    )
    .input(shipInput)
    .output(saleAnswer)
    .mutation(({ ctx, input }) =>
      answerAfterStep(
        ctx,
        (tx, actor) => shipSale(tx, actor, input.id, input),
        (tx, userId) => getSale(tx, userId, input.id),
      ),
    ),

  tracking: marketplaceProcedure
    .meta(
      sellerStep(
        'PUT',
        'tracking',
        'Set the tracking of a shipped sale',
        '`{carrier, tracking_number, tracking_url?}` of a shipped sub-order; the buyer gets tracking-added.',
      ),
    )
    .input(trackingUpdateInput)
    .output(saleAnswer)
    .mutation(({ ctx, input }) =>
      answerAfterStep(
        ctx,
        (tx, actor) => updateTracking(tx, actor, input.id, input),
        (tx, userId) => getSale(tx, userId, input.id),
      ),
    ),

  delivered: marketplaceProcedure
    .meta(
      sellerStep(
        'POST',
        'delivered',
        'A sale was delivered',
        'shipped (or processing, for a pickup) → delivered; the buyer is e-mailed.',
      ),
    )
    .input(saleIdInput)
    .output(saleAnswer)
    .mutation(({ ctx, input }) =>
      answerAfterStep(
        ctx,
        (tx, actor) => markDelivered(tx, actor, input.id),
        (tx, userId) => getSale(tx, userId, input.id),
      ),
    ),

  cancel: marketplaceProcedure
    .meta(
      sellerStep(
        'POST',
        'cancel',
        'Cancel a sale and refund the buyer',
        'paid or processing → refunded, with a required `reason`; the units go back to stock and the buyer is e-mailed. With the manual driver the seller pays the buyer back.',
      ),
    )
    .input(saleIdInput.extend(reasonInput.shape))
    .output(saleAnswer)
    .mutation(({ ctx, input }) =>
      answerAfterStep(
        ctx,
        (tx, actor) => cancelSale(tx, actor, input.id, input.reason),
        (tx, userId) => getSale(tx, userId, input.id),
      ),
    ),
});
