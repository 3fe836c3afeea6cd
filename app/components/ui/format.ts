/** Formatting shared by the pages: an amount in a currency, and the weekday names by number. */

export function money(amount: number, currency: string) {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
}

/** Indexed by `day_of_week` (0 = Sunday), as the schedule stores it. */
export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
