import { z } from 'zod';
import { ENTRY_STATUSES } from '@/db/schema/competitions';
import { optionalText } from '../kernel/fields/record-fields';

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
