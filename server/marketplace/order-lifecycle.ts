import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import {
  DEFAULT_PAYOUT_DELAY_DAYS,
  IDEMPOTENCY_HOURS,
  type OrderActor,
  type SubOrderStatus,
} from '@/db/schema';
import type { Config } from '../kernel/config';
import { conflict, notFound } from '../kernel/errors';
import type { TimedJob } from '../kernel/jobs';
import { isUuid } from '../kernel/validation';
import { payOutDue, refundThroughGateway } from './gateway-money';
import {
  notifyAdminsOfDispute,
  notifyBuyerOfTransition,
  notifySellersOfNewSubOrders,
} from './order-notices';
import type { TrackingInput } from './order-schema';
import type { StepActor } from './order-step';
import { managedBy } from './seller-access';

/*
 * The transitions of a sub-order (DESIGN-MODULES C.6). Each is one guarded UPDATE: the rows
 * are locked and their state tested in the same statement (`for update` re-reads a row a
 * concurrent transition changed), so of two racing transitions one wins and the other finds
 * nothing to change (409). The status history row and the buyer's e-mail go with it.
 */

const at = (when: Date) => sql`${when.toISOString()}::timestamptz`;

/** `s.status` is one of these. */
const statusIn = (...statuses: SubOrderStatus[]) =>
  sql`s.status in (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;

/** Sub-orders `s` of the buyer's orders; of the one order `orderId` when given (a UUID). */
const boughtBy = (userId: string, orderId?: string) =>
  sql`s.order_id in (select o.id from orders o where o.buyer_id = ${userId}
                     ${orderId === undefined ? sql`` : sql`and o.id = ${orderId}`})`;

/** A sub-order of one of the buyer's orders, as the buyer's paths name it. */
export type SubOrderRef = { id: string; subId: string };

/** Sub-orders `s` of a seller profile the user manages. */
const soldBy = (userId: string) =>
  sql`s.seller_profile_id in (select sp.id from seller_profiles sp where ${managedBy(userId)})`;

/** The sub-order of a buyer's path; 404 when either id is not a UUID. */
function buyerSubOrder(ref: SubOrderRef): string {
  if (!isUuid(ref.id) || !isUuid(ref.subId)) throw notFound('Sub-order');
  return ref.subId;
}

/** Delivery may be confirmed of a parcel on its way, or of a pickup being prepared. */
const DELIVERABLE = sql`(s.status = 'shipped'
                         or (s.status = 'processing' and s.fulfilment = 'pickup'))`;

type Change = {
  /** Which sub-orders (`s`) the caller may change, and which of them this concerns. */
  scope: SQL;
  /** The states the transition leaves from. */
  from: SQL;
  to: SubOrderStatus;
  /** More columns to set, over `s`. */
  set?: SQL;
  actor: OrderActor;
  actorId: string | null;
  note?: string | null;
  at: Date;
};

type Changed = { id: string; from_status: SubOrderStatus };

/** Applies a transition to every sub-order in scope and in a `from` state, with its history. */
async function applyChange(tx: Database, change: Change): Promise<Changed[]> {
  return queryRows<Changed>(
    tx,
    sql`with prev as (
          select s.id, s.status from sub_orders s
           where ${change.scope} and ${change.from}
           order by s.id for update),
        changed as (
          update sub_orders s
             set status = ${change.to}, updated_at = ${at(change.at)}
                 ${change.set ? sql`, ${change.set}` : sql``}
            from prev where s.id = prev.id
          returning s.id, prev.status as from_status),
        history as (
          insert into sub_order_events (sub_order_id, from_status, to_status, actor, actor_id,
                                        note, created_at)
          select id, from_status, ${change.to}, ${change.actor}, ${change.actorId}::uuid,
                 ${change.note ?? null}, ${at(change.at)}
            from changed
          returning id)
        select id, from_status from changed`,
  );
}

/** One sub-order's transition, as a route makes it. */
type Step = Omit<Change, 'actorId' | 'at' | 'scope'> & {
  /** Which sub-orders the caller may change (404 for any other). */
  scope: SQL;
  /** What the 404 calls the record; the 409 says it "cannot be <verb>". */
  what: string;
  verb: string;
  /** The buyer's e-mail of C.6 (none for a dispute: the administrators are told instead). */
  tellBuyer?: boolean;
};

/**
 * A transition of one sub-order: 404 when the caller may not see it (or it does not exist),
 * 409 when it is not in a state the transition leaves from; then the buyer's e-mail.
 */
async function transitionOne(
  tx: Database,
  { userId, config, now = new Date() }: Actor,
  id: string,
  step: Step,
): Promise<Changed> {
  if (!isUuid(id)) throw notFound(step.what);
  const scope = sql`s.id = ${id} and ${step.scope}`;
  const [changed] = await applyChange(tx, { ...step, scope, actorId: userId, at: now });
  if (!changed) {
    const [current] = await queryRows<{ status: SubOrderStatus }>(
      tx,
      sql`select s.status from sub_orders s where ${scope}`,
    );
    if (!current) throw notFound(step.what);
    throw conflict(
      `A sub-order that is ${current.status.replace('_', ' ')} cannot be ${step.verb}.`,
    );
  }
  if (step.tellBuyer !== false)
    await notifyBuyerOfTransition(
      tx,
      [id],
      { from: changed.from_status, to: step.to, note: step.note },
      config.appUrl,
    );
  return changed;
}

/** Cancelled or refunded before it was sent: the sub-orders' units go back to their listings. */
async function releaseStock(tx: Database, subOrderIds: readonly string[]): Promise<void> {
  if (subOrderIds.length === 0) return;
  await tx.execute(
    sql`update publications p set quantity = p.quantity + back.units
          from (select i.publication_id, sum(i.quantity)::int as units from order_items i
                 where i.sub_order_id = any(${sql.param([...subOrderIds])}::uuid[])
                   and i.publication_id is not null
                 group by i.publication_id) back
         where p.id = back.publication_id`,
  );
}

/** When a completed sub-order's payout falls due (C.7: `payout_delay_days` later). */
const payoutDue = (when: Date) =>
  sql`payout_due_at = ${at(when)} + make_interval(days => coalesce(
        (select g.payout_delay_days from payment_gateway_settings g),
        ${DEFAULT_PAYOUT_DELAY_DAYS}))`;

/** A completion: now, with the payout due after the delay (C.7) and released from any hold. */
const completion = (when: Date) =>
  sql`completed_at = ${at(when)}, payout_status = 'pending', ${payoutDue(when)}`;

const asSeller = ({ userId }: Actor) =>
  ({ scope: soldBy(userId), actor: 'seller', what: 'Sale' }) as const;

const asBuyer = ({ userId }: Actor, ref: SubOrderRef) =>
  ({ scope: boughtBy(userId, ref.id), actor: 'buyer', what: 'Sub-order' }) as const;

type Actor = StepActor;

/** Seller: POST /sales/{id}/mark-paid, the manual driver's payment (awaiting_payment → paid). */
export async function markPaid(tx: Database, actor: Actor, id: string) {
  const [order] = isUuid(id)
    ? await queryRows<{ provider: string }>(
        tx,
        sql`select o.provider from sub_orders s join orders o on o.id = s.order_id
             where s.id = ${id} and ${soldBy(actor.userId)}`,
      )
    : [];
  if (order && order.provider !== 'manual')
    throw conflict('This order is paid through the payment gateway, not marked paid by hand.');
  await transitionOne(tx, actor, id, {
    ...asSeller(actor),
    from: statusIn('awaiting_payment'),
    to: 'paid',
    set: sql`paid_at = ${at(actor.now ?? new Date())}`,
    verb: 'marked paid',
  });
}

/** Seller: POST /sales/{id}/accept (paid → processing). */
export const acceptSale = (tx: Database, actor: Actor, id: string) =>
  transitionOne(tx, actor, id, {
    ...asSeller(actor),
    from: statusIn('paid'),
    to: 'processing',
    verb: 'accepted',
  });

const trackingColumns = (input: TrackingInput) =>
  sql`tracking_carrier = ${input.carrier}, tracking_number = ${input.tracking_number ?? null},
      tracking_url = ${input.tracking_url ?? null}`;

const trackingNote = (input: TrackingInput) =>
  `${input.carrier} ${input.tracking_number ?? ''}`.trim();

/** Seller: POST /sales/{id}/ship (paid, processing → shipped) of a sub-order that is sent. */
export const shipSale = (tx: Database, actor: Actor, id: string, input: TrackingInput) =>
  transitionOne(tx, actor, id, {
    ...asSeller(actor),
    from: sql`${statusIn('paid', 'processing')} and s.fulfilment = 'shipping'`,
    to: 'shipped',
    set: sql`${trackingColumns(input)}, shipped_at = ${at(actor.now ?? new Date())}`,
    note: trackingNote(input),
    verb: 'shipped (it must be paid, and sent rather than collected)',
  });

/** Seller: PUT /sales/{id}/tracking of a shipped sub-order; the buyer gets tracking-added. */
export const updateTracking = (tx: Database, actor: Actor, id: string, input: TrackingInput) =>
  transitionOne(tx, actor, id, {
    ...asSeller(actor),
    from: statusIn('shipped'),
    to: 'shipped',
    set: trackingColumns(input),
    note: trackingNote(input),
    verb: 'given tracking (only a shipped one can)',
  });

/**
 * Buyer or seller: POST …/delivered (shipped, or processing for a pickup → delivered). The
 * buyer names the sub-order by its order's path, the seller by its own id.
 */
export const markDelivered = (tx: Database, actor: Actor, ref: SubOrderRef | string) =>
  transitionOne(tx, actor, typeof ref === 'string' ? ref : buyerSubOrder(ref), {
    ...(typeof ref === 'string' ? asSeller(actor) : asBuyer(actor, ref)),
    from: DELIVERABLE,
    to: 'delivered',
    set: sql`delivered_at = ${at(actor.now ?? new Date())}`,
    verb: 'marked delivered',
  });

/** Buyer: POST …/confirm (delivered → completed); the payout falls due after the delay. */
export const confirmReceipt = (tx: Database, actor: Actor, ref: SubOrderRef) =>
  transitionOne(tx, actor, buyerSubOrder(ref), {
    ...asBuyer(actor, ref),
    from: statusIn('delivered'),
    to: 'completed',
    set: completion(actor.now ?? new Date()),
    verb: 'confirmed',
  });

/** Buyer: POST …/dispute (shipped, delivered → disputed): the payout is held, admins told. */
export async function openDispute(tx: Database, actor: Actor, ref: SubOrderRef, reason: string) {
  const id = buyerSubOrder(ref);
  await transitionOne(tx, actor, id, {
    ...asBuyer(actor, ref),
    from: statusIn('shipped', 'delivered'),
    to: 'disputed',
    set: sql`payout_status = 'held'`,
    note: reason,
    verb: 'disputed',
    tellBuyer: false,
  });
  await notifyAdminsOfDispute(tx, actor.config, id, reason);
}

/**
 * Seller: POST /sales/{id}/cancel (paid, processing → refunded). The gateway refunds the
 * buyer (with the manual driver the seller pays the buyer back); the units go back to stock.
 */
export async function cancelSale(tx: Database, actor: Actor, id: string, reason: string) {
  await transitionOne(tx, actor, id, {
    ...asSeller(actor),
    from: statusIn('paid', 'processing'),
    to: 'refunded',
    set: sql`payout_status = 'reversed'`,
    note: reason,
    verb: 'cancelled by the seller (only a paid one not yet sent can)',
  });
  await refundThroughGateway(tx, actor.config, [id]);
  await releaseStock(tx, [id]);
}

/**
 * Buyer: POST /orders/{id}/cancel: every sub-order still awaiting payment is cancelled, every
 * paid one refunded; those further on stay. 404 for another's order, 409 when none can be.
 */
export async function cancelOrder(
  tx: Database,
  { userId, config, now = new Date() }: Actor,
  orderId: string,
  reason: string,
) {
  if (!isUuid(orderId)) throw notFound('Order');
  const scope = sql`s.order_id = ${orderId} and ${boughtBy(userId)}`;
  const by = { actor: 'buyer' as const, actorId: userId, note: reason, at: now };
  const cancelled = await cancelUnpaid(tx, scope, by, config.appUrl);
  const refunded = await applyChange(tx, {
    ...by,
    scope,
    from: statusIn('paid'),
    to: 'refunded',
    set: sql`payout_status = 'reversed'`,
  });
  if (cancelled + refunded.length === 0) {
    const [exists] = await queryRows<{ id: string }>(
      tx,
      sql`select o.id from orders o where o.id = ${orderId} and o.buyer_id = ${userId}`,
    );
    if (!exists) throw notFound('Order');
    throw conflict('No part of this order can be cancelled any more: every seller has begun it.');
  }
  if (refunded.length === 0) return;
  const ids = refunded.map((row) => row.id);
  await refundThroughGateway(tx, config, ids);
  await releaseStock(tx, ids);
  await notifyBuyerOfTransition(
    tx,
    ids,
    { from: 'paid', to: 'refunded', note: reason },
    config.appUrl,
  );
}

/**
 * Admin: POST /admin/marketplace/disputes/{id}/resolve: release (completed, the payout falls
 * due) or refund (through the gateway for a gateway order).
 */
export async function resolveDispute(
  tx: Database,
  actor: Actor,
  id: string,
  input: { outcome: 'release' | 'refund'; note?: string | null },
) {
  const release = input.outcome === 'release';
  const changed = await transitionOne(tx, actor, id, {
    scope: sql`true`,
    actor: 'admin',
    what: 'Sub-order',
    from: statusIn('disputed'),
    to: release ? 'completed' : 'refunded',
    set: release ? completion(actor.now ?? new Date()) : sql`payout_status = 'reversed'`,
    note: input.note ?? (release ? 'Released to the seller' : 'Refunded to the buyer'),
    verb: 'resolved (only a disputed one can)',
  });
  if (!release) await refundThroughGateway(tx, actor.config, [id]);
  return changed;
}

/**
 * The gateway's payment of an order arrived (its webhook), or an administrator accepted a held
 * one: the sub-orders awaiting payment are paid; their sellers get suborder-created and the
 * buyer status-updated (C.6). Returns the sub-orders paid (none when the order was cancelled
 * meanwhile).
 */
export async function markOrderPaid(
  tx: Database,
  config: Config,
  orderId: string,
  by: { actor: 'gateway' | 'admin'; actorId: string | null; note?: string; now: Date },
): Promise<string[]> {
  const paid = await applyChange(tx, {
    scope: sql`s.order_id = ${orderId}`,
    from: statusIn('awaiting_payment'),
    to: 'paid',
    set: sql`paid_at = ${at(by.now)}`,
    actor: by.actor,
    actorId: by.actorId,
    note: by.note ?? null,
    at: by.now,
  });
  const ids = paid.map((row) => row.id);
  if (ids.length > 0) {
    await notifySellersOfNewSubOrders(tx, ids, config.appUrl);
    await notifyBuyerOfTransition(tx, ids, { from: 'awaiting_payment', to: 'paid' }, config.appUrl);
  }
  return ids;
}

/**
 * Sub-orders in `scope` still awaiting payment are cancelled (an order that expired, or a held
 * payment an administrator refunded): their units go back to stock and the buyer is told.
 */
export async function cancelUnpaid(
  tx: Database,
  scope: SQL,
  by: { actor: OrderActor; actorId: string | null; note: string; at: Date },
  appUrl: string,
): Promise<number> {
  const cancelled = await applyChange(tx, {
    ...by,
    scope,
    from: statusIn('awaiting_payment'),
    to: 'cancelled',
  });
  const ids = cancelled.map((row) => row.id);
  await releaseStock(tx, ids);
  if (ids.length > 0)
    await notifyBuyerOfTransition(
      tx,
      ids,
      { from: 'awaiting_payment', to: 'cancelled', note: by.note },
      appUrl,
    );
  return ids.length;
}

/**
 * The scheduler (C.5, C.6): unpaid sub-orders of expired orders are cancelled and give their
 * stock back (not an order whose payment an administrator must check); delivered ones
 * complete after `marketplace.auto_complete_days`; completed ones whose payout fell due are
 * paid out: transferred through the gateway, or, with the manual driver, where the buyer paid
 * the seller, only marked. Idempotent: each moves rows out of the state it reads.
 */
export async function runOrderTimers(tx: Database, now: Date, config: Config) {
  const { appUrl } = config;
  const system = { actor: 'system' as const, actorId: null, at: now };
  const expired = await cancelUnpaid(
    tx,
    sql`s.order_id in (select o.id from orders o
                        where o.expires_at <= ${at(now)} and o.payment_hold is null)`,
    { ...system, note: 'The order was not paid in time.' },
    appUrl,
  );
  const completed = await applyChange(tx, {
    ...system,
    scope: sql`s.delivered_at <= ${at(now)} - make_interval(days => coalesce(
                 (select (st.value #>> '{}')::int from settings st
                   where st.key = 'marketplace.auto_complete_days'), 7))`,
    from: statusIn('delivered'),
    to: 'completed',
    set: completion(now),
    note: 'Completed automatically after delivery',
  });
  if (completed.length > 0)
    await notifyBuyerOfTransition(
      tx,
      completed.map((row) => row.id),
      { from: 'delivered', to: 'completed' },
      appUrl,
    );
  const settled = await queryRows<{ id: string }>(
    tx,
    sql`update sub_orders s set payout_status = 'paid', updated_at = ${at(now)}
          from orders o
         where o.id = s.order_id and (o.provider = 'manual' or s.seller_net = 0)
           and s.status = 'completed' and s.payout_status = 'pending'
           and s.payout_due_at <= ${at(now)}
        returning s.id`,
  );
  const transferred = await payOutDue(tx, config, now);
  return {
    expired,
    completed: completed.length,
    paid_out: settled.length + transferred,
  };
}

/** Every five minutes: the order timers, and checkout keys past their 24 hours dropped. */
export const orderTimersJob: TimedJob = {
  name: 'marketplace.order-timers',
  everySeconds: 300,
  run: async (db, now, config) => {
    await db.execute(
      sql`delete from checkout_keys
           where created_at < ${at(now)} - make_interval(hours => ${IDEMPOTENCY_HOURS})`,
    );
    return runOrderTimers(db, now, config);
  },
};
