import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { orders, subOrders } from './marketplace-orders';
import { GATEWAY_PROVIDERS } from './payment-gateway-values';
import { sellerProfiles } from './seller-profiles';
import { inList, money } from './tenant';

/*
 * Money moving through the payment gateway (DESIGN-MODULES C.0, C.6, C.7, G.2, G.3): the
 * gateway's webhook events, the transfers that pay sellers out, and the manual driver's
 * monthly commission statements.
 */

/** What became of a webhook event: applied, or why it changed nothing. */
export const GATEWAY_EVENT_OUTCOMES = ['applied', 'ignored', 'held', 'refunded'] as const;
export type GatewayEventOutcome = (typeof GATEWAY_EVENT_OUTCOMES)[number];

/**
 * C.6: each webhook event the gateway signed, stored once per event id: a replay finds its row
 * and changes nothing.
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: id(),
    provider: text('provider', { enum: GATEWAY_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: GATEWAY_EVENT_OUTCOMES }).notNull(),
    /** What the outcome means for the order, for the administrators. */
    note: text('note'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    unique('gateway_events_provider_event_id_key').on(t.provider, t.eventId),
    index('gateway_events_order_idx').on(t.orderId),
    check('gateway_events_provider_check', inList(t.provider, GATEWAY_PROVIDERS)),
    check('gateway_events_outcome_check', inList(t.outcome, GATEWAY_EVENT_OUTCOMES)),
  ],
);

export const PAYOUT_TRANSFER_STATES = ['paid', 'reversed'] as const;

/** C.7: a sub-order's seller paid out through the gateway (a Stripe transfer), or reversed (G.3). */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    subOrderId: uuid('sub_order_id')
      .notNull()
      .unique()
      .references(() => subOrders.id, { onDelete: 'restrict' }),
    sellerProfileId: uuid('seller_profile_id')
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: GATEWAY_PROVIDERS }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYOUT_TRANSFER_STATES }).notNull().default('paid'),
    transferReference: text('transfer_reference').notNull(),
    reversalReference: text('reversal_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
    reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('payouts_seller_idx').on(t.sellerProfileId, t.paidAt.desc()),
    check('payouts_provider_check', inList(t.provider, GATEWAY_PROVIDERS)),
    check('payouts_status_check', inList(t.status, PAYOUT_TRANSFER_STATES)),
    check('payouts_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * C.0, C.7: with the manual driver the buyer pays the seller, so the platform's commission is
 * owed by the seller: each closed month's completed sub-orders add up to one statement.
 */
export const commissionStatements = pgTable(
  'commission_statements',
  {
    id: id(),
    sellerProfileId: uuid('seller_profile_id')
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: 'cascade' }),
    /** The first day of the month the statement covers (UTC). */
    period: date('period', { mode: 'string' }).notNull(),
    subOrders: integer('sub_orders').notNull(),
    salesTotal: money('sales_total').notNull(),
    commissionTotal: money('commission_total').notNull(),
    currency: text('currency').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    unique('commission_statements_seller_period_key').on(t.sellerProfileId, t.period),
    check('commission_statements_period_check', sql`extract(day from ${t.period}) = 1`),
    check(
      'commission_statements_amounts_check',
      sql`${t.subOrders} > 0 and ${t.salesTotal} >= 0 and ${t.commissionTotal} >= 0`,
    ),
  ],
);
