import { z } from 'zod';
import { INSTRUCTOR_STATUSES } from '@/db/schema/school-values';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import {
  calendarDateField,
  isoWeekField,
  moneyField,
  optionalEmail,
  optionalText,
} from '../kernel/fields/record-fields';

/*
 * An instructor as the API takes and answers it. Client-safe (zod only): the instructor form
 * validates with these schemas and takes its value lists from here.
 */

export { INSTRUCTOR_STATUSES };

/** An instructor as POST /instructors takes it. */
export const instructorFields = z.object({
  first_name: z.string().trim().min(1).max(255),
  last_name: z.string().trim().min(1).max(255),
  document_type: optionalText(50),
  document_number: optionalText(50),
  phone: optionalText(50),
  email: optionalEmail,
  specialties: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  experience_years: z.number().int().min(0).max(80).nullable().optional(),
  bio: optionalText(5000),
  hourly_rate: moneyField.nullable().optional(),
  status: z.enum(INSTRUCTOR_STATUSES).optional(),
});

export type InstructorFields = z.infer<typeof instructorFields>;

export const instructorIdInput = schoolIdInput.extend({ instructorId: pathId });

export const instructorListFilters = z.object({ status: z.enum(INSTRUCTOR_STATUSES).optional() });

export type InstructorListFilters = z.infer<typeof instructorListFilters>;

/** GET availability: `date` or `week`, not both; neither: the current week. */
export const availabilityFilters = z.object({
  date: calendarDateField.optional(),
  week: isoWeekField.optional(),
});

export type AvailabilityFilters = z.infer<typeof availabilityFilters>;

export const instructorSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  document_type: z.string().nullable(),
  document_number: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  specialties: z.array(z.string()),
  experience_years: z.number().int().nullable(),
  bio: z.string().nullable(),
  hourly_rate: z.number().nullable(),
  status: z.enum(INSTRUCTOR_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Instructor = z.infer<typeof instructorSchema>;

/** An instructor's classes and free time per day (GET /instructors/{id}/availability). */
const slotSchema = z.object({ start_time: z.string(), end_time: z.string() });

export const availabilitySchema = z.object({
  instructor_id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      day_of_week: z.number().int(),
      busy: z.array(
        slotSchema.extend({
          schedule_id: z.string(),
          class_id: z.string(),
          class_name: z.string(),
          location: z.string().nullable(),
        }),
      ),
      free: z.array(slotSchema),
    }),
  ),
});

export type Availability = z.infer<typeof availabilitySchema>;
