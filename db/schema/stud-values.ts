/*
 * The value lists of a stud's herd and CRM (DESIGN-MODULES B.1, B.8), apart from the tables so
 * that forms import them without loading drizzle.
 */

export const STUD_HORSE_OWNERSHIPS = ['own', 'client', 'leased'] as const;
export const STUD_HORSE_STATUSES = ['active', 'retired', 'sold', 'departed', 'deceased'] as const;
/** Derived from the identity: a foal under one year, else by sex and gelding. */
export const STUD_HORSE_ROLES = ['foal', 'stallion', 'gelding', 'mare'] as const;
/** Derived for mares from the stud's records (docs/studs.md). */
export const REPRODUCTIVE_STATUSES = ['maiden', 'in_foal', 'foaled', 'barren'] as const;

export const MEDICAL_RECORD_TYPES = [
  'vaccination',
  'deworming',
  'farrier',
  'dental',
  'vet_visit',
  'treatment',
  'reproductive_exam',
  'lab_test',
  'injury',
  'other',
] as const;

export const CLIENT_STAGES = ['prospect', 'client', 'inactive'] as const;
export const CLIENT_KINDS = ['person', 'company'] as const;
export const CLIENT_SOURCES = ['web', 'marketplace', 'referral', 'event', 'other'] as const;
export const PIPELINE_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;

export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export const TASK_STATUSES = ['open', 'done', 'cancelled'] as const;
export const TASK_SOURCES = [
  'manual',
  'pregnancy_check',
  'foaling',
  'medical',
  'contract',
] as const;

/** The stud's settings before it saves its own (B.1). */
export const DEFAULT_GESTATION_DAYS = 340;
export const DEFAULT_CHECK_DAYS = [15, 28, 45, 60] as const;
