import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '@/db/client';
import { invalidField, notFound } from './errors';
import { isUuid } from './validation';

/** A school table: keyed by (school_id, id). */
type SchoolTable = PgTable & { schoolId: PgColumn; id: PgColumn };

/** The join to the `table` row that `id` names, within the same school (`schoolId`). */
export const joinInSchool = (table: SchoolTable, schoolId: PgColumn, id: PgColumn) =>
  and(eq(table.schoolId, schoolId), eq(table.id, id));

/** A stud table: keyed by (stud_id, id). */
type StudTable = PgTable & { studId: PgColumn; id: PgColumn };

type Keyed = PgTable & { id: PgColumn };

async function selectIn<T extends Keyed>(
  db: Database,
  table: T,
  tenant: PgColumn,
  organizationId: string,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(tenant, organizationId), eq(table.id, id)))
    .limit(1);
  return row as T['$inferSelect'] | undefined;
}

/**
 * The row of a path id in this school, or 404: a malformed id and another school's id are
 * simply not found (DESIGN 4).
 */
export async function findInSchool<T extends SchoolTable>(
  db: Database,
  table: T,
  schoolId: string,
  id: string,
  what: string,
): Promise<T['$inferSelect']> {
  const row = await selectIn(db, table, table.schoolId, schoolId, id);
  if (!row) throw notFound(what);
  return row;
}

/** `findInSchool` for a stud's tables (DESIGN-MODULES 0.1). */
export async function findInStud<T extends StudTable>(
  db: Database,
  table: T,
  studId: string,
  id: string,
  what: string,
): Promise<T['$inferSelect']> {
  const row = await selectIn(db, table, table.studId, studId, id);
  if (!row) throw notFound(what);
  return row;
}

/**
 * A body id (`student_id`, `horse_id`, ...) must name a record of this school, else 422 on
 * that field. Returns the row so that rules can read its state.
 */
export async function referenceInSchool<T extends SchoolTable>(
  db: Database,
  table: T,
  schoolId: string,
  id: string,
  field: string,
): Promise<T['$inferSelect']> {
  return referenceIn(db, table, table.schoolId, schoolId, id, field);
}

/** `referenceInSchool` for a stud's tables. */
export async function referenceInStud<T extends StudTable>(
  db: Database,
  table: T,
  studId: string,
  id: string,
  field: string,
): Promise<T['$inferSelect']> {
  return referenceIn(db, table, table.studId, studId, id, field);
}

async function referenceIn<T extends Keyed>(
  db: Database,
  table: T,
  tenant: PgColumn,
  organizationId: string,
  id: string,
  field: string,
): Promise<T['$inferSelect']> {
  const row = await selectIn(db, table, tenant, organizationId, id);
  if (!row) throw invalidField(field, `The selected ${field.replace(/_/g, ' ')} is invalid.`);
  return row;
}

/** Ids among `ids` that are not records of this school, in one statement. */
export async function missingInSchool(
  db: Database,
  table: SchoolTable,
  schoolId: string,
  ids: string[],
): Promise<Set<string>> {
  const wellFormed = [...new Set(ids.filter(isUuid))];
  const found = wellFormed.length
    ? await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(eq(table.schoolId, schoolId), inArray(table.id, wellFormed)))
    : [];
  const present = new Set(found.map((row) => String(row.id)));
  return new Set(ids.filter((id) => !present.has(id)));
}

/** `numeric` from the database as a JSON number (at most two decimals, no float sums). */
export function toMoney(value: string | null): number | null {
  return value === null ? null : Number(value);
}

/** Postgres `time` (`HH:MM:SS`) as `HH:MM`. */
export function toTimeOfDay(value: string): string {
  return value.slice(0, 5);
}

export const timestampsOut = (row: { createdAt: Date; updatedAt: Date }) => ({
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** `count(*)` as a JS number. */
export const countAll = sql<number>`count(*)::int`;

/** A timestamptz as the API writes timestamps (ISO 8601 in UTC, milliseconds), in SQL. */
export const isoTimestampSql = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `text` matched literally inside a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Text without its accents (é → e, ñ → n): decomposed, combining marks dropped. */
export const withoutAccents = (text: string) =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The same as `withoutAccents`, in SQL. */
export const unaccented = (text: SQL) =>
  sql`regexp_replace(normalize(${text}, NFD), '[\\u0300-\\u036f]', '', 'g')`;

/**
 * `text` contains `search` ignoring case and accents ("garcia" finds "García"), as a filter:
 * both sides lose their accents, `ilike` ignores the case.
 */
export const containsFolded = (text: SQL, search: string) =>
  sql`${unaccented(text)} ilike ${`%${escapeLike(withoutAccents(search))}%`}`;

/**
 * `column`, text stored already folded (`folded` of db/schema/columns.ts, e.g.
 * `students.search_name`), contains `search` ignoring case and accents: only the input is
 * folded per request, no row is.
 */
export const foldedContains = (column: SQL | PgColumn, search: string) =>
  sql`${column} like ${`%${escapeLike(withoutAccents(search.toLowerCase()))}%`}`;

/**
 * A page of rows and the total of the rows under `where`: the page's query and the count run
 * together, two statements.
 */
export async function withTotal<R>(
  page: PromiseLike<R[]>,
  db: Database,
  table: PgTable,
  where: SQL | undefined,
): Promise<[rows: R[], total: number]> {
  const [rows, [counted]] = await Promise.all([
    page,
    db.select({ total: countAll }).from(table).where(where),
  ]);
  return [rows, counted?.total ?? 0];
}

/**
 * One page of the rows `rows` (a SELECT) in `order`, and how many there are in all, in one
 * statement: the count's row stands even when the page is past the end.
 */
export async function pageOfRows<R>(
  db: Database,
  rows: SQL,
  order: SQL,
  page: { limit: number; offset: number },
): Promise<[rows: R[], total: number]> {
  const result = await queryRows<{ total: number; row: R | null }>(
    db,
    sql`with r as (${rows})
        select counted.total, row_to_json(p) as row
          from (select count(*)::int as total from r) counted
          left join lateral (select * from r order by ${order}
                              limit ${page.limit} offset ${page.offset}) p on true`,
  );
  return [result.flatMap((r) => (r.row === null ? [] : [r.row])), result[0]?.total ?? 0];
}
