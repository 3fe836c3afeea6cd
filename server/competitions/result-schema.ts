import { z } from 'zod';
import { RIBBONS } from '@/db/schema/competition-values';
import { optionalText } from '../kernel/fields/record-fields';

/*
 * A competition result (spec 2.6) as the API takes and answers it. Client-safe (zod only): the
 * result picker takes its ribbons from here.
 */

export { RIBBONS };
export type Ribbon = (typeof RIBBONS)[number];

export const resultFields = z.object({
  entry_id: z.uuid(),
  ribbon: z.enum(RIBBONS),
  notes: optionalText(5000),
});

export type ResultInput = z.infer<typeof resultFields>;

/** PUT: a recorded result's ribbon (its position follows) or notes. */
export const resultUpdateFields = resultFields.pick({ ribbon: true, notes: true }).partial();
export type ResultUpdate = z.infer<typeof resultUpdateFields>;

export const resultSchema = z.object({
  id: z.string(),
  competition_id: z.string(),
  entry_id: z.string(),
  student_id: z.string(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  category: z.string(),
  horse_id: z.string().nullable(),
  horse: z.object({ id: z.string(), name: z.string() }).nullable(),
  ribbon: z.enum(RIBBONS),
  ribbon_label: z.string(),
  position: z.number().int().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Result = z.infer<typeof resultSchema>;
