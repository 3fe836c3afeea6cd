/** Formatting shared by the pages: an amount in a currency, and the weekday names by number. */

export function money(amount: number, currency: string) {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
}

export { DAY_NAMES } from '@/server/kernel/fields/day-names';
