/*
 * The value lists of the marketplace catalogue (DESIGN-MODULES C.1 to C.4, E.3, G.10), apart
 * from the tables so that the browser's pages can import them without loading drizzle.
 */

export const CATEGORY_KINDS = ['horse', 'item', 'service', 'stallion_service'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** The types of a category's attributes: what a listing of it fills in. */
export const ATTRIBUTE_TYPES = ['text', 'integer', 'number', 'boolean', 'select'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** Attributes that horse searches filter on (C.3): a horse category should define them. */
export const HORSE_ATTRIBUTES = [
  'breed',
  'sex',
  'birth_year',
  'height_cm',
  'colour',
  'discipline',
  'level',
] as const;

export const PAYOUT_STATUSES = ['not_connected', 'pending', 'active', 'restricted'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * The states of C.3's table. `removed` is a seller's delete (kept for the moderation log and
 * reports, shown to nobody), `archived` a delete of a listing that has orders.
 */
export const LISTING_STATUSES = [
  'draft',
  'pending',
  'active',
  'paused',
  'sold',
  'expired',
  'rejected',
  'suspended',
  'removed',
  'archived',
] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_PRICE_TYPES = ['fixed', 'negotiable', 'on_request'] as const;
export type ListingPriceType = (typeof LISTING_PRICE_TYPES)[number];

export const SALE_MODES = ['buy_now', 'enquiry'] as const;
export type SaleMode = (typeof SALE_MODES)[number];

export const LISTING_CONDITIONS = ['new', 'used'] as const;

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc'] as const;

/** G.10: why a user reports a listing. */
export const REPORT_REASONS = ['spam', 'fraud', 'prohibited', 'wrong_category', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report is open until a moderation decision on its listing closes it. */
export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const;

/** What an administrator did to a listing (E.3); each is one `moderation_actions` row. */
export const MODERATION_ACTIONS = [
  'approve',
  'reject',
  'suspend',
  'reinstate',
  'dismiss_reports',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The moderation queue's views (E.3, G.10). */
export const MODERATION_QUEUES = ['pending', 'reported', 'suspended', 'rejected'] as const;

/** Images a listing may carry (C.3). */
export const MAX_LISTING_IMAGES = 20;

/** Contact requests a user may send in an hour (C.4). */
export const CONTACTS_PER_HOUR = 10;
