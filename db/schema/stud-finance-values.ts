/*
 * The value lists of a stud's money (DESIGN-MODULES B.9), apart from the tables so that forms
 * import them without loading drizzle.
 */

export const RECEIVABLE_KINDS = [
  'booking_fee',
  'stud_fee_balance',
  'extra_doses',
  'shipping',
  'boarding',
  'veterinary',
  'horse_sale',
  'other',
] as const;
/** `overdue` is not stored: an open receivable whose due date has passed (DESIGN 6). */
export const RECEIVABLE_STATUSES = ['pending', 'partially_paid', 'paid', 'cancelled'] as const;
/** What may still be paid. */
export const OPEN_RECEIVABLE_STATUSES = ['pending', 'partially_paid'] as const;
/** `auto`: written by a contract term (B.3, B.4); `manual`: by a person. */
export const RECEIVABLE_SOURCES = ['auto', 'manual'] as const;
/** Written once per reservation (B.9). */
export const RESERVATION_RECEIVABLE_KINDS = ['booking_fee', 'stud_fee_balance'] as const;
/** Written once per shipment (B.9). */
export const SHIPMENT_RECEIVABLE_KINDS = ['extra_doses', 'shipping'] as const;

export const STUD_PAYMENT_STATUSES = ['recorded', 'voided'] as const;

export const INCOME_CATEGORIES = [
  'stud_fees',
  'semen',
  'boarding',
  'horse_sales',
  'prize_money',
  'other',
] as const;

/** The income category a payment of a receivable of each kind is booked under. */
export const INCOME_CATEGORY_OF_KIND = {
  booking_fee: 'stud_fees',
  stud_fee_balance: 'stud_fees',
  extra_doses: 'semen',
  shipping: 'semen',
  boarding: 'boarding',
  veterinary: 'other',
  horse_sale: 'horse_sales',
  other: 'other',
} as const satisfies Record<(typeof RECEIVABLE_KINDS)[number], (typeof INCOME_CATEGORIES)[number]>;

export const EXPENSE_CATEGORIES = [
  'feed',
  'bedding',
  'veterinary',
  'farrier',
  'semen_processing',
  'transport',
  'staff',
  'facilities',
  'insurance',
  'marketing',
  'other',
] as const;

/** Ageing buckets of open receivables by days past due (B.10). */
export const AGEING_BUCKETS = [
  'current',
  'days_1_30',
  'days_31_60',
  'days_61_90',
  'over_90',
] as const;
