import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { isoTimestampSql, pageOfRows } from '../kernel/records';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { MedicalRecord, MedicalRecordFilters } from './medical-schema';

/** The stud's medical records under `where` (over `r`), as the API answers them. */
function selectRecords(stud: Organization, where: SQL): SQL {
  const today = todayIn(stud.timezone);
  return sql`
  select r.id, r.horse_id, i.name as horse_name, to_char(r.date, 'YYYY-MM-DD') as date, r.type,
         r.title, r.description, r.vet_name, r.product, r.dose,
         to_char(r.next_due_on, 'YYYY-MM-DD') as next_due_on,
         coalesce(r.next_due_on < ${today}::date, false) as overdue,
         case when t.id is null then null else json_build_object('id', t.id, 'status', t.status) end as task,
         r.cost::float8 as cost, r.record_expense, r.expense_id,
         coalesce((select json_agg(json_build_object('id', m.id, 'filename', m.filename,
                                                     'content_type', m.content_type)
                                   order by m.created_at, m.id)
                     from medical_record_media l join media m on m.id = l.media_id
                    where l.stud_id = r.stud_id and l.medical_record_id = r.id), '[]') as attachments,
         ${isoTimestampSql(sql`r.created_at`)} as created_at,
         ${isoTimestampSql(sql`r.updated_at`)} as updated_at,
         r.date as sort_date, r.created_at as sort_created
    from medical_records r
    join stud_horses h on h.stud_id = r.stud_id and h.id = r.horse_id
    join horse_identities i on i.id = h.horse_identity_id
    left join stud_tasks t on t.stud_id = r.stud_id and t.medical_record_id = r.id
   where r.stud_id = ${stud.id} and ${where}`;
}

type Row = MedicalRecord & { sort_date: string; sort_created: string };
const withoutSort = ({ sort_date: _, sort_created: __, ...record }: Row): MedicalRecord => record;

/** GET /medical-records: newest first, a page and its total in one statement. */
export async function listMedicalRecords(
  db: Database,
  stud: Organization,
  input: MedicalRecordFilters,
  url: URL,
) {
  const filters: SQL[] = [sql`true`];
  if (input.horse_id) filters.push(sql`r.horse_id = ${input.horse_id}`);
  if (input.type) filters.push(sql`r.type = ${input.type}`);
  if (input.due_before) filters.push(sql`r.next_due_on <= ${input.due_before}`);
  const [rows, total] = await pageOfRows<Row>(
    db,
    selectRecords(stud, sql.join(filters, sql` and `)),
    sql`sort_date desc, sort_created desc, id`,
    { limit: input.per_page, offset: pageOffset(input) },
  );
  return paginate(rows.map(withoutSort), total, input, url);
}

export async function getMedicalRecord(
  db: Database,
  stud: Organization,
  recordId: string,
): Promise<MedicalRecord> {
  const [row] = isUuid(recordId)
    ? await queryRows<Row>(db, selectRecords(stud, sql`r.id = ${recordId}`))
    : [];
  if (!row) throw notFound('Medical record');
  return withoutSort(row);
}
