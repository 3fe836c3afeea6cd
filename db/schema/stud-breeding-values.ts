/*
 * The value lists of a stud's breeding services and semen stock (DESIGN-MODULES B.2), apart
 * from the tables so that forms import them without loading drizzle.
 */

export const SERVICE_METHODS = ['natural_cover', 'fresh_semen', 'frozen_semen'] as const;
/** Natural cover is on site only. */
export const SERVICE_DELIVERIES = ['on_site', 'shipped'] as const;
export const SERVICE_GUARANTEES = ['none', 'positive_pregnancy', 'live_foal'] as const;
/** When the balance of the stud fee (after the booking fee) falls due; `fixed_date` names it. */
export const BALANCE_DUE_ON = [
  'confirmation',
  'pregnancy_confirmed',
  'live_foal',
  'fixed_date',
] as const;

/** The day after the breeding on which a pregnancy counts as confirmed (B.2), unless given. */
export const DEFAULT_CONFIRMATION_DAY = 45;

/*
 * The breeding season (B.3 to B.6): reservations, breeding events, shipments, pregnancies and
 * their checks, births.
 */

export const RESERVATION_STATUSES = [
  'requested',
  'confirmed',
  'in_progress',
  'pregnant',
  'completed',
  'failed',
  'rejected',
  'cancelled',
] as const;
/** A mare has at most one reservation in these per season (partial unique index). */
export const OPEN_RESERVATION_STATUSES = [
  'requested',
  'confirmed',
  'in_progress',
  'pregnant',
] as const;
/** What a stallion's `book_limit` counts (B.3: confirmed to completed). */
export const BOOKED_RESERVATION_STATUSES = [
  'confirmed',
  'in_progress',
  'pregnant',
  'completed',
] as const;
export const RESERVATION_SOURCES = ['staff', 'owner_request'] as const;
/** `live_foal` closes a completed reservation; the others a failed one. */
export const RESERVATION_OUTCOMES = [
  'live_foal',
  'no_pregnancy',
  'pregnancy_lost',
  'foal_lost',
] as const;

export const BREEDING_KINDS = ['natural_cover', 'insemination'] as const;
/** The semen of an insemination; a natural cover has none. */
export const SEMEN_KINDS = ['fresh', 'chilled', 'frozen'] as const;

export const SHIPMENT_TYPES = ['chilled', 'frozen'] as const;
/** In order; `cancelled` only before `shipped`. */
export const SHIPMENT_STATUSES = [
  'requested',
  'prepared',
  'shipped',
  'delivered',
  'returned',
  'cancelled',
] as const;

export const PREGNANCY_STATUSES = [
  'checking',
  'confirmed',
  'not_pregnant',
  'lost',
  'foaled',
] as const;
/** A mare has at most one pregnancy in these (partial unique index). */
export const OPEN_PREGNANCY_STATUSES = ['checking', 'confirmed'] as const;
export const FETAL_SEXES = ['male', 'female'] as const;
export const CHECK_METHODS = ['ultrasound', 'palpation', 'blood_test'] as const;
export const CHECK_RESULTS = ['positive', 'negative', 'twins', 'inconclusive'] as const;
export const CHECK_REPORTERS = ['stud', 'owner_vet'] as const;
/** A suggested check is done by a check recorded within this many days of it (B.5). */
export const CHECK_TOLERANCE_DAYS = 3;
/** The foaling window around the due date: base + 320 to base + 370 (B.5). */
export const DUE_WINDOW_DAYS = [320, 370] as const;
/** The foaling watch starts on this day of the pregnancy (B.5). */
export const FOALING_WATCH_DAY = 320;

export const BIRTH_OUTCOMES = ['live', 'stillborn', 'aborted'] as const;
export const FOAL_SEXES = ['male', 'female'] as const;

/* Contracts and e-signing (B.7). */
export const CONTRACT_KINDS = ['breeding', 'boarding', 'sale', 'other'] as const;
export const CONTRACT_STATUSES = [
  'draft',
  'sent',
  'partially_signed',
  'signed',
  'declined',
  'expired',
  'voided',
] as const;
/** A signer's link works in these (rule 2). */
export const SIGNING_CONTRACT_STATUSES = ['sent', 'partially_signed'] as const;
export const SIGNER_ROLES = ['client', 'stud'] as const;
export const SIGNER_STATUSES = ['pending', 'viewed', 'signed', 'declined'] as const;
export const CONTRACT_EVENT_TYPES = [
  'created',
  'sent',
  'viewed',
  'consented',
  'signed',
  'declined',
  'reminded',
  'voided',
  'expired',
  'completed',
] as const;
/** At most this many signers (B.7). */
export const MAX_SIGNERS = 4;
/** A sent contract's link lasts this long unless `expires_at` says (B.7). */
export const DEFAULT_SIGNING_DAYS = 30;
/** The signed PDF stays downloadable through a signer's link this long after completion. */
export const SIGNED_DOWNLOAD_DAYS = 90;
