import { router } from '../kernel/trpc/init';
import { answerAfterStep } from './order-step';
import { checkout } from './checkout-lifecycle';
import { cancelOrder, confirmReceipt, markDelivered, openDispute } from './order-lifecycle';
import { getOrder, listOrders } from './order-queries';
import {
  checkoutAnswer,
  checkoutInput,
  orderAnswer,
  orderIdInput,
  orderListInput,
  orderPage,
  reasonInput,
  subOrderPathInput,
} from './order-schema';
import { marketplaceProcedure } from './marketplace-procedure';

const tags = ['Marketplace orders'];
const base = '/marketplace/orders' as const;
const ORDER =
  'An order: `number`, `status` (awaiting_payment, paid, completed, cancelled: a summary of its sub-orders), totals, `shipping_address`, `provider`, `paid_at` (once no part awaits payment), `expires_at` (unpaid parts are cancelled then), and one sub-order per seller with its lines, `tracking` and status `history`.';
const SUB = 'Another buyer’s order, or a sub-order not of this order: 404.';

/** The buyer's checkout and orders (DESIGN-MODULES C.5, C.6). */
export const ordersRouter = router({
  checkout: marketplaceProcedure
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: base,
        tags,
        summary: 'Check out my cart',
        description: `Requires an \`Idempotency-Key\` header (1 to 255 visible characters; missing → 422): the same key within 24 hours answers the first answer again with \`Idempotent-Replayed: true\`, the same key with another body → 422 \`Idempotency-Key\`, while the first request runs → 409. One transaction: every line re-checked (an unavailable line → 409 naming it; an empty cart → 422 \`cart\`), stock taken only where enough is left (a concurrent buyer who took the last unit → 409), one sub-order per seller with snapshots of the lines, shipping and commission, the cart emptied, then the payment asked of the driver: \`payment\` {provider, redirect_url, client_secret, instructions}. With the manual driver each seller is e-mailed the new sub-order and marks it paid; unpaid orders expire after 7 days and give their stock back. ${ORDER}`,
      },
    })
    .input(checkoutInput)
    .output(checkoutAnswer)
    .mutation(({ ctx, input }) => checkout(ctx, ctx.caller.user.id, input)),

  list: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: base,
        tags,
        summary: 'My orders, newest first',
        description: ORDER,
      },
    })
    .input(orderListInput)
    .output(orderPage)
    .query(({ ctx, input }) => listOrders(ctx.db, ctx.caller.user.id, input, ctx.url)),

  get: marketplaceProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `${base}/{id}`,
        tags,
        summary: 'One of my orders',
        description: `${ORDER} Another buyer’s: 404.`,
      },
    })
    .input(orderIdInput)
    .output(orderAnswer)
    .query(async ({ ctx, input }) => ({
      data: await getOrder(ctx.db, ctx.caller.user.id, input.id),
    })),

  cancel: marketplaceProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: `${base}/{id}/cancel`,
        tags,
        summary: 'Cancel my order',
        description:
          'Every sub-order still awaiting payment becomes cancelled and every paid one refunded, their units going back to stock; parts a seller has begun stay (none left to cancel → 409). `reason` is required. The buyer is e-mailed each change.',
      },
    })
    .input(orderIdInput.extend(reasonInput.shape))
    .output(orderAnswer)
    .mutation(({ ctx, input }) =>
      answerAfterStep(
        ctx,
        (tx, actor) => cancelOrder(tx, actor, input.id, input.reason),
        (tx, userId) => getOrder(tx, userId, input.id),
      ),
    ),

  delivered: marketplaceProcedure
    .meta(
      buyerStep(
        'delivered',
        'I received a sub-order',
        'shipped (or processing, for a pickup) → delivered; the buyer is e-mailed.',
      ),
    )
    .input(subOrderPathInput)
    .output(orderAnswer)
    .mutation(({ ctx, input }) =>
      answerAfterStep(
        ctx,
        (tx, actor) => markDelivered(tx, actor, input),
        (tx, userId) => getOrder(tx, userId, input.id),
      ),
    ),

  confirm: marketplaceProcedure
    .meta(
      buyerStep(
        'confirm',
        'All is well: complete a sub-order',
        'delivered → completed; the seller’s payout falls due after the payout delay. Without a confirmation, a delivered sub-order completes by itself after `marketplace.auto_complete_days` (7).',
      ),
    )
    .input(subOrderPathInput)
    .output(orderAnswer)
    .mutation(({ ctx, input }) =>
      answerAfterStep(
        ctx,
        (tx, actor) => confirmReceipt(tx, actor, input),
        (tx, userId) => getOrder(tx, userId, input.id),
      ),
    ),

  dispute: marketplaceProcedure
    .meta(
      buyerStep(
        'dispute',
        'Dispute a sub-order',
        'shipped or delivered → disputed, with a required `reason`: the seller’s payout is held and the platform’s administrators are told; they release it or refund it.',
      ),
    )
    .input(subOrderPathInput.extend(reasonInput.shape))
    .output(orderAnswer)
    .mutation(({ ctx, input }) =>
      answerAfterStep(
        ctx,
        (tx, actor) => openDispute(tx, actor, input, input.reason),
        (tx, userId) => getOrder(tx, userId, input.id),
      ),
    ),
});

/** The documentation of a buyer's transition of one sub-order of their order. */
function buyerStep(action: string, summary: string, description: string) {
  return {
    openapi: {
      method: 'POST' as const,
      path: `${base}/{id}/sub-orders/{subId}/${action}` as const,
      tags,
      summary,
      description: `${description} Any other state → 409. ${SUB}`,
    },
  };
}
