import { z } from 'zod';
import { CLASS_LEVELS, CLASS_TYPES, HORSE_LEVELS, HORSE_STATUSES } from '@/db/schema/school-values';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import {
  calendarDateField,
  isoWeekField,
  optionalText,
  timeOfDayField,
} from '../kernel/fields/record-fields';

/**
 * A weekly schedule as POST /schedules takes it; client-safe, so the form validates with it.
 * The rules that need the database (overlaps, references) stay in schedule-rules.ts.
 */
export const scheduleFields = z.object({
  class_id: z.uuid(),
  instructor_id: z.uuid(),
  day_of_week: z.number().int().min(0).max(6),
  start_time: timeOfDayField,
  end_time: timeOfDayField,
  location: optionalText(255),
  max_students: z.number().int().min(1).max(1000).optional(),
});

export type ScheduleFields = z.infer<typeof scheduleFields>;
export const scheduleUpdateFields = scheduleFields.partial();
export type ScheduleUpdate = z.infer<typeof scheduleUpdateFields>;

export const scheduleIdInput = schoolIdInput.extend({ scheduleId: pathId });

/** GET /schedules filters. */
export const scheduleListFilters = z.object({
  class_id: z.uuid().optional(),
  instructor_id: z.uuid().optional(),
  day_of_week: z.coerce.number().int().min(0).max(6).optional(),
});

export type ScheduleListFilters = z.infer<typeof scheduleListFilters>;

/** GET /schedules/weekly: an ISO week or a date meaning its week. */
export const weeklyInput = z.object({ week: isoWeekField.optional() });

export const scheduleClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CLASS_TYPES),
  level: z.enum(CLASS_LEVELS),
});
export const scheduleInstructorSchema = z.object({ id: z.string(), full_name: z.string() });

export const scheduleSchema = z.object({
  id: z.string(),
  class_id: z.string(),
  instructor_id: z.string(),
  day_of_week: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  location: z.string().nullable(),
  max_students: z.number().int(),
  class: scheduleClassSchema,
  instructor: scheduleInstructorSchema,
  enrolled_count: z.number().int(),
  available_spots: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Schedule = z.infer<typeof scheduleSchema>;

/** GET /schedules/weekly: the week's days, each with its schedules and their riders. */
export const weeklyScheduleSchema = z.object({
  week: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      day_of_week: z.number().int(),
      schedules: z.array(
        z.object({
          id: z.string(),
          start_time: z.string(),
          end_time: z.string(),
          location: z.string().nullable(),
          max_students: z.number().int(),
          class: scheduleClassSchema,
          instructor: scheduleInstructorSchema,
          students: z.array(
            z.object({
              enrollment_id: z.string(),
              student_id: z.string(),
              full_name: z.string(),
              horse_id: z.string().nullable(),
              horse_name: z.string().nullable(),
            }),
          ),
          enrolled_count: z.number().int(),
          available_spots: z.number().int(),
        }),
      ),
    }),
  ),
});

export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;

/** GET /schedules/{scheduleId}/horses: the period of the enrollment to be made. */
export const scheduleHorsesFilters = z.object({
  /** Defaults to today in the school's time zone, as an enrollment's start date does. */
  start_date: calendarDateField.optional(),
  /** None: the enrollment runs on, as one without an end date does. */
  end_date: calendarDateField.optional(),
});

export type ScheduleHorsesFilters = z.infer<typeof scheduleHorsesFilters>;

/** Why a horse cannot be given to an enrollment in the schedule. */
export const HORSE_UNAVAILABLE_REASONS = ['not_active', 'busy'] as const;

/** A horse of the school for an enrollment in one schedule, with what the enrollment checks. */
export const scheduleHorseSchema = z.object({
  id: z.string(),
  name: z.string(),
  level: z.enum(HORSE_LEVELS),
  status: z.enum(HORSE_STATUSES),
  max_daily_classes: z.number().int(),
  /** Whether an enrollment in the schedule over the period may take this horse. */
  available: z.boolean(),
  /** `not_active` (resting, injured, retired) first, then `busy`; null when available. */
  reason: z.enum(HORSE_UNAVAILABLE_REASONS).nullable(),
  /** The horse's active enrollments over the period in schedules that overlap this one that day. */
  busy: z.array(
    z.object({
      schedule_id: z.string(),
      class_name: z.string(),
      start_time: z.string(),
      end_time: z.string(),
    }),
  ),
  /** Schedules the horse already has on the schedule's weekday over the period. */
  classes_that_day: z.number().int(),
  /** One more class that day would exceed `max_daily_classes` (a warning; not refused). */
  over_workload: z.boolean(),
});

export type ScheduleHorse = z.infer<typeof scheduleHorseSchema>;
