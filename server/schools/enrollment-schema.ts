import { z } from 'zod';
import { ENROLLMENT_STATUSES } from '@/db/schema/school-values';
import { dateField } from '../kernel/fields/calendar';

/** What a client sends to create an enrollment (DESIGN 6); an update sends any part of it. */
export const enrollmentFields = z.object({
  student_id: z.uuid(),
  class_id: z.uuid(),
  schedule_id: z.uuid(),
  horse_id: z.uuid().nullable().optional(),
  /** Defaults to today in the school's time zone. */
  start_date: dateField.optional(),
  end_date: dateField.nullable().optional(),
  /** Defaults to active. */
  status: z.enum(ENROLLMENT_STATUSES).optional(),
  notes: z.string().max(5000).nullable().optional(),
});

export const enrollmentUpdateFields = enrollmentFields.partial();

export type EnrollmentInput = z.infer<typeof enrollmentFields>;
export type EnrollmentUpdate = z.infer<typeof enrollmentUpdateFields>;
