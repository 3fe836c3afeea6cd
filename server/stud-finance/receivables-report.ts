import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { OPEN_RECEIVABLE_STATUSES } from '@/db/schema';
import { inList } from '@/db/schema/tenant';
import { todayIn } from '../kernel/fields/calendar';
import type { Organization } from '../kernel/trpc/init';
import { clientDisplayName } from '../stud-crm/client-name';
import type { ReceivablesReport } from './report-schema';

type Line = ReceivablesReport['totals'] & {
  client: ReceivablesReport['clients'][number]['client'] | null;
};

/**
 * GET /reports/receivables: what is outstanding (amount − paid) on the open receivables, per
 * client, by days past due on the stud's today — `current` up to the due date itself, then
 * 1–30, 31–60, 61–90 and over 90 days — the largest debt first. One statement: the grouping
 * sets give each client's line and the totals (the line without a client).
 */
export async function receivablesReport(
  db: Database,
  stud: Organization,
): Promise<ReceivablesReport> {
  const today = todayIn(stud.timezone);
  const lines = await queryRows<Line>(
    db,
    sql`
      with open as (
        select client_id, amount - paid_amount as outstanding, ${today}::date - due_date as late
          from stud_receivables
         where stud_id = ${stud.id} and ${inList(sql`status`, OPEN_RECEIVABLE_STATUSES)}
      ),
      lines as (
        select client_id, count(*)::int as receivables,
               coalesce(sum(outstanding) filter (where late <= 0), 0)::float8 as current,
               coalesce(sum(outstanding) filter (where late between 1 and 30), 0)::float8 as days_1_30,
               coalesce(sum(outstanding) filter (where late between 31 and 60), 0)::float8 as days_31_60,
               coalesce(sum(outstanding) filter (where late between 61 and 90), 0)::float8 as days_61_90,
               coalesce(sum(outstanding) filter (where late > 90), 0)::float8 as over_90,
               coalesce(sum(outstanding), 0) as owed
          from open
         group by grouping sets ((client_id), ())
      )
      select case when c.id is null then null
                  else json_build_object('id', c.id, 'display_name', ${clientDisplayName}) end as client,
             l.receivables, l.current, l.days_1_30, l.days_31_60, l.days_61_90, l.over_90,
             l.owed::float8 as total
        from lines l
        left join stud_clients c on c.stud_id = ${stud.id} and c.id = l.client_id
       order by l.client_id is null, l.owed desc, lower(${clientDisplayName}), c.id
    `,
  );
  // The totals' line sorts last.
  const { client: _, ...totals } = lines.pop()!;
  return {
    as_of: today,
    clients: lines.map(({ client, ...figures }) => ({ client: client!, ...figures })),
    totals,
  };
}
