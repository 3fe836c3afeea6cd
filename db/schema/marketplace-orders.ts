import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { users } from './identity';
import { marketplaceCategories, publications } from './marketplace';
import { commissionTiers } from './marketplace-commission';
import {
  FULFILMENTS,
  ORDER_ACTORS,
  PAYOUT_STATES,
  SUB_ORDER_STATUSES,
} from './marketplace-order-values';
import { GATEWAY_PROVIDERS } from './payment-gateway-values';
import { sellerProfiles } from './seller-profiles';
import { inList, money } from './tenant';

export * from './marketplace-order-values';

/*
 * Marketplace orders (DESIGN-MODULES C.5 to C.7): a buyer's checkout is an order with one
 * sub-order per seller, each holding snapshots of its lines; the order's state summarizes
 * its sub-orders' and is computed when read, so it never disagrees with them.
 */

/** The platform's order numbers (`MP-2026-000042`); numbers may skip, they need not be dense. */
export const orderNumberSeq = pgSequence('marketplace_order_number_seq');

/** The delivery address of an order, as the buyer gave it at checkout. */
export type ShippingAddress = {
  name: string;
  street: string;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
  phone: string | null;
};

export const orders = pgTable(
  'orders',
  {
    id: id(),
    number: text('number').notNull().unique(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    note: text('note'),
    provider: text('provider', { enum: GATEWAY_PROVIDERS }).notNull(),
    /** The gateway's checkout (a Stripe Checkout Session), null for the manual driver. */
    paymentReference: text('payment_reference'),
    /** The gateway's captured payment (a Stripe PaymentIntent) that refunds draw on. */
    paymentIntent: text('payment_intent'),
    /**
     * Why the gateway's payment needs an administrator (its amount or currency is not the
     * order's): the order neither expires nor goes on until one decides.
     */
    paymentHold: text('payment_hold'),
    /** Unpaid sub-orders are cancelled at this time and give their stock back (C.5). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    check('orders_provider_check', inList(t.provider, GATEWAY_PROVIDERS)),
  ],
);

export const subOrders = pgTable(
  'sub_orders',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    sellerProfileId: uuid('seller_profile_id')
      .notNull()
      .references(() => sellerProfiles.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SUB_ORDER_STATUSES }).notNull().default('awaiting_payment'),
    fulfilment: text('fulfilment', { enum: FULFILMENTS }).notNull(),
    itemsTotal: money('items_total').notNull(),
    shippingAmount: money('shipping_amount').notNull(),
    commissionAmount: money('commission_amount').notNull(),
    /** Items + shipping − commission (C.7), what the seller receives. */
    sellerNet: money('seller_net').notNull(),
    trackingCarrier: text('tracking_carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** The gateway's refund of this sub-order (a Stripe refund id). */
    refundReference: text('refund_reference'),
    payoutStatus: text('payout_status', { enum: PAYOUT_STATES }).notNull().default('pending'),
    /** When the payout falls due: `payout_delay_days` after completion (C.7). */
    payoutDueAt: timestamp('payout_due_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    unique('sub_orders_order_id_seller_profile_id_key').on(t.orderId, t.sellerProfileId),
    index('sub_orders_seller_idx').on(t.sellerProfileId, t.createdAt.desc(), t.id.desc()),
    index('sub_orders_order_idx').on(t.orderId),
    // The scheduler's two scans: delivered sub-orders to complete, completed ones to pay out.
    index('sub_orders_delivered_idx')
      .on(t.deliveredAt)
      .where(sql`${t.status} = 'delivered'`),
    check('sub_orders_status_check', inList(t.status, SUB_ORDER_STATUSES)),
    check('sub_orders_fulfilment_check', inList(t.fulfilment, FULFILMENTS)),
    check('sub_orders_payout_status_check', inList(t.payoutStatus, PAYOUT_STATES)),
    check(
      'sub_orders_amounts_check',
      sql`${t.itemsTotal} >= 0 and ${t.shippingAmount} >= 0 and ${t.commissionAmount} >= 0
          and ${t.sellerNet} = ${t.itemsTotal} + ${t.shippingAmount} - ${t.commissionAmount}`,
    ),
  ],
);

/** A line of a sub-order: the listing as it was bought, and its commission (C.7). */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    subOrderId: uuid('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'cascade' }),
    /** Null once the listing is deleted; the snapshot stays. */
    publicationId: uuid('publication_id').references(() => publications.id, {
      onDelete: 'set null',
    }),
    categoryId: uuid('category_id').references(() => marketplaceCategories.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    unitPrice: money('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotal: money('line_total').notNull(),
    shipping: money('shipping').notNull(),
    commissionTierId: uuid('commission_tier_id').references(() => commissionTiers.id, {
      onDelete: 'set null',
    }),
    commissionRatePercent: numeric('commission_rate_percent', {
      precision: 5,
      scale: 2,
      mode: 'string',
    }).notNull(),
    commissionFixedFee: money('commission_fixed_fee').notNull(),
    commissionAmount: money('commission_amount').notNull(),
    ...timestamps,
  },
  (t) => [
    index('order_items_sub_order_idx').on(t.subOrderId),
    index('order_items_publication_idx').on(t.publicationId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_line_total_check', sql`${t.lineTotal} = ${t.unitPrice} * ${t.quantity}`),
  ],
);

/** The status history of a sub-order: one row per transition, with who made it and why. */
export const subOrderEvents = pgTable(
  'sub_order_events',
  {
    id: id(),
    subOrderId: uuid('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: SUB_ORDER_STATUSES }),
    toStatus: text('to_status', { enum: SUB_ORDER_STATUSES }).notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sub_order_events_sub_order_idx').on(t.subOrderId, t.createdAt),
    check('sub_order_events_actor_check', inList(t.actor, ORDER_ACTORS)),
  ],
);

/**
 * C.5: a checkout's `Idempotency-Key`, per buyer. The row is written and committed before the
 * checkout runs (a second request meanwhile finds it without an answer: 409); the checkout's
 * answer is stored with it and replayed for 24 hours; a checkout that fails drops its key.
 */
export const checkoutKeys = pgTable(
  'checkout_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the request's body as validated: the same key with another body is a 422. */
    requestHash: text('request_hash').notNull(),
    orderId: uuid('order_id'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    foreignKey({ columns: [t.orderId], foreignColumns: [orders.id] }).onDelete('set null'),
    index('checkout_keys_created_idx').on(t.createdAt),
  ],
);
