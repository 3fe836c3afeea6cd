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

/** GET /attendance/report (spec 4.3): a date range, optionally one student or class. */
export const attendanceReportInput = z.object({
  /** Defaults to the first day of the current month in the school's time zone. */
  start_date: dateField.optional(),
  /** Defaults to the last day of the current month in the school's time zone. */
  end_date: dateField.optional(),
  student_id: z.uuid().optional(),
  class_id: z.uuid().optional(),
});

const tallySchema = {
  records: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  attendance_rate: z.number(),
};

export const attendanceReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  totals: z.object(tallySchema),
  by_student: z.array(
    z.object({
      student_id: z.string(),
      full_name: z.string(),
      ...tallySchema,
      average_rating: z.number().nullable(),
    }),
  ),
  by_class: z.array(z.object({ class_id: z.string(), class_name: z.string(), ...tallySchema })),
});

export type AttendanceReport = z.infer<typeof attendanceReportSchema>;
