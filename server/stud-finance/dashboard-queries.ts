import { addMonths, format, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import {
  OPEN_PREGNANCY_STATUSES,
  OPEN_RECEIVABLE_STATUSES,
  OPEN_RESERVATION_STATUSES,
} from '@/db/schema';
import { inList } from '@/db/schema/tenant';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import type { Organization } from '../kernel/trpc/init';
import { roleSql } from '../stud-herd/horse-queries';
import type { StudDashboard } from './report-schema';

/** Days ahead that the dashboard's foaling count looks. */
const FOALING_DAYS = 30;

/**
 * Every figure of the stud's dashboard (B.10) in one statement, whatever the size of the stud,
 * on the stud's today:
 * - horses: the active ones by their derived role (B.1); geldings and horses of unknown sex
 *   count in the total only;
 * - reservations: this season's (the current year) by state;
 * - tasks due: open tasks due today or before, whatever their source; checks due: those of them
 *   that are suggested pregnancy checks (source `pregnancy_check`: a check recorded within ±3
 *   days closes its task, B.5, so an open one is a check not done);
 * - foalings: open pregnancies due from today to 30 days ahead;
 * - finances: income entries dated this calendar month, and the open receivables with what is
 *   still outstanding on them.
 */
export async function studDashboard(db: Database, stud: Organization): Promise<StudDashboard> {
  const today = todayIn(stud.timezone);
  const monthStart = `${today.slice(0, 7)}-01`;
  const nextMonthStart = format(addMonths(parseISO(monthStart), 1), 'yyyy-MM-dd');
  const [row] = await queryRows<StudDashboard>(
    db,
    sql`
      with horses as (
        select ${roleSql(today)} as role
          from stud_horses h
          join horse_identities i on i.id = h.horse_identity_id
         where h.stud_id = ${stud.id} and h.status = 'active'
      ),
      reservations as (
        select status from stud_reservations
         where stud_id = ${stud.id} and season = ${today.slice(0, 4)}
           and ${inList(sql`status`, OPEN_RESERVATION_STATUSES)}
      ),
      tasks as (
        select source from stud_tasks
         where stud_id = ${stud.id} and status = 'open' and due_on <= ${today}::date
      ),
      receivables as (
        select amount - paid_amount as outstanding from stud_receivables
         where stud_id = ${stud.id} and ${inList(sql`status`, OPEN_RECEIVABLE_STATUSES)}
      )
      select
        json_build_object(
          'horses', (select json_build_object(
                       'total', count(*),
                       'stallions', count(*) filter (where role = 'stallion'),
                       'mares', count(*) filter (where role = 'mare'),
                       'foals', count(*) filter (where role = 'foal'))
                     from horses),
          'reservations', (select json_build_object(
                             'requested', count(*) filter (where status = 'requested'),
                             'confirmed', count(*) filter (where status = 'confirmed'),
                             'in_progress', count(*) filter (where status = 'in_progress'),
                             'pregnant', count(*) filter (where status = 'pregnant'))
                           from reservations)
        ) as stats,
        json_build_object(
          'tasks_due', (select count(*) from tasks),
          'checks_due', (select count(*) from tasks where source = 'pregnancy_check'),
          'foalings_next_30_days',
            (select count(*) from pregnancies
              where stud_id = ${stud.id} and ${inList(sql`status`, OPEN_PREGNANCY_STATUSES)}
                and due_date between ${today}::date and ${addDaysTo(today, FOALING_DAYS)}::date)
        ) as today,
        json_build_object(
          'month_income',
            (select coalesce(sum(amount), 0)::float8 from stud_income
              where stud_id = ${stud.id}
                and date >= ${monthStart}::date and date < ${nextMonthStart}::date),
          'pending_receivables', (select count(*) from receivables),
          'pending_amount', (select coalesce(sum(outstanding), 0)::float8 from receivables)
        ) as finances
    `,
  );
  return row!;
}
