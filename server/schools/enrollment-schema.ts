import { z } from 'zod';
import { ENROLLMENT_STATUSES } from '@/db/schema/school-values';
import { dateField } from '../kernel/fields/calendar';
import { pathId, schoolIdInput } from '../kernel/fields/params';

export { ENROLLMENT_STATUSES };

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

export const enrollmentIdInput = schoolIdInput.extend({ enrollmentId: pathId });

/** GET /enrollments filters. */
export const enrollmentListFilters = z.object({
  student_id: z.uuid().optional(),
  class_id: z.uuid().optional(),
  schedule_id: z.uuid().optional(),
  status: z.enum(ENROLLMENT_STATUSES).optional(),
});

export type EnrollmentListFilters = z.infer<typeof enrollmentListFilters>;

export const enrollmentSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  class_id: z.string(),
  schedule_id: z.string(),
  horse_id: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  status: z.enum(ENROLLMENT_STATUSES),
  notes: z.string().nullable(),
  /** Status active, started and not yet ended, today in the school's time zone (DESIGN 6). */
  is_active: z.boolean(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  class: z.object({ id: z.string(), name: z.string() }),
  schedule: z.object({
    id: z.string(),
    day_of_week: z.number().int(),
    start_time: z.string(),
    end_time: z.string(),
  }),
  horse: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Enrollment = z.infer<typeof enrollmentSchema>;
