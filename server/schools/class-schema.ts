import { z } from 'zod';
import { CLASS_LEVELS, CLASS_STATUSES, CLASS_TYPES, PRICE_TYPES } from '@/db/schema/school-values';
import { moneyField, optionalText } from '../kernel/fields/record-fields';

/** Places of a class when none are given: one for an individual class, ten for a group. */
export const DEFAULT_MAX_STUDENTS = { individual: 1, group: 10 } as const;

/** A class as POST /classes takes it; client-safe, so the form validates with it. */
export const classFields = z.object({
  name: z.string().trim().min(1).max(255),
  description: optionalText(5000),
  type: z.enum(CLASS_TYPES),
  level: z.enum(CLASS_LEVELS),
  discipline: optionalText(100),
  max_students: z.number().int().min(1).max(1000).optional(),
  duration_minutes: z.number().int().min(1).max(600).optional(),
  price: moneyField.optional(),
  price_type: z.enum(PRICE_TYPES).optional(),
  status: z.enum(CLASS_STATUSES).optional(),
});
