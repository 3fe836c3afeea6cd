import { z } from 'zod';
import { ENTRY_STATUSES, RIBBONS } from '@/db/schema/competition-values';
import { optionalText } from '../kernel/fields/record-fields';

/*
 * A competition entry (spec 4.4) as the API takes and answers it. Client-safe (zod only).
 */

export { ENTRY_STATUSES };

export const categoryField = z.string().trim().min(1).max(100);

/** POST entries (spec 4.4). */
export const entryFields = z.object({
  student_id: z.uuid(),
  category: categoryField,
  horse_id: z.uuid().nullable().optional(),
  notes: optionalText(5000),
});

/** PUT entry: the student stays; status and order number are set as sent. */
export const entryUpdateFields = z.object({
  category: categoryField.optional(),
  horse_id: z.uuid().nullable().optional(),
  order_number: z.number().int().min(1).max(100_000).nullable().optional(),
  status: z.enum(ENTRY_STATUSES).optional(),
  notes: optionalText(5000),
});

export type EntryInput = z.infer<typeof entryFields>;
export type EntryUpdate = z.infer<typeof entryUpdateFields>;

export const entrySchema = z.object({
  id: z.string(),
  competition_id: z.string(),
  student_id: z.string(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  horse_id: z.string().nullable(),
  horse: z.object({ id: z.string(), name: z.string() }).nullable(),
  category: z.string(),
  order_number: z.number().int().nullable(),
  status: z.enum(ENTRY_STATUSES),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Entry = z.infer<typeof entrySchema>;

/** GET entries filters. */
export const entryListFilters = z.object({
  category: z.string().trim().max(100).optional(),
  status: z.enum(ENTRY_STATUSES).optional(),
});

export type EntryListFilters = z.infer<typeof entryListFilters>;

/** The starting list (GET /competitions/{id}/print-list). */
const printedEntrySchema = z.object({
  order_number: z.number().int().nullable(),
  student_name: z.string(),
  student_age: z
    .number()
    .int()
    .nullable()
    .describe('Whole years at the competition date; null without a birth date.'),
  horse_name: z.string().nullable(),
  result: z.object({ ribbon: z.enum(RIBBONS), ribbon_label: z.string() }).nullable(),
});

export const printListSchema = z.object({
  competition: z.object({ name: z.string(), date: z.string(), location: z.string().nullable() }),
  categories: z.record(z.string(), z.array(printedEntrySchema)),
  total_entries: z.number().int(),
  generated_at: z.string(),
});

export type PrintList = z.infer<typeof printListSchema>;
