import { z } from 'zod';
import { ATTENDANCE_STATUSES, STUDENT_LEVELS } from '@/db/schema/school-values';
import { PORTAL_RELATIONSHIPS } from '@/db/schema/progression-values';
import { AWARD_SOURCES } from '@/db/schema/progression-values';
import { CERTIFICATE_KINDS, CERTIFICATE_PUBLIC_STATUSES } from '@/db/schema/progression-values';
import { REPORTED_STATUSES } from '../payments/payment-schema';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, isoWeekField } from '../kernel/fields/record-fields';

/*
 * What a linked user reads in the portal (DESIGN-MODULES A.5). Every answer is built from
 * the school's own records field by field: staff and attendance notes, document numbers,
 * instructors' contacts and other students never appear. Client-safe (zod only).
 */

export const portalStudentInput = z.object({ studentId: pathId });
export const portalLinkInput = z.object({ linkId: pathId });

const named = z.object({ id: z.string(), name: z.string() });

export const portalStudentSummary = z.object({
  student_id: z.string(),
  link_id: z.string(),
  relationship: z.enum(PORTAL_RELATIONSHIPS),
  school: named,
  first_name: z.string(),
  last_name: z.string(),
  level: z.enum(STUDENT_LEVELS),
  current_level: named.nullable(),
});

export const sessionSchema = z.object({
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  class_name: z.string(),
  instructor_name: z.string(),
  location: z.string().nullable(),
  horse_name: z.string().nullable(),
  attendance: z.enum(ATTENDANCE_STATUSES).nullable(),
});

export const portalStudentDetail = portalStudentSummary.extend({
  enrollments: z.array(
    z.object({
      id: z.string(),
      class_name: z.string(),
      day_of_week: z.number().int(),
      start_time: z.string(),
      end_time: z.string(),
      location: z.string().nullable(),
      instructor_name: z.string(),
      horse_name: z.string().nullable(),
      start_date: z.string(),
      end_date: z.string().nullable(),
      status: z.string(),
    }),
  ),
  next_sessions: z.array(sessionSchema.omit({ attendance: true })),
});

export const weekFilters = z.object({ week: isoWeekField.optional() });

export const portalWeekSchema = z.object({
  week: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  sessions: z.array(sessionSchema),
});

export const attendanceFilters = z.object({
  start_date: calendarDateField.optional(),
  end_date: calendarDateField.optional(),
});

export const portalAttendanceSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  records: z.array(
    z.object({
      date: z.string(),
      class_name: z.string(),
      status: z.enum(ATTENDANCE_STATUSES),
      performance_rating: z.number().int().nullable(),
    }),
  ),
  stats: z.object({
    total: z.number().int(),
    present: z.number().int(),
    late: z.number().int(),
    absent: z.number().int(),
    excused: z.number().int(),
    attendance_rate: z.number(),
  }),
});

export const paymentFilters = z.object({ status: z.enum(REPORTED_STATUSES).optional() });

export const portalPaymentSchema = z.object({
  id: z.string(),
  kind: z.enum(['school', 'competition']),
  concept: z.string(),
  description: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  due_date: z.string(),
  status: z.string(),
  paid_date: z.string().nullable(),
});

export const portalBadgeSchema = z.object({
  id: z.string(),
  badge: z.object({ id: z.string(), name: z.string(), icon: z.string().nullable() }),
  awarded_on: z.string(),
  source: z.enum(AWARD_SOURCES),
});

export const portalCertificateSchema = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  issued_on: z.string(),
  valid_until: z.string().nullable(),
  status: z.enum(CERTIFICATE_PUBLIC_STATUSES),
  verify_url: z.string(),
});

export const portalCompetitionSchema = z.object({
  entry_id: z.string(),
  competition: z.object({
    id: z.string(),
    name: z.string(),
    date: z.string(),
    location: z.string().nullable(),
  }),
  category: z.string(),
  status: z.string(),
  result: z.object({ ribbon: z.string(), position: z.number().int().nullable() }).nullable(),
});
