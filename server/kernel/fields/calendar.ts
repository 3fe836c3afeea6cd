import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO, startOfISOWeek, setISOWeek, setISOWeekYear } from 'date-fns';

/*
 * Dates in the school's time zone (DESIGN 5): "today", "this month" and week boundaries are
 * the school's, whatever the server's clock zone.
 */

// The date and time field schemas live with the other client-safe field schemas.
export { dateField, isoWeekField, timeOfDayField } from './record-fields';

/** Today's date (`YYYY-MM-DD`) in a time zone. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timezone), 'yyyy-MM-dd');
}

/** `[start, end)` instants of the calendar month containing `now` in a time zone. */
export function monthBoundsIn(
  timezone: string,
  now: Date = new Date(),
): { start: Date; end: Date } {
  const local = new TZDate(now, timezone);
  const start = new TZDate(local.getFullYear(), local.getMonth(), 1, timezone);
  const end = new TZDate(local.getFullYear(), local.getMonth() + 1, 1, timezone);
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/** Monday..Sunday dates of an ISO week (`2026-W47`) or of the week containing a date. */
export function isoWeekDates(week: string): string[] {
  let monday: Date;
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (match) {
    const base = setISOWeek(
      setISOWeekYear(new Date(Date.UTC(2000, 0, 4, 12)), Number(match[1])),
      Number(match[2]),
    );
    monday = startOfISOWeek(base);
  } else {
    monday = startOfISOWeek(parseISO(week));
  }
  return Array.from({ length: 7 }, (_, i) => format(addDays(monday, i), 'yyyy-MM-dd'));
}

/** The calendar date `days` after `date` (before, if negative), both `YYYY-MM-DD`. */
export function addDaysTo(date: string, days: number): string {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

/** The `count` calendar dates from `date` on. */
export function datesFrom(date: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDaysTo(date, i));
}

/** 0 = Sunday .. 6 = Saturday of a `YYYY-MM-DD` date. */
export function dayOfWeek(date: string): number {
  return parseISO(date).getDay();
}

/**
 * Whole years between a birth date and a date (both `YYYY-MM-DD`), as date-fns'
 * `differenceInYears` counts them (negative when born after `on`), on the strings themselves:
 * it runs once per row of the large lists (issue 27), where parsing two `Date`s per row showed
 * in the profile. calendar.test.ts checks it against date-fns.
 */
export function ageOn(birthDate: string | null, on: string): number | null {
  if (birthDate === null) return null;
  if (on === birthDate) return 0;
  const sign = on > birthDate ? 1 : -1;
  const years = Math.abs(Number(on.slice(0, 4)) - Number(birthDate.slice(0, 4)));
  // The last year is not full when the month and day are not yet reached (both `MM-DD`).
  const onDay = on.slice(5, 10);
  const birthDay = birthDate.slice(5, 10);
  const partial = sign === 1 ? onDay < birthDay : onDay > birthDay;
  return sign * (years - (partial ? 1 : 0)) || 0;
}
