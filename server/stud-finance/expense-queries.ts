import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { containsFolded, isoTimestampSql, pageOfRows } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import type { Expense, ExpenseFilters } from './ledger-schema';

/**
 * The stud's expenses under `where` (over `x`) as the API answers them: the horse's name, the
 * receipts, and the medical record that booked the expense (at most one: a unique index).
 */
function selectExpenses(stud: Organization, where: SQL): SQL {
  return sql`
  select x.id, to_char(x.date, 'YYYY-MM-DD') as date, x.category, x.amount::float8 as amount,
         x.supplier, x.description, x.horse_id,
         case when h.id is null then null else json_build_object('id', h.id, 'name', hi.name) end
           as horse,
         x.payment_method,
         (select r.id from medical_records r where r.stud_id = x.stud_id and r.expense_id = x.id)
           as medical_record_id,
         coalesce((select json_agg(json_build_object('id', m.id, 'filename', m.filename,
                                                     'content_type', m.content_type)
                                   order by m.created_at, m.id)
                     from stud_expense_media l join media m on m.id = l.media_id
                    where l.stud_id = x.stud_id and l.expense_id = x.id), '[]') as receipts,
         ${isoTimestampSql(sql`x.created_at`)} as created_at,
         ${isoTimestampSql(sql`x.updated_at`)} as updated_at
    from stud_expenses x
    left join stud_horses h on h.stud_id = x.stud_id and h.id = x.horse_id
    left join horse_identities hi on hi.id = h.horse_identity_id
   where x.stud_id = ${stud.id} and ${where}`;
}

/** GET /expenses: newest date first, a page and its total in one statement. */
export async function listExpenses(
  db: Database,
  stud: Organization,
  input: ExpenseFilters,
  url: URL,
) {
  const filters: SQL[] = [sql`true`];
  if (input.category) filters.push(sql`x.category = ${input.category}`);
  if (input.horse_id) filters.push(sql`x.horse_id = ${input.horse_id}`);
  if (input.from) filters.push(sql`x.date >= ${input.from}::date`);
  if (input.to) filters.push(sql`x.date <= ${input.to}::date`);
  if (input.search) {
    filters.push(
      sql`(${containsFolded(sql`x.supplier`, input.search)} or ${containsFolded(sql`x.description`, input.search)})`,
    );
  }
  const [rows, total] = await pageOfRows<Expense>(
    db,
    selectExpenses(stud, sql.join(filters, sql` and `)),
    // The ISO texts sort as the dates and times they write.
    sql`date desc, created_at desc, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows, total, input, url);
}

export async function getExpense(
  db: Database,
  stud: Organization,
  expenseId: string,
): Promise<Expense> {
  const [row] = isUuid(expenseId)
    ? await queryRows<Expense>(db, selectExpenses(stud, sql`x.id = ${expenseId}`))
    : [];
  if (!row) throw notFound('Expense');
  return row;
}
