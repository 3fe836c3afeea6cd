import { z } from 'zod';
import { CLASS_LEVELS, CLASS_STATUSES, CLASS_TYPES, PRICE_TYPES } from '@/db/schema/school-values';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { moneyField, optionalText } from '../kernel/fields/record-fields';

/*
 * A class as the API takes and answers it. Client-safe (zod only): the class form validates
 * with these schemas and takes its value lists from here.
 */

export { CLASS_LEVELS, CLASS_STATUSES, CLASS_TYPES, PRICE_TYPES };

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

export type ClassFields = z.infer<typeof classFields>;

export const classIdInput = schoolIdInput.extend({ classId: pathId });

/** GET /classes filters; disciplines compare case-insensitively. */
export const classListFilters = z.object({
  type: z.enum(CLASS_TYPES).optional(),
  level: z.enum(CLASS_LEVELS).optional(),
  discipline: z.string().trim().max(100).optional(),
  status: z.enum(CLASS_STATUSES).optional(),
});

export type ClassListFilters = z.infer<typeof classListFilters>;

export const classSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(CLASS_TYPES),
  level: z.enum(CLASS_LEVELS),
  discipline: z.string().nullable(),
  max_students: z.number().int(),
  duration_minutes: z.number().int(),
  price: z.number(),
  price_type: z.enum(PRICE_TYPES),
  status: z.enum(CLASS_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});

export type SchoolClass = z.infer<typeof classSchema>;
