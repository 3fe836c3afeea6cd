import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { marketplaceCategories } from './marketplace';
import { money } from './tenant';

/**
 * E.5, C.7: a commission band. A band holds the amounts `min_amount ≤ amount < max_amount`
 * (null `max_amount`: no limit); `category_id` null makes it global. Active bands of one scope
 * never overlap and the global ones cover 0 to no limit: the routes check both under a lock
 * of the scope (a rule across rows, which a CHECK cannot hold).
 */
export const commissionTiers = pgTable(
  'commission_tiers',
  {
    id: id(),
    name: text('name').notNull(),
    categoryId: uuid('category_id').references(() => marketplaceCategories.id, {
      onDelete: 'restrict',
    }),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount'),
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    fixedFee: money('fixed_fee').notNull().default('0'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('commission_tiers_scope_idx')
      .on(t.categoryId, t.minAmount)
      .where(sql`${t.active}`),
    check('commission_tiers_min_amount_check', sql`${t.minAmount} >= 0`),
    check(
      'commission_tiers_max_amount_check',
      sql`${t.maxAmount} is null or ${t.maxAmount} > ${t.minAmount}`,
    ),
    check('commission_tiers_rate_percent_check', sql`${t.ratePercent} between 0 and 50`),
    check('commission_tiers_fixed_fee_check', sql`${t.fixedFee} >= 0`),
  ],
);
