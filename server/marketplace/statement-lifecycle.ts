import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { TimedJob } from '../kernel/jobs';
import { logger } from '../kernel/log';
import { COMPLETION_MONTH, monthlyCommission, monthStart } from './statement-queries';

/**
 * Issues the statements of closed months (C.0, C.7): for each seller profile and UTC month
 * before `now`'s with completed sub-orders of manual orders and no statement yet, one row of
 * their count, sales and commission, in one INSERT … SELECT. Idempotent: an issued month is
 * never summed again, and `on conflict do nothing` keeps the first statement of a month.
 * Answers how many were issued, and how many months mixed currencies and were left alone.
 */
export async function issueCommissionStatements(
  db: Database,
  now: Date,
): Promise<{ issued: number; mixed: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const months = monthlyCommission(
    sql`s.completed_at < ${monthStart(now)}
        and not exists (select 1 from commission_statements cs
                         where cs.seller_profile_id = s.seller_profile_id
                           and cs.period = ${COMPLETION_MONTH})`,
  );
  const [counts] = await queryRows<{ issued: number; mixed: number }>(
    db,
    sql`with months as (${months}),
        issued as (
          insert into commission_statements (seller_profile_id, period, sub_orders, sales_total,
                                             commission_total, currency, issued_at,
                                             created_at, updated_at)
          select seller_profile_id, period, sub_orders, sales_total, commission_total, currency,
                 ${at}, ${at}, ${at}
            from months
           where currencies = 1
          on conflict (seller_profile_id, period) do nothing
          returning id)
        select (select count(*)::int from issued) as issued,
               (select count(*)::int from months where currencies > 1) as mixed`,
  );
  return counts!;
}

/**
 * Hourly, so that a month's statements are issued within the hour after it closes. A month
 * whose orders mixed currencies stays unissued and is logged each run until a statement row
 * for it is written by hand.
 */
export const commissionStatementsJob: TimedJob = {
  name: 'marketplace.commission-statements',
  everySeconds: 3600,
  run: async (db, now) => {
    const result = await issueCommissionStatements(db, now);
    if (result.mixed > 0)
      logger.warn(
        { months: result.mixed },
        'commission statements not issued: months with orders in more than one currency',
      );
    return result;
  },
};
