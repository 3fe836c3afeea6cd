import { z } from 'zod';
import { HORSE_LEVELS, HORSE_STATUSES } from '@/db/schema/school-values';
import { fieldMessage } from '../kernel/validation';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { identityFields } from '../pedigree/identity-schema';

/*
 * A horse as the API takes and answers it. Client-safe (zod only): the horse form validates
 * with these schemas and takes its value lists from here.
 */

export { HORSE_LEVELS, HORSE_STATUSES };

const FIRST_BIRTH_YEAR = 1950;
const thisYear = () => new Date().getUTCFullYear();

/** A horse as POST /horses takes it; client-safe, so the form validates with it. */
export const horseFields = z.object({
  name: z.string().trim().min(1).max(255),
  breed: optionalText(100),
  birth_year: z
    .number()
    .int()
    .min(FIRST_BIRTH_YEAR)
    .refine((year) => year <= thisYear(), {
      error: () => fieldMessage(`field must not be greater than ${thisYear()}.`),
    })
    .nullable()
    .optional(),
  level: z.enum(HORSE_LEVELS).optional(),
  status: z.enum(HORSE_STATUSES).optional(),
  max_daily_classes: z.number().int().min(1).max(20).optional(),
  notes: optionalText(5000),
  /** Link the platform's record of this animal (null unlinks) … */
  horse_identity_id: z.uuid().nullable().optional(),
  /** … or create one, or change the linked one while the school may (DESIGN-MODULES 0.3). */
  identity: identityFields.optional(),
});

export type HorseFields = z.infer<typeof horseFields>;

export const horseIdInput = schoolIdInput.extend({ horseId: pathId });

/** GET /horses filters: `level=X` keeps X and all-level horses; `level=all` does not filter. */
export const horseListFilters = z.object({
  status: z.enum(HORSE_STATUSES).optional(),
  level: z.enum(HORSE_LEVELS).optional(),
});

export type HorseListFilters = z.infer<typeof horseListFilters>;

export const horseSchema = z.object({
  id: z.string(),
  name: z.string(),
  breed: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  level: z.enum(HORSE_LEVELS),
  status: z.enum(HORSE_STATUSES),
  max_daily_classes: z.number().int(),
  notes: z.string().nullable(),
  horse_identity_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Horse = z.infer<typeof horseSchema>;

/** GET usage: `date`, or `start_date` and `end_date`; neither: today. */
export const horseUsageFilters = z.object({
  date: calendarDateField.optional(),
  start_date: calendarDateField.optional(),
  end_date: calendarDateField.optional(),
});

export type HorseUsageFilters = z.infer<typeof horseUsageFilters>;

/** The longest period one usage request covers, in days (about a quarter). */
export const MAX_USAGE_DAYS = 92;

export const horseUsageSchema = z.object({
  horse_id: z.string(),
  horse_name: z.string(),
  max_daily_classes: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      classes_count: z.number().int(),
      minutes: z.number().int(),
      overloaded: z.boolean(),
      classes: z.array(
        z.object({
          schedule_id: z.string(),
          class_name: z.string(),
          start_time: z.string(),
          end_time: z.string(),
          duration_minutes: z.number().int(),
        }),
      ),
    }),
  ),
  total_classes: z.number().int(),
  total_minutes: z.number().int(),
  overloaded_days: z.number().int(),
});

export type HorseUsage = z.infer<typeof horseUsageSchema>;
