import { getDaysInMonth } from 'date-fns';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { School } from '../kernel/trpc/init';
import { toMoney } from '../kernel/records';
import { paymentSnapshotSql } from './payment-records';

/*
 * Monthly tuition (DESIGN 6): for each active student, one pending `tuition` payment for the
 * month, amount = the sum of the prices of the classes of their enrollments active in the month
 * whose price type is monthly; nobody is charged 0.
 *
 * An enrollment counts for a month when its status is active and its period meets the month
 * (it started by the month's last day and has not ended before its first): active on the
 * first day, or starting within the month. Each such enrollment adds its class's price.
 *
 * A student already charged tuition for the month is skipped, also when that charge was
 * cancelled (a waived month stays waived; charge it again by hand). Between concurrent runs
 * the unique index on live tuition charges decides, and `on conflict do nothing` makes the
 * later run skip what the earlier one created.
 *
 * Everything is one statement, whatever the number of students: the charges, the payments
 * and their audit rows.
 */

export type MonthlyChargeRequest = { month: string; dueDay: number; dryRun: boolean };
export type MonthlyChargeResult = { created: number; skipped: number; total_amount: number };

/** The month's `due_day`, or its last day when the month is shorter (31 → 28 in February). */
export function dueDateOf(month: string, dueDay: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const day = Math.min(dueDay, getDaysInMonth(new Date(year, monthNumber - 1, 1)));
  return `${month}-${String(day).padStart(2, '0')}`;
}

function lastDayOf(month: string): string {
  return dueDateOf(month, 31);
}

type Counts = { candidates: number; created: number; total_amount: string };

export async function generateMonthlyCharges(
  db: Database,
  school: School,
  actorId: string,
  request: MonthlyChargeRequest,
): Promise<MonthlyChargeResult> {
  const { month, dueDay, dryRun } = request;
  const firstDay = `${month}-01`;
  const lastDay = lastDayOf(month);
  const charges = sql`
    charges as (
      select e.student_id,
             sum(c.price) as amount,
             string_agg(c.name, ', ' order by c.name) as class_names
      from enrollments e
      join students s on s.school_id = e.school_id and s.id = e.student_id and s.status = 'active'
      join classes c on c.school_id = e.school_id and c.id = e.class_id and c.price_type = 'monthly'
      where e.school_id = ${school.id}
        and e.status = 'active'
        and e.start_date <= ${lastDay}::date
        and (e.end_date is null or e.end_date >= ${firstDay}::date)
      group by e.student_id
      having sum(c.price) > 0
    ),
    uncharged as (
      select ch.* from charges ch
      where not exists (
        select 1 from payments p
        where p.school_id = ${school.id} and p.student_id = ch.student_id
          and p.concept = 'tuition' and p.period = ${month}
      )
    )`;

  const [row] = dryRun
    ? await queryRows<Counts>(
        db,
        sql`with ${charges}
            select (select count(*) from charges)::int as candidates,
                   (select count(*) from uncharged)::int as created,
                   (select coalesce(sum(amount), 0) from uncharged)::text as total_amount`,
      )
    : await queryRows<Counts>(
        db,
        sql`with ${charges},
            created as (
              insert into payments (school_id, student_id, concept, description, amount, currency, due_date, period, created_by)
              select ${school.id}::uuid, u.student_id, 'tuition', 'Tuition ' || ${month}::text || ': ' || u.class_names,
                     u.amount, ${school.currency}::text, ${dueDateOf(month, dueDay)}::date, ${month}::text, ${actorId}::uuid
              from uncharged u
              on conflict (school_id, student_id, period) where concept = 'tuition' and status <> 'cancelled' do nothing
              returning *
            ),
            audited as (
              insert into payment_audit (school_id, payment_id, action, actor_id, before, after)
              select c.school_id, c.id, 'create', ${actorId}::uuid, null, ${paymentSnapshotSql('c')}
              from created c
            )
            select (select count(*) from charges)::int as candidates,
                   (select count(*) from created)::int as created,
                   (select coalesce(sum(amount), 0) from created)::text as total_amount`,
      );
  const { candidates, created, total_amount } = row!;
  return { created, skipped: candidates - created, total_amount: toMoney(total_amount)! };
}
