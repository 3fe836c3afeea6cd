import { z } from 'zod';
import { optionalText, timeOfDayField } from '../kernel/fields/record-fields';

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
