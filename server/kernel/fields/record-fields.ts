import { z } from 'zod';
import { fieldMessage } from '../validation';

/*
 * Input fields shared by the school records' schemas. Like those schemas, this module loads
 * nothing but zod, so that the browser's forms validate with exactly the server's rules.
 */

export const dateField = z.iso.date();
export const timeOfDayField = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, fieldMessage('field must be a time of day (HH:MM).'));
export const isoWeekField = z
  .string()
  .regex(
    /^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$|^\d{4}-\d{2}-\d{2}$/,
    fieldMessage('field must be an ISO week (2026-W47) or a date.'),
  );

/** An optional text: trimmed, and an empty string clears it (stored as null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** An optional e-mail address; empty clears it. */
export const optionalEmail = z
  .string()
  .trim()
  .max(255)
  .refine(
    (value) => value === '' || z.email().safeParse(value).success,
    fieldMessage('field must be a valid email address.'),
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** The largest amount a `numeric(12,2)` column holds. */
const MAX_MONEY = 9_999_999_999.99;

/** Money in: a JSON number ≥ 0 with at most two decimals, stored as `numeric(12,2)`. */
export const moneyField = z
  .number()
  .min(0)
  .max(MAX_MONEY)
  // The number as JSON wrote it: 10.5 passes, 10.005 and 1e-7 do not.
  .refine(
    (value) => /^-?\d+(\.\d{1,2})?$/.test(String(value)),
    fieldMessage('field must have 0-2 decimal places.'),
  );

/** A money input as the column's string; undefined (not sent) and null pass through. */
export function moneyValue<T extends number | null | undefined>(
  value: T,
): string | Exclude<T, number> {
  return (typeof value === 'number' ? value.toFixed(2) : value) as string | Exclude<T, number>;
}

/**
 * A date for date arithmetic in SQL: years outside 1900..2999 are refused with a 422 rather
 * than reaching Postgres, which rejects year 0. A malformed date gets only its format message.
 */
export const calendarDateField = dateField.refine(
  (value) =>
    !dateField.safeParse(value).success || (value >= '1900-01-01' && value <= '2999-12-31'),
  fieldMessage('field must be a date between 1900-01-01 and 2999-12-31.'),
);
