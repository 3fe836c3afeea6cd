import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { SemenBatch, SemenBatchFilters } from './batch-schema';

/** The stud's semen batches under `where` (over `b`), as the API answers them. */
function selectBatches(stud: Organization, where: SQL): SQL {
  return sql`
  select b.id, b.stallion_id, json_build_object('id', h.id, 'name', i.name) as stallion,
         to_char(b.collected_on, 'YYYY-MM-DD') as collected_on, b.straws_per_dose,
         b.doses_total, b.doses_available, b.storage,
         b.post_thaw_motility::float8 as post_thaw_motility, b.notes,
         ${isoTimestampSql(sql`b.created_at`)} as created_at,
         ${isoTimestampSql(sql`b.updated_at`)} as updated_at
    from semen_batches b
    join stud_horses h on h.stud_id = b.stud_id and h.id = b.stallion_id
    join horse_identities i on i.id = h.horse_identity_id
   where b.stud_id = ${stud.id} and ${where}`;
}

/** GET /semen-batches: newest collection first; one statement. */
export async function listSemenBatches(
  db: Database,
  stud: Organization,
  input: SemenBatchFilters,
): Promise<SemenBatch[]> {
  const filters: SQL[] = [sql`true`];
  if (input.stallion_id) filters.push(sql`b.stallion_id = ${input.stallion_id}`);
  if (input.available !== undefined)
    filters.push(input.available ? sql`b.doses_available > 0` : sql`b.doses_available = 0`);
  return queryRows<SemenBatch>(
    db,
    sql`${selectBatches(stud, sql.join(filters, sql` and `))}
        order by b.collected_on desc, b.created_at desc, b.id`,
  );
}

export async function getSemenBatch(
  db: Database,
  stud: Organization,
  batchId: string,
): Promise<SemenBatch> {
  const [row] = isUuid(batchId)
    ? await queryRows<SemenBatch>(db, selectBatches(stud, sql`b.id = ${batchId}`))
    : [];
  if (!row) throw notFound('Semen batch');
  return row;
}
