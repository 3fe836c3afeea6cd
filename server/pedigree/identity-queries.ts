import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { horseIdentities, pedigreeCorrections } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { pageOffset, paginate, type PageRequest } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { IDENTITY_REFERENCES, linkedForUser, type IdentityRow } from './identity-rules';
import type { Identity, PedigreeNode } from './identity-schema';

/** Who reads: a user sees a microchip where one of their organizations links the horse. */
export type Reader = { userId: string; isPlatformAdmin: boolean };

export function toIdentity(row: IdentityRow, microchipVisible: boolean): Identity {
  return {
    id: row.id,
    name: row.name,
    registered_name: row.registeredName,
    sex: row.sex,
    gelded: row.gelded,
    birth_date: row.birthDate,
    birth_year: row.birthYear,
    breed: row.breed,
    colour: row.colour,
    country: row.country,
    ueln: row.ueln,
    microchip: microchipVisible ? row.microchip : null,
    studbook: row.studbook,
    registration_number: row.registrationNumber,
    sire_id: row.sireId,
    dam_id: row.damId,
    status: row.status,
    merged_into_id: row.mergedIntoId,
    created_by_org_id: row.createdByOrgId,
    deceased_on: row.deceasedOn,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function microchipVisible(reader: Reader): SQL<boolean> {
  return reader.isPlatformAdmin
    ? sql<boolean>`true`
    : sql<boolean>`(${linkedForUser(sql`${horseIdentities.id}`, reader.userId)})`;
}

/** `%` and `_` typed by a user are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Identities by name prefix (3 characters or more, any case) or by an exact UELN, microchip
 * or registration number; merged records left out unless `status` asks for them. Two
 * statements whatever the page.
 */
export async function searchIdentities(
  db: Database,
  reader: Reader,
  filter: PageRequest & { search?: string; status?: Identity['status'] },
  url: URL,
) {
  const h = horseIdentities;
  const search = filter.search?.trim();
  const compact = search?.replace(/[\s-]/g, '').toUpperCase();
  const where = and(
    search
      ? or(
          sql`lower(${h.name}) like ${`${escapeLike(search.toLowerCase())}%`}`,
          eq(h.ueln, compact!),
          eq(h.microchip, compact!),
          eq(h.registrationNumber, search),
        )
      : undefined,
    filter.status ? eq(h.status, filter.status) : ne(h.status, 'merged'),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: h, visible: microchipVisible(reader) })
      .from(h)
      .where(where)
      .orderBy(asc(sql`lower(${h.name})`), asc(h.birthYear), asc(h.id))
      .limit(filter.per_page)
      .offset(pageOffset(filter)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(h)
      .where(where),
  ]);
  return paginate(
    rows.map(({ row, visible }) => toIdentity(row, visible)),
    count?.total ?? 0,
    filter,
    url,
  );
}

export async function getIdentity(db: Database, reader: Reader, id: string): Promise<Identity> {
  const [found] = isUuid(id)
    ? await db
        .select({ row: horseIdentities, visible: microchipVisible(reader) })
        .from(horseIdentities)
        .where(eq(horseIdentities.id, id))
    : [];
  if (!found) throw notFound('Horse identity');
  return toIdentity(found.row, found.visible);
}

export type TreeRow = {
  id: string;
  name: string;
  sex: PedigreeNode['sex'];
  birth_year: number;
  breed: string | null;
  ueln: string | null;
  status: PedigreeNode['status'];
  sire_id: string | null;
  dam_id: string | null;
  merged_into_id: string | null;
};

/**
 * The horses `roots` and their ancestors to `generations` above them, by one recursive
 * query; a horse met twice (inbreeding) is read once.
 */
export async function ancestryRows(
  db: Database,
  roots: readonly string[],
  generations: number,
): Promise<TreeRow[]> {
  return queryRows<TreeRow>(
    db,
    sql`with recursive tree(id, depth) as (
          select root, 0 from unnest(${sql.param(roots)}::uuid[]) root
          union
          select p.parent, tree.depth + 1 from tree
            join ${horseIdentities} h on h.id = tree.id
            cross join lateral (values (h.sire_id), (h.dam_id)) p(parent)
          where p.parent is not null and tree.depth < ${generations}
        )
        select distinct h.id, h.name, h.sex, h.birth_year, h.breed, h.ueln, h.status,
               h.sire_id, h.dam_id, h.merged_into_id
        from tree join ${horseIdentities} h on h.id = tree.id`,
  );
}

/** The 0.3 tree of `id` from rows of its ancestry: `generations` above it, each at its places. */
export function treeFrom(
  rows: readonly TreeRow[],
  id: string,
  generations: number,
): PedigreeNode | null {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const node = (nodeId: string | null, depth: number): PedigreeNode | null => {
    const row = nodeId ? byId.get(nodeId) : undefined;
    if (!row) return null;
    const deeper = depth < generations;
    return {
      id: row.id,
      name: row.name,
      sex: row.sex,
      birth_year: Number(row.birth_year),
      breed: row.breed,
      ueln: row.ueln,
      status: row.status,
      sire: deeper ? node(row.sire_id, depth + 1) : null,
      dam: deeper ? node(row.dam_id, depth + 1) : null,
    };
  };
  return node(id, 0);
}

/** The horse and its ancestors to `generations` (parents are the first), by one recursive query. */
export async function pedigreeTree(
  db: Database,
  id: string,
  generations: number,
): Promise<(PedigreeNode & { merged_into_id: string | null }) | null> {
  if (!isUuid(id)) return null;
  const rows = await ancestryRows(db, [id], generations);
  const root = treeFrom(rows, id, generations);
  return root && { ...root, merged_into_id: rows.find((row) => row.id === id)!.merged_into_id };
}

/** What points to an identity, as a merge would move it (the merge preview of E.6). */
export async function identityReferences(db: Database, id: string) {
  if (!isUuid(id)) throw notFound('Horse identity');
  const h = horseIdentities;
  const records = sql.join(
    IDENTITY_REFERENCES.map(
      (ref) => sql`(select count(*) from ${ref.table} where ${ref.identity} = ${id})`,
    ),
    sql` + `,
  );
  const [row] = await db
    .select({
      records: sql<number>`(${records})::int`,
      foals: sql<number>`(select count(*) from ${h} f where f.sire_id = ${id} or f.dam_id = ${id})::int`,
      corrections: sql<number>`(select count(*) from ${pedigreeCorrections} c where c.horse_identity_id = ${id} and c.status = 'pending')::int`,
    })
    .from(h)
    .where(eq(h.id, id));
  if (!row) throw notFound('Horse identity');
  return {
    organization_records: row.records,
    foals: row.foals,
    pending_corrections: row.corrections,
  };
}
