import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { conflict, invalidField, notFound } from '../kernel/errors';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import type { CommissionQuote, CommissionTier, CommissionTierListInput } from './commission-schema';

/** The fields of `commissionTierSchema`, of the band `t` and its category `c` (left joined). */
const tierFields = sql`
  t.id, t.name, t.category_id, c.name as category_name,
  t.min_amount::float8 as min_amount, t.max_amount::float8 as max_amount,
  t.rate_percent::float8 as rate_percent, t.fixed_fee::float8 as fixed_fee, t.active,
  ${isoTimestampSql(sql`t.created_at`)} as created_at,
  ${isoTimestampSql(sql`t.updated_at`)} as updated_at`;

const TIERS = sql`commission_tiers t left join marketplace_categories c on c.id = t.category_id`;

/** Bands of one scope, a category's or the global ones (null), by their `category_id` column. */
export const inScope = (categoryId: string | null, column: SQL = sql`t.category_id`): SQL =>
  categoryId === null ? sql`${column} is null` : sql`${column} = ${categoryId}`;

/**
 * GET /admin/commission-tiers: the global bands first, then each category's by its name; in a
 * scope the active bands by amount, then the inactive ones. One statement.
 */
export async function listCommissionTiers(db: Database, input: CommissionTierListInput, url: URL) {
  const filters: SQL[] = [];
  if (input.category_id) filters.push(sql`t.category_id = ${input.category_id}`);
  if (input.global !== undefined)
    filters.push(input.global ? sql`t.category_id is null` : sql`t.category_id is not null`);
  if (input.active !== undefined) filters.push(sql`t.active = ${input.active}`);
  const [rows, total] = await pageOfRows<CommissionTier>(
    db,
    sql`select ${tierFields} from ${TIERS} where ${sql.join([sql`true`, ...filters], sql` and `)}`,
    sql`category_name nulls first, category_id, active desc, min_amount, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows, total, input, url);
}

/** One band in any state, or null: the audit log's reader too. */
export async function findCommissionTier(
  db: Database,
  id: string | null,
): Promise<CommissionTier | null> {
  if (!id || !isUuid(id)) return null;
  const [row] = await queryRows<CommissionTier>(
    db,
    sql`select ${tierFields} from ${TIERS} where t.id = ${id}`,
  );
  return row ?? null;
}

export async function getCommissionTier(db: Database, id: string): Promise<CommissionTier> {
  const tier = await findCommissionTier(db, id);
  if (!tier) throw notFound('Commission tier');
  return tier;
}

/** The active bands of a scope (null: global) by amount: the bands PUT's answer and audit. */
export async function scopeBands(
  db: Database,
  categoryId: string | null,
): Promise<CommissionTier[]> {
  if (categoryId !== null && !isUuid(categoryId)) return [];
  return queryRows<CommissionTier>(
    db,
    sql`select ${tierFields} from ${TIERS}
         where t.active and ${inScope(categoryId)} order by t.min_amount, t.id`,
  );
}

/**
 * C.7: the commission on `amount` (numeric text, e.g. `'1234.56'`) of a line of the category
 * (null: none): the active band holding the amount of the category, else of its parent, else
 * the global one; `amount × rate_percent / 100 + fixed_fee` rounded to cents in SQL numeric.
 * An unknown category is a 422 on `category_id`. One statement.
 */
export async function commissionFor(
  db: Database,
  categoryId: string | null,
  amount: string,
): Promise<CommissionQuote> {
  if (categoryId !== null && !isUuid(categoryId))
    throw invalidField('category_id', 'The selected category id is invalid.');
  const [row] = await queryRows<{
    category_found: boolean;
    tier: CommissionTier | null;
    commission: number | null;
  }>(
    db,
    sql`with line as (select ${amount}::numeric as amount),
             cat as (select id, parent_id from marketplace_categories
                      where id = ${categoryId}::uuid),
             pick as (
               select ${tierFields},
                      round(line.amount * t.rate_percent / 100 + t.fixed_fee, 2) as commission
                 from ${TIERS}, line
                where t.active and t.min_amount <= line.amount
                  and (t.max_amount is null or line.amount < t.max_amount)
                  and (t.category_id is null
                       or t.category_id in (select id from cat union all select parent_id from cat))
                order by case when t.category_id is null then 2
                              when t.category_id in (select id from cat) then 0 else 1 end
                limit 1)
        select exists (select 1 from cat) as category_found,
               case when p.id is null then null
                    else row_to_json(p)::jsonb - 'commission' end as tier,
               p.commission::float8 as commission
          from (select 1) one left join pick p on true`,
  );
  if (categoryId !== null && !row!.category_found)
    throw invalidField('category_id', 'The selected category id is invalid.');
  // The global bands cover every amount (E.5): only rows written around the routes get here.
  if (!row!.tier || row!.commission === null)
    throw conflict('No active commission band holds the amount.');
  return { tier: row!.tier, commission: row!.commission };
}
