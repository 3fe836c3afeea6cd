import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { clientDisplayName } from '../stud-crm/client-name';
import type { Receivable, ReceivableFilters } from './receivable-schema';

/** Open (still payable) and due before `today`, over `rv` (DESIGN 6's derived overdue). */
const overdueSql = (today: string) =>
  sql`(rv.status in ('pending', 'partially_paid') and rv.due_date < ${today}::date)`;

/**
 * The stud's receivables under `where` (over `rv`), as the API answers them, with the client's
 * name and the reservation's horses and season; `today` is the stud's, for `overdue`.
 */
function selectReceivables(studId: string, today: string, where: SQL): SQL {
  return sql`
  select rv.id, rv.client_id,
         json_build_object('id', c.id, 'display_name', ${clientDisplayName}) as client,
         rv.reservation_id,
         case when r.id is null then null
              else json_build_object('id', r.id, 'season', r.season,
                     'mare', json_build_object('id', mh.id, 'name', mi.name),
                     'stallion', json_build_object('id', sh.id, 'name', si.name)) end
           as reservation,
         rv.shipment_id, rv.kind, rv.description, rv.amount::float8 as amount,
         rv.paid_amount::float8 as paid_amount,
         case when rv.status in ('pending', 'partially_paid')
              then (rv.amount - rv.paid_amount)::float8 else 0 end as outstanding,
         to_char(rv.due_date, 'YYYY-MM-DD') as due_date, rv.status,
         ${overdueSql(today)} as overdue,
         case when ${overdueSql(today)} then ${today}::date - rv.due_date else 0 end
           as days_overdue,
         rv.source, rv.notes, ${isoTimestampSql(sql`rv.cancelled_at`)} as cancelled_at,
         ${isoTimestampSql(sql`rv.created_at`)} as created_at,
         ${isoTimestampSql(sql`rv.updated_at`)} as updated_at,
         rv.created_at as sort_created
    from stud_receivables rv
    join stud_clients c on c.stud_id = rv.stud_id and c.id = rv.client_id
    left join stud_reservations r on r.stud_id = rv.stud_id and r.id = rv.reservation_id
    left join stud_horses mh on mh.stud_id = r.stud_id and mh.id = r.mare_id
    left join horse_identities mi on mi.id = mh.horse_identity_id
    left join stud_horses sh on sh.stud_id = r.stud_id and sh.id = r.stallion_id
    left join horse_identities si on si.id = sh.horse_identity_id
   where rv.stud_id = ${studId} and ${where}`;
}

type Row = Receivable & { sort_created: string };
const withoutSort = ({ sort_created: _, ...receivable }: Row): Receivable => receivable;

/** The `status` filter: a stored status, or the derived `overdue` and `open`. */
function statusFilter(status: NonNullable<ReceivableFilters['status']>, today: string): SQL {
  if (status === 'overdue') return overdueSql(today);
  if (status === 'open') return sql`rv.status in ('pending', 'partially_paid')`;
  return sql`rv.status = ${status}`;
}

/** GET /receivables: the soonest due first; a page and its total in one statement. */
export async function listReceivables(
  db: Database,
  stud: Organization,
  input: ReceivableFilters,
  url: URL,
) {
  const today = todayIn(stud.timezone);
  const filters: SQL[] = [sql`true`];
  if (input.client_id) filters.push(sql`rv.client_id = ${input.client_id}`);
  if (input.reservation_id) filters.push(sql`rv.reservation_id = ${input.reservation_id}`);
  if (input.status) filters.push(statusFilter(input.status, today));
  if (input.kind) filters.push(sql`rv.kind = ${input.kind}`);
  if (input.source) filters.push(sql`rv.source = ${input.source}`);
  if (input.due_from) filters.push(sql`rv.due_date >= ${input.due_from}::date`);
  if (input.due_to) filters.push(sql`rv.due_date <= ${input.due_to}::date`);
  const [rows, total] = await pageOfRows<Row>(
    db,
    selectReceivables(stud.id, today, sql.join(filters, sql` and `)),
    sql`due_date, sort_created, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows.map(withoutSort), total, input, url);
}

export async function getReceivable(
  db: Database,
  stud: Organization,
  receivableId: string,
): Promise<Receivable> {
  const [row] = isUuid(receivableId)
    ? await queryRows<Row>(
        db,
        selectReceivables(stud.id, todayIn(stud.timezone), sql`rv.id = ${receivableId}`),
      )
    : [];
  if (!row) throw notFound('Receivable');
  return withoutSort(row);
}
