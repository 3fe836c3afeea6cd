import { z } from 'zod';
import type { Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { adminProcedure, router } from '../kernel/trpc/init';
import { findHeldOrder, listPaymentHolds } from './order-queries';
import { heldOrderPage, heldOrderSchema, holdResolveInput, orderListInput } from './order-schema';
import { resolvePaymentHold } from './payment-hold-lifecycle';

const tags = ['Administration: marketplace payments'];
const base = '/admin/marketplace/payment-holds' as const;

const heldOrderAnswer = z.object({ data: heldOrderSchema });

async function getHeldOrder(db: Database, id: string) {
  const order = await findHeldOrder(db, id);
  if (!order) throw notFound('Held payment');
  return order;
}

/**
 * Orders whose gateway payment did not match (C.6): they neither expire nor go on until an
 * administrator accepts the payment or refunds it.
 */
export const adminPaymentHoldsRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: base,
        tags,
        summary: 'Orders whose payment is held, oldest first',
        description:
          'Each order as its buyer sees it, with `payment_hold` (what the gateway took against what the order is), the gateway’s `payment_intent` and the buyer.',
      },
    })
    .input(orderListInput)
    .output(heldOrderPage)
    .query(({ ctx, input }) => listPaymentHolds(ctx.db, input, ctx.url)),

  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `${base}/{orderId}`,
        tags,
        summary: 'An order with its payment’s hold',
        description: 'Any order (`payment_hold` null once decided); an unknown id → 404.',
      },
    })
    .input(holdResolveInput.pick({ orderId: true }))
    .output(heldOrderAnswer)
    .query(async ({ ctx, input }) => ({ data: await getHeldOrder(ctx.db, input.orderId) })),

  resolve: adminProcedure
    .meta({
      audit: { subject: 'order', idField: 'orderId', read: findHeldOrder },
      openapi: {
        method: 'POST',
        path: `${base}/{orderId}/resolve`,
        tags,
        summary: 'Accept or refund a held payment',
        description:
          '`outcome` accept: the order’s sub-orders are paid and their sellers told; refund: the whole payment goes back to the buyer through the gateway and the order is cancelled, its units back in stock. `note` goes into the status history. An order whose payment is not held → 409. Answers the order as its buyer sees it.',
      },
    })
    .input(holdResolveInput)
    .output(heldOrderAnswer)
    .mutation(async ({ ctx, input }) => {
      await resolvePaymentHold(ctx.db, { userId: ctx.caller.user.id, config: ctx.config }, input);
      return { data: await getHeldOrder(ctx.db, input.orderId) };
    }),
});
