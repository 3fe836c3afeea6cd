import { z } from 'zod';
import { moneyValue } from '../kernel/fields/record-fields';
import { adminProcedure, router } from '../kernel/trpc/init';
import {
  createCommissionTier,
  deleteCommissionTier,
  replaceCommissionBands,
  updateCommissionTier,
} from './commission-lifecycle';
import {
  commissionFor,
  findCommissionTier,
  getCommissionTier,
  listCommissionTiers,
  scopeBands,
} from './commission-queries';
import {
  commissionBandsInput,
  commissionPreviewInput,
  commissionQuoteSchema,
  commissionTierFields,
  commissionTierIdInput,
  commissionTierListInput,
  commissionTierPage,
  commissionTierSchema,
  commissionTierUpdateFields,
} from './commission-schema';

const tags = ['Administration: commission tiers'];
const audit = { subject: 'commission_tier', read: findCommissionTier };
const one = z.object({ data: commissionTierSchema });
const base = '/admin/commission-tiers';
const RULES =
  'A band holds amounts with `min_amount ≤ amount < max_amount` (null: no limit; `max_amount` ≤ `min_amount` → 422). `rate_percent` 0 to 50, `fixed_fee` ≥ 0. `category_id` names an active category (422); null is global. Active bands of one scope never overlap (422 `min_amount`).';

/**
 * Platform administrators' commission bands (DESIGN-MODULES E.5, C.7). The routes of fixed
 * paths (`preview`, `bands`) come before the `{id}` ones, which would otherwise match them.
 */
export const adminCommissionTiersRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: base,
        tags,
        summary: 'Commission bands, inactive ones too',
        description:
          'The global bands first, then each category’s by its name; in a scope the active bands by amount, then the inactive ones. Filters: `category_id`, `global` (true: global only; false: categories only), `active`.',
      },
    })
    .input(commissionTierListInput)
    .output(commissionTierPage)
    .query(({ ctx, input }) => listCommissionTiers(ctx.db, input, ctx.url)),

  preview: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `${base}/preview`,
        tags,
        summary: 'The band and commission of an amount',
        description:
          'The active band holding `amount` of the category (`category_id`, 422 when unknown), else of its parent, else the global one; `commission` = amount × rate_percent / 100 + fixed_fee, rounded to cents.',
      },
    })
    .input(commissionPreviewInput)
    .output(z.object({ data: commissionQuoteSchema }))
    .query(async ({ ctx, input }) => ({
      data: await commissionFor(ctx.db, input.category_id ?? null, moneyValue(input.amount)),
    })),

  replaceBands: adminProcedure
    .meta({
      audit: { subject: 'commission_tiers', idField: 'category_id', read: scopeBands },
      openapi: {
        method: 'PUT',
        path: `${base}/bands`,
        tags,
        summary: 'Replace the active bands of one scope',
        description:
          'The scope (`category_id`, null: global) gets `bands` as its active bands, in one transaction; the ones replaced stay, inactive. Checked as a whole: a band’s `max_amount` ≤ `min_amount` → 422 `bands.<n>.max_amount`, an overlap → 422 `bands.<n>.min_amount`, global bands that leave a gap between 0 and no limit → 422 `bands`. Answers the scope’s active bands by amount.',
      },
    })
    .input(commissionBandsInput)
    .output(z.object({ data: z.array(commissionTierSchema) }))
    .mutation(async ({ ctx, input }) => ({ data: await replaceCommissionBands(ctx.db, input) })),

  create: adminProcedure
    .meta({
      audit,
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: base,
        tags,
        summary: 'Add a commission band',
        description: RULES,
      },
    })
    .input(commissionTierFields)
    .output(one)
    .mutation(async ({ ctx, input }) => ({ data: await createCommissionTier(ctx.db, input) })),

  get: adminProcedure
    .meta({
      openapi: { method: 'GET', path: `${base}/{id}`, tags, summary: 'One commission band' },
    })
    .input(commissionTierIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({ data: await getCommissionTier(ctx.db, input.id) })),

  update: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'PUT',
        path: `${base}/{id}`,
        tags,
        summary: 'Update a commission band (fields given)',
        description: `${RULES} \`active: false\` deactivates it. A change that leaves the global bands a gap between 0 and no limit → 409: reshape them with the bands PUT.`,
      },
    })
    .input(commissionTierIdInput.extend(commissionTierUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input: { id, ...changes } }) => ({
      data: await updateCommissionTier(ctx.db, id, changes),
    })),

  remove: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'DELETE',
        path: `${base}/{id}`,
        tags,
        summary: 'Delete a commission band',
        description: 'A global band whose removal leaves a gap between 0 and no limit → 409.',
      },
    })
    .input(commissionTierIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await deleteCommissionTier(ctx.db, input.id);
      return { message: 'Commission tier deleted.' };
    }),
});
