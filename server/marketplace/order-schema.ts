import { z } from 'zod';
import { pathId } from '../kernel/fields/params';
import { optionalText } from '../kernel/fields/record-fields';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { fieldMessage } from '../kernel/validation';
import {
  FULFILMENTS,
  ORDER_ACTORS,
  ORDER_STATUSES,
  PAYOUT_STATES,
  SUB_ORDER_STATUSES,
} from '@/db/schema/marketplace-order-values';
import { GATEWAY_PROVIDERS } from '@/db/schema/payment-gateway-values';

/*
 * Marketplace orders (DESIGN-MODULES C.5, C.6): checkout's input, the buyer's orders and the
 * seller's sales. Loads nothing but zod, so that the checkout and order pages validate with
 * the server's rules.
 */

export const ORDERS_PER_PAGE = 20;

const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** Where the order goes: the fields of C.5; region and phone may be left out. */
export const shippingAddressInput = z.object({
  name: requiredText(150),
  street: requiredText(200),
  city: requiredText(100),
  state: optionalText(100),
  postal_code: requiredText(20),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, fieldMessage('field must be an ISO 3166 country code (ES, US).'))
    .transform((value) => value.toUpperCase()),
  phone: optionalText(40),
});

/** POST /orders: checks out the caller's cart. */
export const checkoutInput = z.object({
  shipping_address: shippingAddressInput,
  note: optionalText(1000),
});
export type CheckoutInput = z.infer<typeof checkoutInput>;

export const orderIdInput = z.object({ id: pathId });
export const subOrderPathInput = z.object({ id: pathId, subId: pathId });
export const saleIdInput = z.object({ id: pathId });

export const orderListInput = paginationInput(ORDERS_PER_PAGE);
export const saleListInput = paginationInput(ORDERS_PER_PAGE).extend({
  status: z.enum(SUB_ORDER_STATUSES).optional(),
});
export type SaleListInput = z.infer<typeof saleListInput>;

/** Why a buyer or a seller cancels, or a buyer disputes. */
export const reasonInput = z.object({ reason: requiredText(1000) });

const trackingUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => value === '' || /^https?:\/\//i.test(value),
    fieldMessage('field must be an http or https address.'),
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** POST /sales/{id}/ship and PUT /sales/{id}/tracking. */
export const trackingInput = z.object({
  carrier: requiredText(100),
  tracking_number: optionalText(100),
  tracking_url: trackingUrl,
});
export type TrackingInput = z.infer<typeof trackingInput>;

export const shipInput = saleIdInput.extend(trackingInput.shape);
export const trackingUpdateInput = saleIdInput.extend({
  carrier: trackingInput.shape.carrier,
  tracking_number: requiredText(100),
  tracking_url: trackingUrl,
});

export const DISPUTE_OUTCOMES = ['release', 'refund'] as const;
export const disputeResolveInput = z.object({
  subOrderId: pathId,
  outcome: z.enum(DISPUTE_OUTCOMES),
  note: optionalText(1000),
});

const timestamp = z.string().nullable();

export const shippingAddressSchema = z.object({
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
});

export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const orderItemSchema = z.object({
  id: z.string(),
  /** Null once the listing is deleted; the line keeps what was bought. */
  listing_id: z.string().nullable(),
  title: z.string(),
  unit_price: z.number(),
  quantity: z.number().int(),
  line_total: z.number(),
  shipping: z.number(),
});

export const orderEventSchema = z.object({
  from_status: z.enum(SUB_ORDER_STATUSES).nullable(),
  to_status: z.enum(SUB_ORDER_STATUSES),
  actor: z.enum(ORDER_ACTORS),
  note: z.string().nullable(),
  created_at: z.string(),
});

export const trackingSchema = z.object({
  carrier: z.string(),
  number: z.string().nullable(),
  url: z.string().nullable(),
});

/** A sub-order as its buyer sees it. */
export const subOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(SUB_ORDER_STATUSES),
  fulfilment: z.enum(FULFILMENTS),
  seller: z.object({ id: z.string(), display_name: z.string(), slug: z.string() }),
  items: z.array(orderItemSchema),
  items_total: z.number(),
  shipping_amount: z.number(),
  total: z.number(),
  tracking: trackingSchema.nullable(),
  paid_at: timestamp,
  shipped_at: timestamp,
  delivered_at: timestamp,
  completed_at: timestamp,
  history: z.array(orderEventSchema),
});
export type SubOrder = z.infer<typeof subOrderSchema>;

export const orderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  items_total: z.number(),
  shipping_total: z.number(),
  total: z.number(),
  shipping_address: shippingAddressSchema,
  note: z.string().nullable(),
  provider: z.enum(GATEWAY_PROVIDERS),
  /** The gateway's payment is not the order's amount: an administrator decides (it does not expire). */
  payment_held: z.boolean(),
  paid_at: timestamp,
  expires_at: z.string(),
  created_at: z.string(),
  sub_orders: z.array(subOrderSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** What the driver asks of the buyer to pay (C.5). */
export const paymentSchema = z.object({
  provider: z.enum(GATEWAY_PROVIDERS),
  redirect_url: z.string().nullable(),
  client_secret: z.string().nullable(),
  instructions: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const checkoutAnswer = z.object({
  data: z.object({ order: orderSchema, payment: paymentSchema }),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

export const orderAnswer = z.object({ data: orderSchema });
export const orderPage = paginatedSchema(orderSchema);

/** A sub-order as its seller sees it: the buyer, the address and the seller's money. */
export const saleSchema = subOrderSchema.extend({
  order_id: z.string(),
  order_number: z.string(),
  currency: z.string(),
  buyer: z.object({ name: z.string() }),
  shipping_address: shippingAddressSchema,
  note: z.string().nullable(),
  provider: z.enum(GATEWAY_PROVIDERS),
  commission_amount: z.number(),
  seller_net: z.number(),
  payout_status: z.enum(PAYOUT_STATES),
  payout_due_at: timestamp,
  created_at: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

export const saleAnswer = z.object({ data: saleSchema });
export const salePage = paginatedSchema(saleSchema);

/**
 * An order as the administrators see it: `payment_hold` says why its gateway payment waits for
 * them (the amount or currency was not the order's), null when it does not.
 */
export const heldOrderSchema = orderSchema.extend({
  payment_hold: z.string().nullable(),
  payment_intent: z.string().nullable(),
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type HeldOrder = z.infer<typeof heldOrderSchema>;
export const heldOrderPage = paginatedSchema(heldOrderSchema);

export const HOLD_OUTCOMES = ['accept', 'refund'] as const;
export const holdResolveInput = z.object({
  orderId: pathId,
  outcome: z.enum(HOLD_OUTCOMES),
  note: optionalText(1000),
});
export type HoldResolveInput = z.infer<typeof holdResolveInput>;
