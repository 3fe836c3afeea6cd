import { z } from 'zod';
import { STUDENT_LEVELS } from '@/db/schema/school-values';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';

/*
 * Levels and level changes (DESIGN-MODULES A.1) as the API takes and answers them.
 * Client-safe (zod only): the ladder editor and the level-change form validate with these.
 */

export { STUDENT_LEVELS };

export const MAX_REQUIREMENTS = 30;

/** A level as POST /levels takes it; `position` defaults to the end of the ladder. */
export const levelFields = z.object({
  name: z.string().trim().min(1).max(100),
  description: optionalText(2000),
  position: z.number().int().min(1).max(1000).optional(),
  base_level: z.enum(STUDENT_LEVELS),
  requirements: z.array(z.string().trim().min(1).max(300)).max(MAX_REQUIREMENTS).optional(),
  min_attended_classes: z.number().int().min(0).max(10_000).optional(),
  active: z.boolean().optional(),
});

export type LevelFields = z.infer<typeof levelFields>;

export const levelIdInput = schoolIdInput.extend({ levelId: pathId });

/** POST /levels/reorder: every level of the school once, first rung first. */
export const reorderFields = z.object({ ids: z.array(z.string().max(100)).min(1).max(1000) });

export const levelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  base_level: z.enum(STUDENT_LEVELS),
  requirements: z.array(z.string()),
  min_attended_classes: z.number().int(),
  active: z.boolean(),
  students_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Level = z.infer<typeof levelSchema>;

/** A level change as POST /students/{id}/level-changes takes it. */
export const levelChangeFields = z.object({
  level_id: z.uuid(),
  achieved_on: calendarDateField.optional(),
  notes: optionalText(2000),
  override: z.boolean().optional(),
});

export type LevelChangeFields = z.infer<typeof levelChangeFields>;

const levelRef = z.object({ id: z.string(), name: z.string() });

export const levelChangeSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  level: levelRef,
  previous_level: levelRef.nullable(),
  achieved_on: z.string(),
  assessed_by: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  notes: z.string().nullable(),
  override: z.boolean(),
  created_at: z.string(),
});

export type LevelChange = z.infer<typeof levelChangeSchema>;
