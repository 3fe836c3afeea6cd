import { z } from 'zod';
import { COMPETITION_STATUSES, FEE_APPLIES_TO, FEE_CONCEPTS } from '@/db/schema/competition-values';
import { fieldMessage } from '../kernel/validation';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { calendarDateField, moneyField, optionalText } from '../kernel/fields/record-fields';
import { entrySchema } from './entry-schema';
import { resultSchema } from './result-schema';

/*
 * A competition (spec 2.6, DESIGN 6) and its fees as the API takes and answers them.
 * Client-safe (zod only): the competition form takes its value lists from here.
 */

export { COMPETITION_STATUSES, FEE_APPLIES_TO, FEE_CONCEPTS };

export const competitionIdInput = schoolIdInput.extend({ competitionId: pathId });

/** The identity of a fee among a competition's fees; the concept never contains ':'. */
export function feeKey(fee: { concept: string; name: string }): string {
  return `${fee.concept}:${fee.name}`;
}

export const feeFields = z.object({
  concept: z.enum(FEE_CONCEPTS),
  name: z.string().trim().min(1).max(255),
  amount: moneyField,
  is_required: z.boolean().default(true),
  applies_to: z.enum(FEE_APPLIES_TO).default('entry'),
  description: optionalText(1000),
});

/** A competition's fees; two fees with the same concept and name would be one fee. */
export const feesField = z
  .array(feeFields)
  .max(50)
  .superRefine((fees, ctx) => {
    const seen = new Set<string>();
    fees.forEach((fee, index) => {
      const key = feeKey(fee);
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: fieldMessage(
            'field has a duplicate value (another fee has the same concept and name).',
          ),
        });
      }
      seen.add(key);
    });
  });

export const feeSchema = z.object({
  concept: z.enum(FEE_CONCEPTS),
  name: z.string(),
  amount: z.number(),
  is_required: z.boolean(),
  applies_to: z.enum(FEE_APPLIES_TO),
  description: z.string().nullable(),
});

export type FeeFields = z.infer<typeof feesField>;

/** Category names: trimmed, non-empty, each once. */
const categoriesField = z
  .array(z.string().trim().min(1).max(100))
  .max(100)
  .superRefine((categories, ctx) => {
    categories.forEach((category, index) => {
      if (categories.indexOf(category) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: fieldMessage('field has a duplicate value.'),
        });
      }
    });
  });

/** POST /competitions; PUT takes any part of it (`fees`, when sent, replaces the list: [] removes all). */
export const competitionFields = z.object({
  name: z.string().trim().min(1).max(255),
  description: optionalText(5000),
  date: calendarDateField,
  location: optionalText(255),
  /** Defaults to internal. */
  type: z.string().trim().min(1).max(50).optional(),
  categories: categoriesField.optional(),
  fees: feesField.optional(),
  /** Defaults to upcoming. */
  status: z.enum(COMPETITION_STATUSES).optional(),
});

export type CompetitionInput = Partial<z.infer<typeof competitionFields>>;

/** GET /competitions filters. */
export const competitionListFilters = z.object({
  status: z.enum(COMPETITION_STATUSES).optional(),
  type: z.string().trim().max(50).optional(),
  search: z.string().trim().max(255).optional(),
});

export type CompetitionListFilters = z.infer<typeof competitionListFilters>;

export const competitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  location: z.string().nullable(),
  type: z.string(),
  status: z.enum(COMPETITION_STATUSES),
  categories: z.array(z.string()),
  fees: z.array(feeSchema),
  created_at: z.string(),
  updated_at: z.string(),
});

export const competitionListItemSchema = competitionSchema.extend({
  results_count: z.number().int(),
});
export const competitionDetailSchema = competitionSchema.extend({
  entries: z
    .array(entrySchema)
    .describe('Every entry, cancelled ones included, by category and departure order.'),
  results: z.array(resultSchema),
});

export type Competition = z.infer<typeof competitionSchema>;
export type CompetitionDetail = z.infer<typeof competitionDetailSchema>;
