import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { GatewayProvider } from '@/db/schema/payment-gateway-values';
import type { Config } from '../kernel/config';
import { AppError } from '../kernel/errors';
import { logger } from '../kernel/log';
import { appEncryptionKey } from '../kernel/secrets';
import { paymentDriver } from './payment-driver-for';
import { toMinorUnits, type Gateway } from './payment-drivers';

/*
 * Money through the gateway (DESIGN-MODULES C.6, C.7, G.3): refunds of sub-orders, the sellers'
 * payouts by transfer, and their reversal on a chargeback. Each gateway call carries an
 * idempotency key named after the sub-order, so a retry after a failure (ours or the
 * gateway's) cannot move the money twice. Orders of the manual driver move no money here.
 */

const at = (when: Date) => sql`${when.toISOString()}::timestamptz`;

async function gatewayOf(
  tx: Database,
  config: Config,
  provider: GatewayProvider,
): Promise<Gateway> {
  const driver = await paymentDriver(tx, appEncryptionKey(config.auth.secret), provider);
  return driver.gateway!;
}

/**
 * Refunds, through the gateway their order was paid with, the buyer's payment for sub-orders
 * just moved to `refunded`. A failure rolls the transition back (503): the sub-order stays as
 * it was and the request may be repeated.
 */
export async function refundThroughGateway(
  tx: Database,
  config: Config,
  subOrderIds: readonly string[],
): Promise<void> {
  if (subOrderIds.length === 0) return;
  const rows = await queryRows<{
    id: string;
    provider: GatewayProvider;
    payment_intent: string | null;
    currency: string;
    amount: string;
  }>(
    tx,
    sql`select s.id, o.provider, o.payment_intent, o.currency,
               (s.items_total + s.shipping_amount)::text as amount
          from sub_orders s join orders o on o.id = s.order_id
         where s.id = any(${sql.param([...subOrderIds])}::uuid[]) and o.provider <> 'manual'
         order by s.id`,
  );
  if (rows.length === 0) return;
  const gateway = await gatewayOf(tx, config, rows[0]!.provider);
  const refunds: string[] = [];
  for (const row of rows) {
    if (!row.payment_intent)
      throw new AppError('CONFLICT', 'The gateway has not confirmed this payment yet.');
    refunds.push(
      await gateway.refund({
        paymentIntent: row.payment_intent,
        amountMinor: toMinorUnits(row.amount, row.currency),
        idempotencyKey: `refund-${row.id}`,
      }),
    );
  }
  await tx.execute(
    sql`update sub_orders s set refund_reference = r.reference
          from unnest(${sql.param(rows.map((row) => row.id))}::uuid[],
                      ${sql.param(refunds)}::text[]) as r(id, reference)
         where s.id = r.id`,
  );
}

/** How many payouts one tick sends at most; the rest wait for the next one. */
const PAYOUTS_PER_TICK = 100;

/**
 * C.7: completed sub-orders of gateway orders whose payout fell due are transferred to their
 * sellers' connected accounts. A seller whose account is not active yet waits (the payout
 * stays pending); a transfer the gateway refuses is logged and tried again next tick.
 */
