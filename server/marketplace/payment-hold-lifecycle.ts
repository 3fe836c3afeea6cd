import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { GatewayProvider } from '@/db/schema/payment-gateway-values';
import { conflict, notFound } from '../kernel/errors';
import { appEncryptionKey } from '../kernel/secrets';
import { isUuid } from '../kernel/validation';
import { cancelUnpaid, markOrderPaid } from './order-lifecycle';
import type { HoldResolveInput } from './order-schema';
import type { StepActor } from './order-step';
import { paymentDriver } from './payment-driver-for';

/**
 * POST /admin/marketplace/payment-holds/{orderId}/resolve (C.6: "a mismatch holds the order for
 * an admin"): `accept` takes the payment as the order's (its sub-orders are paid, the sellers
 * told); `refund` gives the buyer the whole payment back through the gateway and cancels the
 * order, its units back in stock. Of two decisions one wins, the other gets 409.
 */
export async function resolvePaymentHold(
  tx: Database,
  { userId, config, now = new Date() }: StepActor,
  input: HoldResolveInput,
): Promise<void> {
  if (!isUuid(input.orderId)) throw notFound('Held payment');
  const [order] = await queryRows<{
    id: string;
    provider: GatewayProvider;
    payment_intent: string | null;
    hold: string;
  }>(
    tx,
    sql`update orders o set payment_hold = null, updated_at = now()
          from (select id, payment_hold from orders where id = ${input.orderId} for update) old
         where o.id = old.id and old.payment_hold is not null
        returning o.id, o.provider, o.payment_intent, old.payment_hold as hold`,
  );
  if (!order) {
    const [exists] = await queryRows<{ id: string }>(
      tx,
      sql`select id from orders where id = ${input.orderId}`,
    );
    if (!exists) throw notFound('Held payment');
    throw conflict('This order’s payment is not held (any more).');
  }
  const by = { actor: 'admin' as const, actorId: userId, now };
  if (input.outcome === 'accept') {
    await markOrderPaid(tx, config, order.id, {
      ...by,
      note: input.note ?? `Payment accepted: ${order.hold}`,
    });
    return;
  }
  const driver = await paymentDriver(tx, appEncryptionKey(config.auth.secret), order.provider);
  if (driver.gateway && order.payment_intent)
    await driver.gateway.refund({
      paymentIntent: order.payment_intent,
      amountMinor: null,
      idempotencyKey: `hold-refund-${order.id}`,
    });
  await cancelUnpaid(
    tx,
    sql`s.order_id = ${order.id}`,
    { ...by, at: now, note: input.note ?? 'The payment did not match the order and was refunded.' },
    config.appUrl,
  );
}
