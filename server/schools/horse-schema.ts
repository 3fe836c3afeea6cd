import { z } from 'zod';
import { HORSE_LEVELS, HORSE_STATUSES } from '@/db/schema/school-values';
import { fieldMessage } from '../kernel/validation';
import { optionalText } from '../kernel/fields/record-fields';

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
});
