import { z } from 'zod';
import { CLASS_LEVELS, CLASS_TYPES, STUDENT_LEVELS } from '@/db/schema/school-values';
import { WAITLIST_RELATIONSHIPS, WAITLIST_STATUSES } from '@/db/schema/waitlist-values';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import {
  calendarDateField,
  dateField,
  optionalText,
  timeOfDayField,
} from '../kernel/fields/record-fields';
import { studentFields } from '../schools/student-schema';
import { paginationInput } from '../kernel/trpc/pagination';

/*
 * Waitlist entries (DESIGN-MODULES A.4) as the public form sends them and staff read them.
 * Client-safe (zod only): the public page validates with the very schema the server uses.
 */

export { WAITLIST_RELATIONSHIPS, WAITLIST_STATUSES };

/** Waiting entries one e-mail may hold in a school (A.4 rule 2). */
export const MAX_WAITING_PER_EMAIL = 5;

/** POST /api/public/schools/{schoolId}/waitlist. */
export const registrationFields = z.object({
  registrant: z.object({
    name: z.string().trim().min(1).max(200),
    email: z.email().max(255),
    phone: optionalText(50),
  }),
  relationship: z.enum(WAITLIST_RELATIONSHIPS),
  rider: z.object({
    first_name: z.string().trim().min(1).max(255),
    last_name: z.string().trim().min(1).max(255),
    birth_date: dateField.nullable().optional(),
    level: z.enum(STUDENT_LEVELS).nullable().optional(),
  }),
  preferences: z
    .object({
      class_id: z.uuid().nullable().optional(),
      discipline: optionalText(100),
      level: z.enum(CLASS_LEVELS).nullable().optional(),
      days_of_week: z.array(z.number().int().min(0).max(6)).max(7).optional(),
      time_from: timeOfDayField.nullable().optional(),
      time_to: timeOfDayField.nullable().optional(),
    })
    .optional(),
  message: optionalText(2000),
  consent: z.literal(true, { error: 'The consent field must be accepted.' }),
});

export type RegistrationFields = z.infer<typeof registrationFields>;

export const publicSchoolInput = z.object({ schoolId: z.string() });

export const publicSchoolSchema = z.object({
  id: z.string(),
  name: z.string(),
  waitlist_open: z.boolean(),
  classes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.enum(CLASS_TYPES),
      level: z.enum(CLASS_LEVELS),
      discipline: z.string().nullable(),
    }),
  ),
});

export const entryIdInput = schoolIdInput.extend({ entryId: pathId });

export const WAITLIST_PER_PAGE = 20;

export const waitlistFilters = paginationInput(WAITLIST_PER_PAGE).extend({
  status: z.enum(WAITLIST_STATUSES).optional(),
  class_id: z.uuid().optional(),
  level: z.enum(CLASS_LEVELS).optional(),
});

export type WaitlistFilters = z.infer<typeof waitlistFilters>;

/** PUT /waitlist/{id}: what staff change as they work through the list. */
export const entryUpdateFields = z.object({
  status: z.enum(WAITLIST_STATUSES).optional(),
  staff_notes: optionalText(5000),
  student_id: z.uuid().nullable().optional(),
});

/** POST /waitlist/{id}/convert: the student's fields to change, and where to enroll them. */
export const convertFields = z.object({
  student: studentFields.partial().optional(),
  schedule_id: z.uuid().optional(),
  start_date: calendarDateField.optional(),
});

export type ConvertFields = z.infer<typeof convertFields>;

export const entrySchema = z.object({
  id: z.string(),
  reference: z.string(),
  registrant: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  relationship: z.enum(WAITLIST_RELATIONSHIPS),
  rider: z.object({
    first_name: z.string(),
    last_name: z.string(),
    birth_date: z.string().nullable(),
    level: z.enum(STUDENT_LEVELS).nullable(),
  }),
  preferences: z.object({
    class_id: z.string().nullable(),
    class_name: z.string().nullable(),
    discipline: z.string().nullable(),
    level: z.enum(CLASS_LEVELS).nullable(),
    days_of_week: z.array(z.number().int()),
    time_from: z.string().nullable(),
    time_to: z.string().nullable(),
  }),
  message: z.string().nullable(),
  consent_at: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** Rank among the school's waiting entries, oldest first; null once not waiting. */
  position: z.number().int().nullable(),
  student_id: z.string().nullable(),
  staff_notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Entry = z.infer<typeof entrySchema>;
