import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { GatewayEventOutcome } from '@/db/schema/marketplace-payments';
import type { GatewayProvider } from '@/db/schema/payment-gateway-values';
import type { Config } from '../kernel/config';
import { AppError, notFound } from '../kernel/errors';
import { appEncryptionKey } from '../kernel/secrets';
import type { Context } from '../kernel/trpc/context';
import { reversePayoutsOf } from './gateway-money';
import { markOrderPaid } from './order-lifecycle';
import { notifyAdminsOfPayment } from './order-notices';
import { paymentDriver } from './payment-driver-for';
import { InvalidWebhook, toMinorUnits, type Gateway, type GatewayEvent } from './payment-drivers';
import type { WebhookAnswer } from './webhook-schema';

/*
 * POST /api/webhooks/payments/{provider} (DESIGN-MODULES C.6): the gateway tells the platform
 * that a payment arrived, a seller's account changed, or a buyer's bank took a payment back.
 * The event is verified by its signature, stored once per event id (a replay changes nothing)
 * and applied in the same transaction, so an event whose effect fails is not stored either
 * and the gateway's retry applies it.
 */

type Applied = { outcome: GatewayEventOutcome; orderId: string | null; note: string | null };

export async function receiveWebhook(
  ctx: Context,
  provider: GatewayProvider,
): Promise<WebhookAnswer> {
  const driver = await paymentDriver(
    ctx.db,
    appEncryptionKey(ctx.config.auth.secret),
    provider,
  ).catch((error: unknown) => {
    // A provider without keys here has no endpoint listening: the gateway's events are not ours.
    if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') return null;
    throw error;
  });
  const gateway = driver?.gateway;
  if (!gateway) throw notFound('Payment webhook');
  let event: GatewayEvent;
  try {
    event = gateway.readEvent(ctx.rawBody ?? '', ctx.req.headers);
  } catch (error) {
    if (error instanceof InvalidWebhook) throw new AppError('BAD_REQUEST', error.message);
    throw error;
  }
  return ctx.db.transaction(async (tx) => {
    const [stored] = await queryRows<{ id: string }>(
      tx,
      sql`insert into gateway_events (provider, event_id, type, payload, outcome)
          values (${provider}, ${event.id}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb,
                  'ignored')
          on conflict (provider, event_id) do nothing
          returning id`,
    );
    if (!stored) return { data: { received: true, duplicate: true, outcome: null } };
    const applied = await applyEvent(tx, ctx.config, gateway, provider, event);
    await tx.execute(
      sql`update gateway_events set outcome = ${applied.outcome}, note = ${applied.note},
                 order_id = ${applied.orderId}
           where id = ${stored.id}`,
    );
    return { data: { received: true, duplicate: false, outcome: applied.outcome } };
  });
}

const ignored = (note: string): Applied => ({ outcome: 'ignored', orderId: null, note });

function applyEvent(
  tx: Database,
  config: Config,
  gateway: Gateway,
  provider: GatewayProvider,
  event: GatewayEvent,
): Promise<Applied> | Applied {
  switch (event.kind) {
    case 'payment_succeeded':
      return applyPayment(tx, config, gateway, provider, event);
    case 'account_updated':
      return applyAccount(tx, event);
    case 'chargeback':
      return applyChargeback(tx, config, provider, event);
    case 'other':
      return ignored('Recorded only.');
  }
}

const amountText = (minor: number, currency: string) =>
  `${minor} minor units of ${currency || 'no currency'}`;

/**
 * The buyer paid: checked against the order's amount and currency first. A match pays the
 * sub-orders; a mismatch holds the order for an administrator; a payment for an order that
 * was cancelled meanwhile (it expired first) is refunded whole.
 */
async function applyPayment(
  tx: Database,
  config: Config,
  gateway: Gateway,
  provider: GatewayProvider,
  event: Extract<GatewayEvent, { kind: 'payment_succeeded' }>,
): Promise<Applied> {
  const [order] = event.orderId
    ? await queryRows<{ id: string; number: string; currency: string; total: string }>(
        tx,
        sql`select o.id, o.number, o.currency,
                   (select sum(s.items_total + s.shipping_amount) from sub_orders s
                     where s.order_id = o.id)::text as total
              from orders o
             where o.id = ${event.orderId} and o.provider = ${provider}
               and o.payment_reference = ${event.reference}
             for update`,
      )
    : [];
  if (!order) return ignored('No order of this platform is paid by this checkout.');
  const now = new Date();
  const expected = toMinorUnits(order.total, order.currency);
  if (event.currency !== order.currency || event.amountMinor !== expected) {
    const note = `The gateway took ${amountText(event.amountMinor, event.currency)}; the order is ${amountText(expected, order.currency)}.`;
    await tx.execute(
      sql`update orders set payment_intent = ${event.paymentIntent}, payment_hold = ${note},
                 updated_at = now()
           where id = ${order.id}`,
    );
    await notifyAdminsOfPayment(tx, config, order, {
      title: `Payment of ${order.number} held`,
      body: `${note} The order waits for an administrator.`,
    });
    return { outcome: 'held', orderId: order.id, note };
  }
  await tx.execute(
    sql`update orders set payment_intent = ${event.paymentIntent}, updated_at = now()
         where id = ${order.id}`,
  );
  const paid = await markOrderPaid(tx, config, order.id, { actor: 'gateway', actorId: null, now });
  if (paid.length > 0) return { outcome: 'applied', orderId: order.id, note: null };
  if (!event.paymentIntent)
    return ignored('The order was cancelled and the payment names nothing to refund.');
  await gateway.refund({
    paymentIntent: event.paymentIntent,
    amountMinor: null,
    idempotencyKey: `late-payment-${order.id}`,
  });
  return {
    outcome: 'refunded',
    orderId: order.id,
    note: 'The order had been cancelled before the payment arrived: it was refunded whole.',
  };
}

/** C.2: a seller's connected account changed; their `payout_status` follows it. */
async function applyAccount(
  tx: Database,
  event: Extract<GatewayEvent, { kind: 'account_updated' }>,
): Promise<Applied> {
  const updated = await queryRows<{ id: string }>(
    tx,
    sql`update seller_profiles set payout_status = ${event.status}, updated_at = now()
         where gateway_account_id = ${event.accountId}
        returning id`,
  );
  return updated.length > 0
    ? { outcome: 'applied', orderId: null, note: `Payouts ${event.status}.` }
    : ignored('No seller has this account.');
}

/** G.3: a chargeback is borne by the seller: their payout is reversed, or held if not sent. */
async function applyChargeback(
  tx: Database,
  config: Config,
  provider: GatewayProvider,
  event: Extract<GatewayEvent, { kind: 'chargeback' }>,
): Promise<Applied> {
  const { orderId } = await reversePayoutsOf(tx, config, provider, event.paymentIntent, new Date());
  if (!orderId) return ignored('No order of this platform has this payment.');
  const [order] = await queryRows<{ id: string; number: string }>(
    tx,
    sql`select id, number from orders where id = ${orderId}`,
  );
  const note = `The buyer's bank disputes the payment (${event.reason}): payouts sent are reversed, the others held.`;
  await notifyAdminsOfPayment(tx, config, order!, {
    title: `Chargeback on ${order!.number}`,
    body: note,
  });
  return { outcome: 'applied', orderId, note };
}
