import { z } from 'zod';
import { MEDICAL_RECORD_TYPES } from '@/db/schema/stud-values';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, moneyField, optionalText } from '../kernel/fields/record-fields';
import { paginationInput } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';

/* A medical record as the API takes and answers it (B.1). Client-safe (zod only). */

export { MEDICAL_RECORD_TYPES };

export const medicalRecordFields = z.object({
  horse_id: z.uuid(),
  date: calendarDateField,
  type: z.enum(MEDICAL_RECORD_TYPES),
  title: z.string().trim().min(1).max(200),
  description: optionalText(5000),
  vet_name: optionalText(120),
  product: optionalText(120),
  dose: optionalText(60),
  /** When the next one is due: opens (or moves) the record's task. */
  next_due_on: calendarDateField.nullable().optional(),
  cost: moneyField.nullable().optional(),
  /** Book `cost` as an expense of the stud (the finance module does, issue 23). */
  record_expense: z.boolean().optional(),
});

export type MedicalRecordFields = z.infer<typeof medicalRecordFields>;

export const medicalRecordIdInput = studIdInput.extend({ medicalRecordId: pathId });

export const medicalRecordFilters = paginationInput(50).extend({
  horse_id: z.uuid().optional(),
  type: z.enum(MEDICAL_RECORD_TYPES).optional(),
  /** Records whose next due date is on or before this day (what is due by then). */
  due_before: calendarDateField.optional(),
});

export type MedicalRecordFilters = z.infer<typeof medicalRecordFilters>;

export const medicalRecordSchema = z.object({
  id: z.string(),
  horse_id: z.string(),
  horse_name: z.string(),
  date: z.string(),
  type: z.enum(MEDICAL_RECORD_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  vet_name: z.string().nullable(),
  product: z.string().nullable(),
  dose: z.string().nullable(),
  next_due_on: z.string().nullable(),
  /** The next due date has passed (in the stud's time zone). */
  overdue: z.boolean(),
  /** The task the next due date opened, and its status. */
  task: z.object({ id: z.string(), status: z.string() }).nullable(),
  cost: z.number().nullable(),
  record_expense: z.boolean(),
  /** The expense booked for `cost`, once the finance module has booked it. */
  expense_id: z.string().nullable(),
  attachments: z.array(
    z.object({ id: z.string(), filename: z.string(), content_type: z.string() }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});

export type MedicalRecord = z.infer<typeof medicalRecordSchema>;
