/*
 * The value lists of competition records, apart from the tables so that the browser's forms
 * can import them without loading drizzle.
 */

export const COMPETITION_STATUSES = ['upcoming', 'ongoing', 'completed', 'cancelled'] as const;
export const ENTRY_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
export const COMPETITION_PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export const COMPETITION_PAYMENT_METHODS = ['cash', 'transfer', 'card'] as const;
export const FEE_CONCEPTS = [
  'inscription',
  'school_fee',
  'stable',
  'rental',
  'equipment',
  'transport',
  'other',
] as const;
export const FEE_APPLIES_TO = ['entry', 'student', 'horse'] as const;
/** In order of position: blue is 1st ... brown 8th; participation has no position. */
export const RIBBONS = [
  'blue',
  'red',
  'yellow',
  'white',
  'pink',
  'green',
  'purple',
  'brown',
  'participation',
] as const;
