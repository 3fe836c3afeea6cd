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

/**
 * An instant (ISO 8601) as `27 Nov 2026, 14:05` in `timeZone` (the school's or stud's; the
 * browser's when not given).
 */
export function formatDateTime(instant: string, timeZone?: string) {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(instant));
}

/**
 * A stored value as words: `mobile_wallet` → `Mobile wallet`, `owner` → `Owner`; inside a
 * sentence (`midSentence`) without the capital: `in_foal` → `in foal`.
 */
export function humanize(value: string, { midSentence = false } = {}) {
  const words = value.replace(/[_-]+/g, ' ');
  return midSentence ? words : words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A list of stored values as a select's or a filter's options: each sent as it is, shown as
 * words (`per_class` → `Per class`), so that no form or filter shows a raw value.
 */
export const wordOptions = <V extends string>(values: readonly V[]) =>
  values.map((value) => ({ value, label: humanize(value) }));

/** A count with its noun: `1 student`, `3 students` (English plurals by `s` unless given). */
export function plural(count: number, noun: string, nouns = `${noun}s`) {
  return `${count} ${count === 1 ? noun : nouns}`;
}

export { DAY_NAMES } from '@/server/kernel/fields/day-names';
