import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { managedBy } from './seller-access';
import type { Statement, StatementListInput } from './statement-schema';

/*
 * The manual driver's commission statements (DESIGN-MODULES C.0, C.7): with payment by hand
 * the buyer pays the seller, so the seller owes the platform the commission of each completed
 * sub-order, summed per calendar month (UTC) of its completion.
 */

/** The UTC month in which the sub-order `s` completed, as its first day. */
export const COMPLETION_MONTH = sql`date_trunc('month', s.completed_at at time zone 'UTC')::date`;

/** The first instant of `now`'s UTC month: sub-orders completed since then are on no statement yet. */
export function monthStart(now: Date): SQL {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return sql`${first.toISOString()}::timestamptz`;
}

/**
 * Completed sub-orders `s` of manual orders `o` narrowed by `where`, summed per seller profile
 * and month: the rows statements are made of. Items and shipping are the sales, without tax
 * (G.11). `currencies` counts the orders' currencies: a month in which the administrators
 * changed `marketplace.currency` cannot be summed into one amount.
 */
export function monthlyCommission(where: SQL): SQL {
  return sql`
    select s.seller_profile_id, ${COMPLETION_MONTH} as period, count(*)::int as sub_orders,
           sum(s.items_total + s.shipping_amount) as sales_total,
           sum(s.commission_amount) as commission_total,
           min(o.currency) as currency, count(distinct o.currency)::int as currencies
      from sub_orders s
      join orders o on o.id = s.order_id
     where o.provider = 'manual' and s.status = 'completed' and ${where}
     group by s.seller_profile_id, ${COMPLETION_MONTH}`;
}

/**
 * GET /seller-profiles/{id}/statements, newest first: the current month, summed live as
 * `open` when it has completed sub-orders, then the issued statements. A profile the caller
 * does not manage is not found. Two statements whatever the number of months or sub-orders.
 */
export async function listStatements(
  db: Database,
  userId: string,
  input: StatementListInput,
  url: URL,
  now = new Date(),
) {
  const [profile] = isUuid(input.id)
    ? await queryRows<{ managed: boolean }>(
        db,
        sql`select ${managedBy(userId)} as managed from seller_profiles sp where sp.id = ${input.id}`,
      )
    : [];
  if (!profile?.managed) throw notFound('Seller profile');
  const open = monthlyCommission(
    sql`s.seller_profile_id = ${input.id} and s.completed_at >= ${monthStart(now)}`,
  );
  const [rows, total] = await pageOfRows<Statement>(
    db,
    sql`select to_char(m.period, 'YYYY-MM') as period, 'open' as status, m.sub_orders,
               m.sales_total::float8 as sales_total, m.commission_total::float8 as commission_total,
               m.currency, null as issued_at
          from (${open}) m
         where m.currencies = 1
        union all
        select to_char(cs.period, 'YYYY-MM'), 'issued', cs.sub_orders, cs.sales_total::float8,
               cs.commission_total::float8, cs.currency, ${isoTimestampSql(sql`cs.issued_at`)}
          from commission_statements cs
         where cs.seller_profile_id = ${input.id}`,
    sql`period desc`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows, total, input, url);
}
