/**
 * Formatting shared by the pages, so that every page speaks the same way: an amount in a
 * currency, a calendar date, a stored value as words, and the weekday names by number.
 */

export function money(amount: number, currency: string) {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date (`YYYY-MM-DD`, already the school's day) as `27 Nov 2026`. Read at noon UTC
 * and printed in UTC, so that no time zone moves it to the day before.
 */
export function formatDate(date: string) {
  return DATE.format(new Date(`${date.slice(0, 10)}T12:00:00Z`));
}

/** A stored value as words: `mobile_wallet` → `Mobile wallet`, `owner` → `Owner`. */
export function humanize(value: string) {
  const words = value.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A count with its noun: `1 student`, `3 students` (English plurals by `s` unless given). */
export function plural(count: number, noun: string, nouns = `${noun}s`) {
  return `${count} ${count === 1 ? noun : nouns}`;
}

export { DAY_NAMES } from '@/server/kernel/fields/day-names';
