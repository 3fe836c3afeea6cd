/*
 * The value lists of marketplace orders (DESIGN-MODULES C.5 to C.7), apart from the tables so
 * that the browser's pages can import them without loading drizzle.
 */

/** An order's state, summarizing its sub-orders' (C.6). */
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A sub-order's state: the transition table of C.6. */
export const SUB_ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'refunded',
  'disputed',
] as const;
export type SubOrderStatus = (typeof SUB_ORDER_STATUSES)[number];

/** How the pages and the status-updated e-mail name each state. */
export const SUB_ORDER_STATUS_LABELS: Record<SubOrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Being prepared',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

/** How the seller hands the items over: sent, or collected (a line whose listing does not ship). */
export const FULFILMENTS = ['shipping', 'pickup'] as const;

/** The seller's money of a sub-order (C.6, C.7). */
export const PAYOUT_STATES = ['pending', 'held', 'paid', 'reversed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** Who made a transition, in the status history. */
export const ORDER_ACTORS = ['buyer', 'seller', 'admin', 'system', 'gateway'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** How long a manual checkout waits for its payment before it expires (C.5). */
export const MANUAL_PAYMENT_DAYS = 7;

/** How long an `Idempotency-Key` of a checkout answers with its first answer (C.5). */
export const IDEMPOTENCY_HOURS = 24;
