import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { competitionEntries, horses, students } from '@/db/schema';
import { notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { countAll, timestampsOut } from '../kernel/records';
import { findCompetition, horseOf, studentOf } from './competition-records';
import type { Entry, EntryListFilters, PrintList } from './entry-schema';
import { printList } from './print-list';

type EntryRow = {
  entry: typeof competitionEntries.$inferSelect;
  studentName: string;
  horseName: string | null;
};

export function toEntry({ entry, studentName, horseName }: EntryRow): Entry {
  return {
    id: entry.id,
    competition_id: entry.competitionId,
    student_id: entry.studentId,
    student: { id: entry.studentId, full_name: studentName },
    horse_id: entry.horseId,
    horse: entry.horseId === null ? null : { id: entry.horseId, name: horseName! },
    category: entry.category,
    order_number: entry.orderNumber,
    status: entry.status,
    notes: entry.notes,
    ...timestampsOut(entry),
  };
}

/** By category, then departure order (DESIGN 5); entries without a number last. */
export const entryOrder = [
  asc(competitionEntries.category),
  asc(competitionEntries.orderNumber),
  asc(competitionEntries.createdAt),
  asc(competitionEntries.id),
];

/** Entries of one competition with their student's name and horse, in one statement. */
export function selectEntries(db: Database, schoolId: string, competitionId: string, where?: SQL) {
  return db
    .select({
      entry: competitionEntries,
      studentName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      horseName: horses.name,
    })
    .from(competitionEntries)
    .innerJoin(students, studentOf(competitionEntries))
    .leftJoin(horses, horseOf(competitionEntries))
    .where(
      and(
        eq(competitionEntries.schoolId, schoolId),
        eq(competitionEntries.competitionId, competitionId),
        where,
      ),
    )
    .$dynamic();
}

/** Every entry of a competition, in list order. */
export async function competitionEntriesOf(
  db: Database,
  schoolId: string,
  competitionId: string,
): Promise<Entry[]> {
  const rows = await selectEntries(db, schoolId, competitionId).orderBy(...entryOrder);
  return rows.map(toEntry);
}

export async function findEntry(
  db: Database,
  schoolId: string,
  competitionId: string,
  id: string,
): Promise<Entry> {
  const [row] = isUuid(id)
    ? await selectEntries(db, schoolId, competitionId, eq(competitionEntries.id, id)).limit(1)
    : [];
  if (!row) throw notFound('Entry');
  return toEntry(row);
}

/** A page of a competition's entries, by category and departure order. */
export async function listEntries(
  db: Database,
  school: School,
  competitionId: string,
  input: EntryListFilters & PageRequest,
  url: URL,
) {
  const competition = await findCompetition(db, school.id, competitionId);
  const where = and(
    input.category ? eq(competitionEntries.category, input.category) : undefined,
    input.status ? eq(competitionEntries.status, input.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectEntries(db, school.id, competition.id, where)
      .orderBy(...entryOrder)
      .limit(input.per_page)
      .offset(pageOffset(input)),
    db
      .select({ total: countAll })
      .from(competitionEntries)
      .where(
        and(
          eq(competitionEntries.schoolId, school.id),
          eq(competitionEntries.competitionId, competition.id),
          where,
        ),
      ),
  ]);
  return paginate(rows.map(toEntry), counted?.total ?? 0, input, url);
}

/** One entry of a competition of this school, or 404 (for the competition, then the entry). */
export async function getEntry(
  db: Database,
  school: School,
  competitionId: string,
  entryId: string,
): Promise<Entry> {
  const competition = await findCompetition(db, school.id, competitionId);
  return findEntry(db, school.id, competition.id, entryId);
}

/** Entries of one category, or of all when `category` is undefined, in list order. */
export async function categoryEntries(
  db: Database,
  schoolId: string,
  competitionId: string,
  category: string | undefined,
): Promise<Entry[]> {
  const rows = await selectEntries(
    db,
    schoolId,
    competitionId,
    category === undefined ? undefined : eq(competitionEntries.category, category),
  ).orderBy(...entryOrder);
  return rows.map(toEntry);
}

/** The starting list of a competition of this school, or 404. */
export async function getPrintList(
  db: Database,
  school: School,
  competitionId: string,
  category: string | undefined,
): Promise<PrintList> {
  const competition = await findCompetition(db, school.id, competitionId);
  return printList(db, competition, category);
}
