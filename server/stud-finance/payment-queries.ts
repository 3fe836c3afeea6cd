import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { clientDisplayName } from '../stud-crm/client-name';
import type { PaymentFilters, StudPayment } from './payment-schema';

/**
 * The stud's payments under `where` (over `p`), as the API answers them, with their receivable
 * and its client, and the income entry a recorded payment wrote.
 */
function selectPayments(studId: string, where: SQL): SQL {
  return sql`
  select p.id, p.receivable_id,
         json_build_object('id', rv.id, 'kind', rv.kind, 'description', rv.description,
           'client', json_build_object('id', c.id, 'display_name', ${clientDisplayName}))
           as receivable,
         p.amount::float8 as amount, to_char(p.paid_date, 'YYYY-MM-DD') as paid_date,
         p.payment_method, p.receipt_number, p.notes, p.status, i.id as income_id,
         ${isoTimestampSql(sql`p.voided_at`)} as voided_at, p.void_reason,
         ${isoTimestampSql(sql`p.created_at`)} as created_at,
         ${isoTimestampSql(sql`p.updated_at`)} as updated_at,
         p.created_at as sort_created
    from stud_payments p
    join stud_receivables rv on rv.stud_id = p.stud_id and rv.id = p.receivable_id
    join stud_clients c on c.stud_id = rv.stud_id and c.id = rv.client_id
    left join stud_income i on i.stud_id = p.stud_id and i.payment_id = p.id
   where p.stud_id = ${studId} and ${where}`;
}

type Row = StudPayment & { sort_created: string };
const withoutSort = ({ sort_created: _, ...payment }: Row): StudPayment => payment;

/** GET /payments: the newest paid first; a page and its total in one statement. */
export async function listPayments(
  db: Database,
  stud: Organization,
  input: PaymentFilters,
  url: URL,
) {
  const filters: SQL[] = [sql`true`];
  if (input.receivable_id) filters.push(sql`p.receivable_id = ${input.receivable_id}`);
  if (input.client_id) filters.push(sql`rv.client_id = ${input.client_id}`);
  if (input.status) filters.push(sql`p.status = ${input.status}`);
  if (input.payment_method) filters.push(sql`p.payment_method = ${input.payment_method}`);
  if (input.from) filters.push(sql`p.paid_date >= ${input.from}::date`);
  if (input.to) filters.push(sql`p.paid_date <= ${input.to}::date`);
  const [rows, total] = await pageOfRows<Row>(
    db,
    selectPayments(stud.id, sql.join(filters, sql` and `)),
    sql`paid_date desc, sort_created desc, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows.map(withoutSort), total, input, url);
}

export async function getPayment(
  db: Database,
  stud: Organization,
  paymentId: string,
): Promise<StudPayment> {
  const [row] = isUuid(paymentId)
    ? await queryRows<Row>(db, selectPayments(stud.id, sql`p.id = ${paymentId}`))
    : [];
  if (!row) throw notFound('Payment');
  return withoutSort(row);
}
