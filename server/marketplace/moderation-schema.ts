import { z } from 'zod';
import {
  CATEGORY_KINDS,
  LISTING_PRICE_TYPES,
  LISTING_STATUSES,
  MODERATION_ACTIONS,
  MODERATION_QUEUES,
  REPORT_REASONS,
  SALE_MODES,
} from '@/db/schema/marketplace-values';
import { pathId } from '../kernel/fields/params';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { attributeValue, listingImageSchema } from './listing-schema';

/*
 * The administrators' moderation of listings (DESIGN-MODULES E.3, G.10): the queues, one
 * listing with its seller, reports and history, the decisions and their log. Loads only zod.
 */

export const MODERATION_PER_PAGE = 20;

/**
 * `pending` (default): oldest submission first; `reported`: listings with open reports, the
 * oldest report first; `suspended`, `rejected`: the latest decision first.
 */
export const moderationQueueInput = paginationInput(MODERATION_PER_PAGE).extend({
  status: z.enum(MODERATION_QUEUES).default('pending'),
});
export type ModerationQueueInput = z.infer<typeof moderationQueueInput>;

export const moderationLogInput = paginationInput(MODERATION_PER_PAGE).extend({
  /** One listing's decisions only. */
  publication_id: z.uuid().optional(),
});
export type ModerationLogInput = z.infer<typeof moderationLogInput>;

const category = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  kind: z.enum(CATEGORY_KINDS),
});

const seller = z.object({
  id: z.string(),
  display_name: z.string(),
  slug: z.string(),
  verified: z.boolean(),
});

/** A listing in a moderation queue. */
export const moderationItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(LISTING_STATUSES),
  status_reason: z.string().nullable(),
  price: z.number().nullable(),
  price_type: z.enum(LISTING_PRICE_TYPES),
  currency: z.string(),
  category,
  seller,
  /** The first image, if any. */
  image: listingImageSchema.nullable(),
  /**
   * When the listing joined this queue: its submission (the last change that left it
   * pending), its oldest open report, or the last decision (suspended, rejected).
   */
  queued_at: z.string(),
  open_reports: z.number().int(),
  /** The distinct reasons of its open reports. */
  report_reasons: z.array(z.enum(REPORT_REASONS)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationQueuePage = paginatedSchema(moderationItemSchema);

const person = z.object({ id: z.string(), display_name: z.string() });

/** One decision of the log: who did what to which listing, and why. */
export const moderationActionSchema = z.object({
  id: z.string(),
  publication: z.object({ id: z.string(), title: z.string() }),
  /** Null once the administrator's account is gone. */
  admin: person.nullable(),
  action: z.enum(MODERATION_ACTIONS),
  from_status: z.enum(LISTING_STATUSES),
  to_status: z.enum(LISTING_STATUSES),
  reason: z.string().nullable(),
  created_at: z.string(),
});

export type ModerationLogEntry = z.infer<typeof moderationActionSchema>;

export const moderationLogPage = paginatedSchema(moderationActionSchema);

const location = z.object({
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
});

/** GET /admin/moderation/publications/{id}: what an administrator decides on. */
export const moderationDetailSchema = z.object({
  listing: moderationItemSchema.omit({ queued_at: true }).extend({
    description: z.string(),
    sale_mode: z.enum(SALE_MODES),
    quantity: z.number().int(),
    location,
    attributes: z.record(z.string(), attributeValue),
    horse_identity_id: z.string().nullable(),
    /** The state a reinstatement returns a suspended listing to. */
    suspended_from: z.enum(LISTING_STATUSES).nullable(),
    images: z.array(listingImageSchema),
    published_at: z.string().nullable(),
    expires_at: z.string().nullable(),
  }),
  seller: seller.extend({
    /** Whether its owner may sell: an active user or organization. */
    active: z.boolean(),
    location,
    phone: z.string().nullable(),
    contact_email: z.string().nullable(),
    /** A person's own shop, or an organization's. */
    owner: z.object({
      type: z.enum(['user', 'organization']),
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      status: z.string(),
      verified: z.boolean(),
    }),
  }),
  open_reports: z.array(
    z.object({
      id: z.string(),
      reason: z.enum(REPORT_REASONS),
      details: z.string().nullable(),
      reporter: person.nullable(),
      created_at: z.string(),
    }),
  ),
  /** Its decisions, newest first. */
  history: z.array(moderationActionSchema.omit({ publication: true })),
});
export type ModerationDetail = z.infer<typeof moderationDetailSchema>;

export const moderationIdInput = z.object({ id: pathId });

/** Why a listing is rejected or suspended: told to its seller and kept in the log. */
export const moderationReasonInput = moderationIdInput.extend({
  reason: z.string().trim().min(3).max(1000),
});
