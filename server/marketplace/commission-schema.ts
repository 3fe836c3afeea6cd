import { z } from 'zod';
import { moneyField } from '../kernel/fields/record-fields';
import { pathId } from '../kernel/fields/params';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { fieldMessage } from '../kernel/validation';

/*
 * The platform administrators' commission tiers (DESIGN-MODULES E.5, C.7): the form of a band,
 * the bands of a scope, the list's filters and the preview. Loads nothing but zod, so that the
 * admin page validates with the server's rules.
 */

export const COMMISSION_TIERS_PER_PAGE = 50;
export const MAX_RATE_PERCENT = 50;
/** Bands a scope is reshaped into at once. */
export const MAX_BANDS = 50;

export const commissionTierIdInput = z.object({ id: pathId });

/** A percentage of `numeric(5,2)`: 0 to 50, at most two decimals. */
export const rateField = z
  .number()
  .min(0)
  .max(MAX_RATE_PERCENT)
  .refine(
    (value) => /^\d+(\.\d{1,2})?$/.test(String(value)),
    fieldMessage('field must have 0-2 decimal places.'),
  );

/** One band as the bands PUT sends it: its scope is the request's. */
export const bandFields = z.object({
  name: z.string().trim().min(1).max(80),
  min_amount: moneyField,
  /** Null or absent: no limit. Otherwise above `min_amount` (422). */
  max_amount: moneyField.nullable().optional(),
  rate_percent: rateField,
  fixed_fee: moneyField.optional(),
});

export type BandFields = z.infer<typeof bandFields>;

/** What an administrator writes about one band; PUT sends some of them. */
export const commissionTierFields = bandFields.extend({
  /** An active category (422); null or absent: a global band. */
  category_id: z.uuid().nullable().optional(),
  active: z.boolean().optional(),
});

export type CommissionTierFields = z.infer<typeof commissionTierFields>;

export const commissionTierUpdateFields = commissionTierFields.partial();

/** Replaces the active bands of one scope (null: the global bands). */
export const commissionBandsInput = z.object({
  category_id: z.uuid().nullable(),
  bands: z.array(bandFields).max(MAX_BANDS),
});

export type CommissionBandsInput = z.infer<typeof commissionBandsInput>;

export const commissionTierListInput = paginationInput(COMMISSION_TIERS_PER_PAGE).extend({
  /** One category's bands. */
  category_id: z.uuid().optional(),
  /** `true`: the global bands only; `false`: the categories' only. */
  global: z.stringbool().optional(),
  active: z.stringbool().optional(),
});

export type CommissionTierListInput = z.infer<typeof commissionTierListInput>;

/** An amount in a query string: money, as a body sends it. */
export const commissionPreviewInput = z.object({
  amount: z.coerce.number().pipe(moneyField),
  /** The line's category; absent: the global bands. */
  category_id: z.uuid().optional(),
});

export const commissionTierSchema = z.object({
  id: z.string(),
  name: z.string(),
  category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  min_amount: z.number(),
  max_amount: z.number().nullable(),
  rate_percent: z.number(),
  fixed_fee: z.number(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type CommissionTier = z.infer<typeof commissionTierSchema>;

export const commissionTierPage = paginatedSchema(commissionTierSchema);

export const commissionQuoteSchema = z.object({
  tier: commissionTierSchema,
  /** `amount × rate_percent / 100 + fixed_fee`, rounded to cents in SQL numeric. */
  commission: z.number(),
});

export type CommissionQuote = z.infer<typeof commissionQuoteSchema>;