export async function payOutDue(tx: Database, config: Config, now: Date): Promise<number> {
  const due = await queryRows<{
    id: string;
    seller_profile_id: string;
    provider: GatewayProvider;
    number: string;
    currency: string;
    amount: string;
    account_id: string;
  }>(
    tx,
    sql`select s.id, s.seller_profile_id, o.provider, o.number, o.currency,
               s.seller_net::text as amount, sp.gateway_account_id as account_id
          from sub_orders s
          join orders o on o.id = s.order_id
          join seller_profiles sp on sp.id = s.seller_profile_id
         where s.status = 'completed' and s.payout_status = 'pending'
           and s.payout_due_at <= ${at(now)} and o.provider <> 'manual' and s.seller_net > 0
           and sp.payout_status = 'active' and sp.gateway_account_id is not null
         order by s.payout_due_at, s.id
         limit ${PAYOUTS_PER_TICK}
         for update of s skip locked`,
  );
  if (due.length === 0) return 0;
  let gateway: Gateway;
  try {
    gateway = await gatewayOf(tx, config, due[0]!.provider);
  } catch (error) {
    logger.warn({ err: error }, 'payouts wait: the payment gateway is not available');
    return 0;
  }
  const paid: { row: (typeof due)[number]; transfer: string }[] = [];
  for (const row of due) {
    try {
      const transfer = await gateway.payOut({
        accountId: row.account_id,
        amountMinor: toMinorUnits(row.amount, row.currency),
        currency: row.currency,
        transferGroup: row.number,
        idempotencyKey: `payout-${row.id}`,
      });
      paid.push({ row, transfer });
    } catch (error) {
      logger.warn({ err: error, sub_order_id: row.id }, 'payout failed; retried next tick');
    }
  }
  if (paid.length === 0) return 0;
  const column = <K extends keyof (typeof due)[number]>(key: K) =>
    sql.param(paid.map(({ row }) => row[key]));
  // Amounts travel as text: the PostgreSQL driver has no encoder for `numeric[]` parameters.
  await tx.execute(
    sql`with sent as (
          select * from unnest(${column('id')}::uuid[], ${column('seller_profile_id')}::uuid[],
                               ${column('provider')}::text[], ${column('amount')}::text[],
                               ${column('currency')}::text[],
                               ${sql.param(paid.map((p) => p.transfer))}::text[])
                   as t(sub_order_id, seller_profile_id, provider, amount, currency, transfer)),
        rows as (
          insert into payouts (sub_order_id, seller_profile_id, provider, amount, currency,
                               transfer_reference, paid_at)
          select sub_order_id, seller_profile_id, provider, amount::numeric, currency, transfer,
                 ${at(now)} from sent
          returning sub_order_id)
        update sub_orders s set payout_status = 'paid', updated_at = ${at(now)}
          from rows where s.id = rows.sub_order_id`,
  );
  return paid.length;
}

/**
 * G.3: a chargeback is borne by the seller. Of the order paid with `paymentIntent`, payouts
 * already sent are reversed, pending ones held. Returns the order and its sub-orders touched.
 */
export async function reversePayoutsOf(
  tx: Database,
  config: Config,
  provider: GatewayProvider,
  paymentIntent: string,
  now: Date,
): Promise<{ orderId: string | null; subOrderIds: string[] }> {
  const rows = await queryRows<{
    order_id: string;
    id: string;
    payout_status: string;
    transfer_reference: string | null;
  }>(
    tx,
    sql`select s.order_id, s.id, s.payout_status, p.transfer_reference
          from sub_orders s
          join orders o on o.id = s.order_id
          left join payouts p on p.sub_order_id = s.id and p.status = 'paid'
         where o.provider = ${provider} and o.payment_intent = ${paymentIntent}
         order by s.id
         for update of s`,
  );
  if (rows.length === 0) return { orderId: null, subOrderIds: [] };
  const sent = rows.filter((row) => row.transfer_reference !== null);
  const reversals: string[] = [];
  if (sent.length > 0) {
    const gateway = await gatewayOf(tx, config, provider);
    for (const row of sent)
      reversals.push(
        await gateway.reversePayout({
          transferReference: row.transfer_reference!,
          idempotencyKey: `reversal-${row.id}`,
        }),
      );
  }
  await tx.execute(
    sql`with reversed as (
          update payouts p set status = 'reversed', reversal_reference = r.reference,
                 reversed_at = ${at(now)}, updated_at = ${at(now)}
            from unnest(${sql.param(sent.map((row) => row.id))}::uuid[],
                        ${sql.param(reversals)}::text[]) as r(id, reference)
           where p.sub_order_id = r.id
          returning p.sub_order_id)
        update sub_orders s
           set payout_status = case when s.id in (select sub_order_id from reversed)
                                    then 'reversed' else 'held' end,
               updated_at = ${at(now)}
         where s.id = any(${sql.param(rows.map((row) => row.id))}::uuid[])
           and s.payout_status in ('pending', 'paid')`,
  );
  return { orderId: rows[0]!.order_id, subOrderIds: rows.map((row) => row.id) };
}
