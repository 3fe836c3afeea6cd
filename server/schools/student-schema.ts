import { z } from 'zod';
import { STUDENT_LEVELS, STUDENT_STATUSES } from '@/db/schema/school-values';
import { fieldMessage } from '../kernel/validation';
import { dateField, optionalEmail, optionalText } from '../kernel/fields/record-fields';

/*
 * The student fields as the API takes them. Client-safe (zod only): the student form
 * validates with this very schema before it sends.
 */

/** Postgres has no year 0, and no rider was born before this. */
const EARLIEST_BIRTH_DATE = '1900-01-01';

const optionalBirthDate = z
  .string()
  .trim()
  .transform((value) => value || null)
  .pipe(
    dateField
      .refine(
        // A malformed date has its own message already.
        (value) => !dateField.safeParse(value).success || value >= EARLIEST_BIRTH_DATE,
        fieldMessage(`field must be a date after or equal to ${EARLIEST_BIRTH_DATE}.`),
      )
      .nullable(),
  )
  .nullable()
  .optional();

const addressInput = z.object({
  street: optionalText(255),
  city: optionalText(255),
  state: optionalText(255),
});

const emergencyContactInput = z.object({
  name: optionalText(255),
  relationship: optionalText(50),
  phone: optionalText(50),
});

/**
 * A student as POST /students takes it (DESIGN 6: first and last name required, level
 * beginner and status active by default). The CSV import validates each row with it too.
 */
export const studentFields = z.object({
  first_name: z.string().trim().min(1).max(255),
  last_name: z.string().trim().min(1).max(255),
  birth_date: optionalBirthDate,
  gender: optionalText(50),
  document_type: optionalText(50),
  document_number: optionalText(50),
  phone: optionalText(50),
  email: optionalEmail,
  address: addressInput.nullable().optional(),
  emergency_contact: emergencyContactInput.nullable().optional(),
  level: z.enum(STUDENT_LEVELS).optional(),
  status: z.enum(STUDENT_STATUSES).optional(),
  notes: optionalText(5000),
});

export type StudentFields = z.infer<typeof studentFields>;

/** PUT: any subset; the nested objects' fields are all optional, so they merge field by field. */
export const studentUpdateFields = studentFields.partial();

/** A birth date may not lie after the school's today; the message of that rule, else null. */
export function futureBirthDateError(
  birthDate: string | null | undefined,
  today: string,
): string | null {
  return birthDate && birthDate > today
    ? 'The birth date field must be a date before or equal to today.'
    : null;
}
