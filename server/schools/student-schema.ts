import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importFields,
  importResultSchema,
  type ImportResult,
} from '../kernel/csv';
import { STUDENT_LEVELS, STUDENT_STATUSES } from '@/db/schema/school-values';
import { fieldMessage } from '../kernel/validation';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { dateField, optionalEmail, optionalText } from '../kernel/fields/record-fields';
import { paymentSchema } from '../payments/payment-schema';

/*
 * The student as the API takes and answers it. Client-safe (zod only): the student form
 * validates with this very schema before it sends.
 */

export { STUDENT_LEVELS, STUDENT_STATUSES };

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

export const studentIdInput = schoolIdInput.extend({ studentId: pathId });

/** GET /students filters. */
export const studentListFilters = z.object({
  search: z.string().trim().max(255).optional(),
  status: z.enum(STUDENT_STATUSES).optional(),
  level: z.enum(STUDENT_LEVELS).optional(),
  class_id: z.uuid().optional(),
});

export type StudentListFilters = z.infer<typeof studentListFilters>;

export const studentSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  birth_date: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  emergency_contact: z.object({
    name: z.string().nullable(),
    relationship: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  level: z.enum(STUDENT_LEVELS),
  /** The rung of the school's own ladder (DESIGN-MODULES A.1), set by level changes only. */
  current_level_id: z.string().nullable(),
  status: z.enum(STUDENT_STATUSES),
  notes: z.string().nullable(),
  anonymized_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Student = z.infer<typeof studentSchema>;

const activeEnrollmentSchema = z.object({
  id: z.string(),
  class_id: z.string(),
  class_name: z.string(),
  schedule_id: z.string(),
  day_of_week: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  horse_id: z.string().nullable(),
  horse_name: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.string(),
});

const attendanceStatsSchema = z.object({
  total: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  attendance_rate: z.number(),
});

export const studentDetailSchema = studentSchema.extend({
  active_enrollments: z.array(activeEnrollmentSchema),
  attendance_stats: attendanceStatsSchema,
  payments: z
    .array(paymentSchema)
    .nullable()
    .describe(
      "The student's school payments, newest due date first; null for a role without payments.view (instructors).",
    ),
});

export type StudentDetail = z.infer<typeof studentDetailSchema>;

export { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importFields, importResultSchema, type ImportResult };

/** POST /students/import: the CSV as text (or the multipart part `file`). */
export const studentImportFields = importFields;
