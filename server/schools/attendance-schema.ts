import { z } from 'zod';
import { ATTENDANCE_STATUSES } from '@/db/schema/school-values';
import { dateField } from '../kernel/fields/calendar';

/*
 * Attendance of one schedule on one date as the API takes and answers it. Client-safe (zod
 * only).
 */

export { ATTENDANCE_STATUSES };

/** GET /attendance: a schedule on a date. */
export const attendanceDayInput = z.object({ schedule_id: z.uuid(), date: dateField });

export const attendanceItemFields = z.object({
  enrollment_id: z.uuid(),
  status: z.enum(ATTENDANCE_STATUSES),
  horse_id: z.uuid().nullable().optional(),
  performance_rating: z.number().int().min(1).max(5).nullable().optional(),
  notes: z.string().max(2000).nullable().optional(),
});

export const attendanceSubmissionFields = z.object({
  date: dateField,
  schedule_id: z.uuid(),
  attendance: z.array(attendanceItemFields).min(1).max(500),
});

export type AttendanceSubmission = z.infer<typeof attendanceSubmissionFields>;

export const attendanceRecordSchema = z.object({
  id: z.string(),
  enrollment_id: z.string(),
  student_id: z.string(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  status: z.enum(ATTENDANCE_STATUSES),
  horse_id: z.string().nullable(),
  performance_rating: z.number().int().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const classAttendanceSchema = z.object({
  schedule_id: z.string(),
  date: z.string(),
  records: z.array(attendanceRecordSchema),
});

export type ClassAttendance = z.infer<typeof classAttendanceSchema>;
