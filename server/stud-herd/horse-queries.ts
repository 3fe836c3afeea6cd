import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { todayIn } from '../kernel/fields/calendar';
import { escapeLike, isoTimestampSql } from '../kernel/records';
import { notFound } from '../kernel/errors';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { pedigreeTree } from '../pedigree/identity-queries';
import { clientDisplayName } from '../stud-crm/client-name';
import type { StudHorse, StudHorseFilters } from './horse-schema';

/**
 * The role of the identity `i` on `today` (B.1): a foal under one year (by its birth date,
 * else born this year), else stallion, gelding or mare; null while its sex is unknown.
 */
export const roleSql = (today: string): SQL => sql`
  case
    when (i.birth_date is not null and i.birth_date > ${today}::date - interval '1 year')
      or (i.birth_date is null and i.birth_year >= extract(year from ${today}::date)) then 'foal'
    when i.sex = 'male' and not i.gelded then 'stallion'
    when i.sex = 'male' then 'gelding'
    when i.sex = 'female' then 'mare'
  end`;

/**
 * A mare's reproductive status, first that holds: `in_foal` with a confirmed pregnancy (one
 * still checking is not yet in foal); `barren` when her latest pregnancy ended not pregnant or
 * lost (a new one opening clears it); `foaled` once she has a foal in the pedigree; else
 * `maiden`.
 */
const reproductiveSql = sql`
  case when i.sex = 'female' then
    case when exists (select 1 from pregnancies p
                       where p.stud_id = h.stud_id and p.mare_id = h.id
                         and p.status = 'confirmed') then 'in_foal'
         when (select p.status from pregnancies p
                where p.stud_id = h.stud_id and p.mare_id = h.id
                order by p.base_date desc, p.created_at desc limit 1)
              in ('not_pregnant', 'lost') then 'barren'
         when exists (select 1 from horse_identities f where f.dam_id = i.id) then 'foaled'
         else 'maiden' end
  end`;

/** The stud's horses under `where` (SQL over `h`, `i`, `role`), as the API answers them. */
export function selectStudHorses(stud: Organization, where: SQL): SQL {
  const today = todayIn(stud.timezone);
  return sql`
  select * from (
    select h.id, h.horse_identity_id, i.name, i.registered_name, i.sex, i.gelded,
           to_char(i.birth_date, 'YYYY-MM-DD') as birth_date, i.birth_year, i.breed, i.colour,
           i.ueln, i.microchip, i.status as identity_status,
           case when s.id is null then null else json_build_object('id', s.id, 'name', s.name) end as sire,
           case when d.id is null then null else json_build_object('id', d.id, 'name', d.name) end as dam,
           ${roleSql(today)} as role,
           ${reproductiveSql} as reproductive_status,
           h.ownership,
           case when c.id is null then null
                else json_build_object('id', c.id, 'display_name', ${clientDisplayName}) end as owner_client,
           h.on_premises, h.status,
           to_char(h.arrival_date, 'YYYY-MM-DD') as arrival_date,
           to_char(h.departure_date, 'YYYY-MM-DD') as departure_date,
           h.location, h.notes,
           (select m.id from stud_horse_media l join media m on m.id = l.media_id
             where l.stud_id = h.stud_id and l.horse_id = h.id and m.content_type like 'image/%'
             order by m.created_at desc, m.id desc limit 1) as photo_id,
           ${isoTimestampSql(sql`h.created_at`)} as created_at,
           ${isoTimestampSql(sql`h.updated_at`)} as updated_at,
           lower(i.name) as sort_name
      from stud_horses h
      join horse_identities i on i.id = h.horse_identity_id
      left join horse_identities s on s.id = i.sire_id
      left join horse_identities d on d.id = i.dam_id
      left join stud_clients c on c.stud_id = h.stud_id and c.id = h.owner_client_id
     where h.stud_id = ${stud.id}
  ) horse
  where ${where}`;
}

type Row = StudHorse & { sort_name: string };
const withoutSort = ({ sort_name: _, ...horse }: Row): StudHorse => horse;

/** GET /horses: the herd by name, filtered; one statement. */
export async function listStudHorses(
  db: Database,
  stud: Organization,
  input: StudHorseFilters,
): Promise<StudHorse[]> {
  const filters: SQL[] = [sql`true`];
  if (input.role) filters.push(sql`role = ${input.role}`);
  if (input.status) filters.push(sql`status = ${input.status}`);
  if (input.ownership) filters.push(sql`ownership = ${input.ownership}`);
  if (input.search) {
    const words = `%${escapeLike(input.search.toLowerCase())}%`;
    const exact = input.search.replace(/[\s-]/g, '').toUpperCase();
    filters.push(sql`(sort_name like ${words} or ueln = ${exact} or microchip = ${exact})`);
  }
  const rows = await queryRows<Row>(
    db,
    sql`${selectStudHorses(stud, sql.join(filters, sql` and `))} order by sort_name, id`,
  );
  return rows.map(withoutSort);
}

export async function getStudHorse(
  db: Database,
  stud: Organization,
  horseId: string,
): Promise<StudHorse> {
  const [row] = isUuid(horseId)
    ? await queryRows<Row>(db, selectStudHorses(stud, sql`id = ${horseId}`))
    : [];
  if (!row) throw notFound('Horse');
  return withoutSort(row);
}

/** GET /horses/{id}/pedigree: the 0.3 tree of the horse's identity. */
export async function getStudHorsePedigree(
  db: Database,
  stud: Organization,
  horseId: string,
  generations: number,
) {
  const horse = await getStudHorse(db, stud, horseId);
  const tree = await pedigreeTree(db, horse.horse_identity_id, generations);
  // The stud's horse holds a foreign key to its identity, so the tree is there.
  return tree!;
}

/**
 * Why the horse `horseId` cannot be what `field` names as a stallion of the stud, or null when
 * it can: a horse of the stud whose derived role, on the stud's today, is stallion (an entire
 * male of a year or more). Services, semen batches and a prospect's interest share it.
 */
export async function stallionError(
  db: Database,
  stud: Organization,
  horseId: string,
  field: string,
): Promise<string | null> {
  const [horse] = isUuid(horseId)
    ? await queryRows<{ role: string | null }>(
        db,
        sql`select ${roleSql(todayIn(stud.timezone))} as role
              from stud_horses h join horse_identities i on i.id = h.horse_identity_id
             where h.stud_id = ${stud.id} and h.id = ${horseId}`,
      )
    : [];
  const label = field.replace(/[._]/g, ' ');
  if (!horse) return `The selected ${label} is invalid.`;
  if (horse.role !== 'stallion')
    return `The ${label} must be a stallion of the stud (an entire male of a year or more).`;
  return null;
}
