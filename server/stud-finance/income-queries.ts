import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { clientDisplayName } from '../stud-crm/client-name';
import type { Income, IncomeFilters } from './ledger-schema';

/**
 * The stud's income entries under `where` (over `e`) as the API answers them, with the
 * client's and the horse's names and, for an entry a payment wrote, its receipt number.
 */
function selectIncome(stud: Organization, where: SQL): SQL {
  return sql`
  select e.id, to_char(e.date, 'YYYY-MM-DD') as date, e.category, e.amount::float8 as amount,
         e.description, e.client_id,
         case when c.id is null then null
              else json_build_object('id', c.id, 'display_name', ${clientDisplayName}) end as client,
         e.horse_id,
         case when h.id is null then null else json_build_object('id', h.id, 'name', hi.name) end
           as horse,
         e.payment_id, p.receipt_number,
         ${isoTimestampSql(sql`e.created_at`)} as created_at,
         ${isoTimestampSql(sql`e.updated_at`)} as updated_at
    from stud_income e
    left join stud_clients c on c.stud_id = e.stud_id and c.id = e.client_id
    left join stud_horses h on h.stud_id = e.stud_id and h.id = e.horse_id
    left join horse_identities hi on hi.id = h.horse_identity_id
    left join stud_payments p on p.stud_id = e.stud_id and p.id = e.payment_id
   where e.stud_id = ${stud.id} and ${where}`;
}

/** GET /income: newest date first, a page and its total in one statement. */
export async function listIncome(db: Database, stud: Organization, input: IncomeFilters, url: URL) {
  const filters: SQL[] = [sql`true`];
  if (input.category) filters.push(sql`e.category = ${input.category}`);
  if (input.client_id) filters.push(sql`e.client_id = ${input.client_id}`);
  if (input.horse_id) filters.push(sql`e.horse_id = ${input.horse_id}`);
  if (input.from) filters.push(sql`e.date >= ${input.from}::date`);
  if (input.to) filters.push(sql`e.date <= ${input.to}::date`);
  const [rows, total] = await pageOfRows<Income>(
    db,
    selectIncome(stud, sql.join(filters, sql` and `)),
    // The ISO texts sort as the dates and times they write.
    sql`date desc, created_at desc, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows, total, input, url);
}

export async function getIncome(
  db: Database,
  stud: Organization,
  incomeId: string,
): Promise<Income> {
  const [row] = isUuid(incomeId)
    ? await queryRows<Income>(db, selectIncome(stud, sql`e.id = ${incomeId}`))
    : [];
  if (!row) throw notFound('Income entry');
  return row;
}
