import { z } from 'zod';
import {
  LISTING_CONDITIONS,
  LISTING_SORTS,
  LISTING_STATUSES,
  MAX_LISTING_IMAGES,
  LISTING_PRICE_TYPES,
  SALE_MODES,
  CATEGORY_KINDS,
} from '@/db/schema/marketplace-values';
import { SERVICE_DELIVERIES, SERVICE_METHODS } from '@/db/schema/stud-breeding-values';
import { pedigreeNodeSchema } from '../pedigree/identity-schema';
import { moneyField, optionalText } from '../kernel/fields/record-fields';
import { pathId } from '../kernel/fields/params';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { fieldMessage } from '../kernel/validation';

/*
 * A listing's shapes (DESIGN-MODULES C.3), written once: the routers' inputs and outputs and
 * the web app's forms. Loads nothing but zod.
 */

export const LISTINGS_PER_PAGE = 24;

export const listingIdInput = z.object({ id: pathId });

/** Where a listing or a seller is: a city, a state or region, an ISO 3166 country code. */
export const locationInput = z.object({
  city: optionalText(100),
  state: optionalText(100),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, fieldMessage('field must be an ISO 3166 country code (ES, US).'))
    .transform((value) => value.toUpperCase())
    .nullable()
    .optional(),
});

const shippingFields = z.object({
  ships: z.boolean().optional(),
  /** Null or absent: shipping is free (or not offered). */
  price: moneyField.nullable().optional(),
  pickup: z.boolean().optional(),
});

/** An attribute's value as a listing sends it; checked against the category's definition. */
export const attributeValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

/** Every field a seller writes, none defaulted (PUT sends some, POST adds its defaults). */
const listingFieldsBase = z.object({
  /** An active category (422 otherwise); its kind sets the listing's. */
  category_id: z.uuid(),
  title: z.string().trim().min(3).max(120),
  description: z.string().trim().max(10_000),
  /** Required unless `price_type` is `on_request`. */
  price: moneyField.nullable(),
  price_type: z.enum(LISTING_PRICE_TYPES),
  /** Default: enquiry for horses and stallion services, buy_now for the rest. */
  sale_mode: z.enum(SALE_MODES),
  quantity: z.number().int().min(0).max(100_000),
  condition: z.enum(LISTING_CONDITIONS).nullable(),
  location: locationInput,
  shipping: shippingFields,
  /** Checked against the category's attributes: 422 on `attributes.<name>`. */
  attributes: z.record(z.string().max(60), attributeValue),
  /** A horse identity of the platform: the listing shows its pedigree. */
  horse_identity_id: z.uuid().nullable(),
  /** Stallion services (stud services) the listing offers; for stallion-service listings. */
  service_ids: z.array(z.uuid()).max(20),
});

export const listingCreateInput = listingFieldsBase
  .partial()
  .required({ category_id: true, title: true })
  .extend({
    /** A seller profile the caller manages; default: their personal one. */
    seller_profile_id: z.uuid().optional(),
    quantity: z.number().int().min(1).max(100_000).optional(),
  });

/**
 * PUT: the fields given. An active listing's title, description, category, attributes or
 * images going through a PUT return it to `pending`; price, quantity and shipping keep it
 * active. `image_ids` orders (and may drop) the listing's images.
 */
export const listingUpdateInput = listingFieldsBase.partial().extend({
  image_ids: z.array(z.uuid()).max(MAX_LISTING_IMAGES).optional(),
});

export type ListingCreate = z.infer<typeof listingCreateInput>;
export type ListingUpdate = z.infer<typeof listingUpdateInput>;

/** A stated reason (reject, suspend): 3 to 1,000 characters. */
export const reasonInput = z.object({ reason: z.string().trim().min(3).max(1000) });

