import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { Birth, BirthFilters } from './birth-schema';

/** The stud's births under `where` (over `b` and its pregnancy `p`), with their foals. */
function selectBirths(stud: Organization, where: SQL): SQL {
  return sql`
  select b.id, b.pregnancy_id,
         json_build_object('id', m.id, 'name', mi.name) as mare,
         json_build_object('id', st.id, 'name', si.name) as stallion,
         p.reservation_id, to_char(b.born_on, 'YYYY-MM-DD') as born_on, b.outcome, b.vet_name,
         b.notes,
         coalesce((select json_agg(json_build_object(
                     'horse_id', f.horse_id, 'horse_identity_id', fh.horse_identity_id,
                     'name', fi.name, 'sex', fi.sex, 'colour', fi.colour,
                     'markings', f.markings, 'stands_and_nurses', f.stands_and_nurses,
                     'weight_kg', f.weight_kg::float8) order by f.position)
                     from birth_foals f
                     join stud_horses fh on fh.stud_id = f.stud_id and fh.id = f.horse_id
                     join horse_identities fi on fi.id = fh.horse_identity_id
                    where f.stud_id = b.stud_id and f.birth_id = b.id), '[]'::json) as foals,
         ${isoTimestampSql(sql`b.created_at`)} as created_at,
         ${isoTimestampSql(sql`b.updated_at`)} as updated_at
    from births b
    join pregnancies p on p.stud_id = b.stud_id and p.id = b.pregnancy_id
    join stud_horses m on m.stud_id = p.stud_id and m.id = p.mare_id
    join horse_identities mi on mi.id = m.horse_identity_id
    join stud_horses st on st.stud_id = p.stud_id and st.id = p.stallion_id
    join horse_identities si on si.id = st.horse_identity_id
   where b.stud_id = ${stud.id} and ${where}`;
}

/** GET /births: newest first; one statement. */
export async function listBirths(
  db: Database,
  stud: Organization,
  input: BirthFilters,
): Promise<Birth[]> {
  const filters: SQL[] = [sql`true`];
  if (input.season)
    filters.push(sql`b.born_on >= make_date(${Number(input.season)}::int, 1, 1)
                 and b.born_on < make_date(${Number(input.season) + 1}::int, 1, 1)`);
  if (input.stallion_id) filters.push(sql`p.stallion_id = ${input.stallion_id}`);
  return queryRows<Birth>(
    db,
    sql`${selectBirths(stud, sql.join(filters, sql` and `))}
        order by b.born_on desc, b.created_at desc, b.id`,
  );
}

export async function getBirth(db: Database, stud: Organization, birthId: string): Promise<Birth> {
  const [row] = isUuid(birthId)
    ? await queryRows<Birth>(db, selectBirths(stud, sql`b.id = ${birthId}`))
    : [];
  if (!row) throw notFound('Birth');
  return row;
}
