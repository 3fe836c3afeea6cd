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
