import { format, isValid, parseISO } from 'date-fns';
import { invalidField } from '../errors';
import { isoWeekDates, todayIn } from './calendar';

export type IsoWeek = { week: string; dates: string[] };

const WEEK_MESSAGE = 'The week field must be an ISO week (2026-W47) or a date.';

/**
 * The ISO week (Monday to Sunday) named by `week` (`2026-W47`, or a date meaning the week
 * that contains it, DESIGN 6); without one, the current week in the school's time zone.
 * A week that does not exist (`2026-W53`) or an impossible date is a 422 on `week`.
 */
export function resolveWeek(week: string | undefined, timezone: string): IsoWeek {
  const anchor = week ?? todayIn(timezone);
  const isDate = /^\d{4}-\d{2}-\d{2}$/.test(anchor);
  if (isDate) {
    const parsed = parseISO(anchor);
    if (!isValid(parsed) || format(parsed, 'yyyy-MM-dd') !== anchor)
      throw invalidField('week', WEEK_MESSAGE);
  }
  const year = Number(anchor.slice(0, 4));
  if (year < 1900 || year > 2999) throw invalidField('week', WEEK_MESSAGE);
  const dates = isoWeekDates(anchor);
  const label = format(parseISO(dates[0]!), "RRRR-'W'II");
  if (!isDate && label !== anchor) throw invalidField('week', WEEK_MESSAGE);
  return { week: label, dates };
}
