import { z } from 'zod';
import { PAYOUT_STATUSES } from '@/db/schema/marketplace-values';
import { pathId } from '../kernel/fields/params';
import { optionalEmail, optionalText } from '../kernel/fields/record-fields';
import { fieldMessage } from '../kernel/validation';
import { slugField } from './category-schema';
import { listingCardSchema, locationInput, locationSchema } from './listing-schema';

/*
 * Seller profiles (DESIGN-MODULES C.2): a user's or an organization's shop window, the form
 * its managers fill in and the page buyers see. Loads nothing but zod.
 */

export const sellerProfileIdInput = z.object({ id: pathId });

const phoneField = z
  .string()
  .trim()
  .max(40)
  .regex(/^(\+?[0-9 ().-]{4,40})?$/, fieldMessage('field must be a phone number.'))
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** What a profile's managers write; all optional (PUT sends some). */
const profileFields = z.object({
  /** Default: the user's or the organization's name. */
  display_name: z.string().trim().min(1).max(120),
  bio: optionalText(2000),
  /** The keys given change; `country` is ISO 3166-1 alpha-2. */
  location: locationInput,
  phone: phoneField,
  /** Buyers see the phone only when true. */
  phone_visible: z.boolean(),
  /** Where buyers' messages go; null: the owner's address. */
  contact_email: optionalEmail,
});

export const sellerProfileCreateFields = profileFields.partial().extend({
  /** An organization where you are an owner or manager (403 otherwise); absent: your own. */
  organization_id: z.uuid().optional(),
});

export type SellerProfileCreateFields = z.infer<typeof sellerProfileCreateFields>;

export const sellerProfileUpdateFields = profileFields.partial().extend({
  /** Unique (422). */
  slug: slugField.optional(),
  /** An image among the profile's media (422 otherwise); null removes the avatar. */
  avatar_media_id: z.uuid().nullable().optional(),
});

export type SellerProfileUpdateFields = z.infer<typeof sellerProfileUpdateFields>;

const ownerSchema = z.object({
  type: z.enum(['user', 'organization']),
  id: z.string(),
  name: z.string(),
});

const statsSchema = z.object({
  active_listings: z.number(),
  sold_listings: z.number(),
  /** When the owner joined the platform (the user's account, the organization's creation). */
  member_since: z.string(),
});

/** A profile as its managers see it. */
export const sellerProfileSchema = z.object({
  id: z.string(),
  owner: ownerSchema,
  display_name: z.string(),
  slug: z.string(),
  bio: z.string().nullable(),
  location: locationSchema,
  phone: z.string().nullable(),
  phone_visible: z.boolean(),
  /** Null: messages go to the owner's address. */
  contact_email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** A verified organization, or a user an administrator vouched for. */
  verified: z.boolean(),
  payout_status: z.enum(PAYOUT_STATUSES),
  /**
   * The marketplace takes payments through a gateway, so the profile's payouts must be
   * connected (`POST …/payout-onboarding`); false with the manual driver.
   */
  payouts_by_gateway: z.boolean(),
  stats: statsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});

export type SellerProfile = z.infer<typeof sellerProfileSchema>;

/** A profile as buyers see it: no contact e-mail, the phone only when its managers show it. */
export const publicSellerSchema = sellerProfileSchema
  .pick({
    id: true,
    owner: true,
    display_name: true,
    slug: true,
    bio: true,
    location: true,
    phone: true,
    avatar_url: true,
    verified: true,
    stats: true,
    created_at: true,
  })
  .extend({
    /** The 24 newest active listings. */
    listings: z.array(listingCardSchema),
    listings_total: z.number(),
  });

export type PublicSeller = z.infer<typeof publicSellerSchema>;

export const SELLER_LISTINGS_SHOWN = 24;