/** GET /api/marketplace/listings: the search (C.3). */
export const listingSearchInput = paginationInput(LISTINGS_PER_PAGE).extend({
  /** Full text over title, breed, discipline and description; accents and case ignored. */
  q: z.string().trim().max(200).optional(),
  /** A category and its children. */
  category_id: z.uuid().optional(),
  kind: z.enum(CATEGORY_KINDS).optional(),
  min_price: z.coerce.number().min(0).optional(),
  max_price: z.coerce.number().min(0).optional(),
  state: z.string().trim().max(100).optional(),
  city: z.string().trim().max(100).optional(),
  /** A seller profile's id. */
  seller_id: z.uuid().optional(),
  sale_mode: z.enum(SALE_MODES).optional(),
  breed: z.string().trim().max(100).optional(),
  sex: z.string().trim().max(20).optional(),
  min_age: z.coerce.number().int().min(0).max(60).optional(),
  max_age: z.coerce.number().int().min(0).max(60).optional(),
  min_height: z.coerce.number().int().min(50).max(250).optional(),
  max_height: z.coerce.number().int().min(50).max(250).optional(),
  discipline: z.string().trim().max(100).optional(),
  sort: z.enum(LISTING_SORTS).default('newest'),
});
export type ListingSearch = z.infer<typeof listingSearchInput>;

export const myListingsInput = paginationInput(LISTINGS_PER_PAGE).extend({
  status: z.enum(LISTING_STATUSES).optional(),
  /** One of the caller's seller profiles (default: all of them). */
  seller_profile_id: z.uuid().optional(),
});

const sellerSummary = z.object({
  id: z.string(),
  display_name: z.string(),
  slug: z.string(),
  verified: z.boolean(),
});

const categorySummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  kind: z.enum(CATEGORY_KINDS),
});

export const locationSchema = z.object({
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
});

export const listingImageSchema = z.object({
  id: z.string(),
  /** The content route under the listing: whoever sees the listing sees its images. */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  caption: z.string().nullable(),
});

/** A listing in a list (search, favourites, mine, a seller's page): one statement per page. */
export const listingCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number().nullable(),
  price_type: z.enum(LISTING_PRICE_TYPES),
  sale_mode: z.enum(SALE_MODES),
  /** The marketplace currency (ISO 4217). */
  currency: z.string(),
  quantity: z.number().int(),
  status: z.enum(LISTING_STATUSES),
  category: categorySummary,
  seller: sellerSummary,
  location: locationSchema,
  attributes: z.record(z.string(), attributeValue),
  /** The first image, if any. */
  image: listingImageSchema.nullable(),
  images_count: z.number().int(),
  published_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  favourites_count: z.number().int(),
  is_favourite: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

export const listingPage = paginatedSchema(listingCardSchema);

/** GET /listings/{id}: the whole listing. */
export const listingSchema = listingCardSchema.extend({
  description: z.string(),
  condition: z.enum(LISTING_CONDITIONS).nullable(),
  shipping: z.object({ ships: z.boolean(), price: z.number().nullable(), pickup: z.boolean() }),
  category: categorySummary.extend({ parent_id: z.string().nullable() }),
  seller: sellerSummary.extend({ location: locationSchema, phone: z.string().nullable() }),
  horse_identity_id: z.string().nullable(),
  /** The horse identity with three generations of its pedigree. */
  horse: pedigreeNodeSchema.nullable(),
  service_ids: z.array(z.string()),
  /** The stud's offers among `service_ids` that are still public and active (C.9). */
  services: z.array(
    z.object({
      id: z.string(),
      stallion: z.object({ id: z.string(), name: z.string() }),
      season: z.string(),
      method: z.enum(SERVICE_METHODS),
      delivery: z.enum(SERVICE_DELIVERIES),
      stud_fee: z.number(),
      booking_fee: z.number(),
    }),
  ),
  images: z.array(listingImageSchema),
  status_reason: z.string().nullable(),
  /** The caller manages this listing (its seller's owner, or a manager of the organization). */
  is_mine: z.boolean(),
});
export type Listing = z.infer<typeof listingSchema>;
