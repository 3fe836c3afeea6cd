import { z } from 'zod';
import { pathId } from '../kernel/fields/params';
import { LISTING_STATUSES, SALE_MODES } from '@/db/schema/marketplace-values';
import { listingCardSchema, listingImageSchema, listingSchema } from './listing-schema';

/*
 * The buyer's cart (DESIGN-MODULES C.5): its lines, grouped by seller, with their totals.
 * Loads nothing but zod, so that the cart page validates with the server's rules.
 */

/** Units of one listing a cart line holds at most. */
export const MAX_CART_QUANTITY = 99;

export const cartQuantityField = z.number().int().min(1).max(MAX_CART_QUANTITY);

/** POST /cart/items: adds to the line of the listing when there is one. */
export const cartAddInput = z.object({
  listing_id: z.uuid(),
  quantity: cartQuantityField.default(1),
});

export type CartAddInput = z.infer<typeof cartAddInput>;

export const cartItemIdInput = z.object({ id: pathId });

export const cartUpdateInput = cartItemIdInput.extend({ quantity: cartQuantityField });

/** Why a line cannot be bought now; it stays in the cart and counts in no total. */
export const CART_UNAVAILABLE_REASONS = [
  'not_active',
  'not_buy_now',
  'out_of_stock',
  'insufficient_stock',
  'seller_suspended',
  'own_listing',
] as const;

export type CartUnavailableReason = (typeof CART_UNAVAILABLE_REASONS)[number];

/** What a line shows of its listing. */
export const cartListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number().nullable(),
  sale_mode: z.enum(SALE_MODES),
  status: z.enum(LISTING_STATUSES),
  /** The listing's stock. */
  quantity: z.number().int(),
  /** The first image; null as well when the caller can no longer open the listing. */
  image: listingImageSchema.nullable(),
  shipping: listingSchema.shape.shipping,
});

export const cartItemSchema = z.object({
  id: z.string(),
  listing: cartListingSchema,
  quantity: z.number().int(),
  /** Unit price × quantity; null for a listing without a price. */
  line_total: z.number().nullable(),
  /** A shipping listing's shipping price × quantity; 0 for pickup only or free shipping. */
  shipping: z.number(),
  available: z.boolean(),
  unavailable_reason: z.enum(CART_UNAVAILABLE_REASONS).nullable(),
  created_at: z.string(),
});

export type CartItem = z.infer<typeof cartItemSchema>;

/** The available lines' sums: what the buyer would pay. */
const totals = {
  items_total: z.number(),
  shipping: z.number(),
  total: z.number(),
};

export const cartGroupSchema = z.object({
  seller: listingCardSchema.shape.seller,
  items: z.array(cartItemSchema),
  ...totals,
});

export type CartGroup = z.infer<typeof cartGroupSchema>;

export const cartSchema = z.object({
  groups: z.array(cartGroupSchema),
  /** Units of the available lines. */
  items_count: z.number().int(),
  ...totals,
  /** The marketplace currency (ISO 4217). */
  currency: z.string(),
});

export type Cart = z.infer<typeof cartSchema>;

export const cartAnswer = z.object({ data: cartSchema });

export const cartItemAnswer = z.object({ data: cartItemSchema });
