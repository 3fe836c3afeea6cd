import { z } from 'zod';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { fieldMessage } from '../kernel/validation';
import { studIdInput } from '../studs/tenant';
import { queryFlag } from './params';

/*
 * A semen batch as the API takes and answers it (DESIGN-MODULES B.2). Client-safe (zod only).
 * `doses_available` is never written: it starts at the total, shipments take and return doses,
 * and a new total shifts it by the difference.
 */

/** A percentage, 0 to 100 with at most two decimals. */
const percentField = z
  .number()
  .min(0)
  .max(100)
  .refine(
    (value) => /^\d+(\.\d{1,2})?$/.test(String(value)),
    fieldMessage('field must have 0-2 decimal places.'),
  );

export const semenBatchFields = z.object({
  /** A stallion of the stud (an entire male of a year or more). */
  stallion_id: z.uuid(),
  /** Not after the stud's today. */
  collected_on: calendarDateField,
  /** A dose is several straws. */
  straws_per_dose: z.number().int().min(1).max(100),
  doses_total: z.number().int().min(1).max(100_000),
  /** Where it is kept: tank, canister. */
  storage: optionalText(200),
  post_thaw_motility: percentField.nullable().optional(),
  notes: optionalText(5000),
});

export type SemenBatchFields = z.infer<typeof semenBatchFields>;

export const semenBatchIdInput = studIdInput.extend({ semenBatchId: pathId });

export const semenBatchFilters = z.object({
  stallion_id: z.uuid().optional(),
  /** `true`: batches with doses left; `false`: used up. */
  available: queryFlag,
});

export type SemenBatchFilters = z.infer<typeof semenBatchFilters>;

export const semenBatchSchema = z.object({
  id: z.string(),
  stallion_id: z.string(),
  stallion: z.object({ id: z.string(), name: z.string() }),
  collected_on: z.string(),
  straws_per_dose: z.number().int(),
  doses_total: z.number().int(),
  doses_available: z.number().int(),
  storage: z.string().nullable(),
  post_thaw_motility: z.number().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type SemenBatch = z.infer<typeof semenBatchSchema>;
