import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { competitions } from '@/db/schema';
import type { School } from '../kernel/trpc/init';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import { countAll, escapeLike, timestampsOut } from '../kernel/records';
import { findCompetition, type CompetitionRow } from './competition-records';
import type { Competition, CompetitionDetail, CompetitionListFilters } from './competition-schema';
import { competitionEntriesOf } from './entry-queries';
import { competitionResultsOf } from './result-queries';

export function toCompetition(row: CompetitionRow): Competition {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    date: row.date,
    location: row.location,
    type: row.type,
    status: row.status,
    categories: row.categories,
    fees: row.fees,
    ...timestampsOut(row),
  };
}

/** A competition with its entries and results. */
export async function competitionDetail(
  db: Database,
  row: CompetitionRow,
): Promise<CompetitionDetail> {
  const [entries, results] = await Promise.all([
    competitionEntriesOf(db, row.schoolId, row.id),
    competitionResultsOf(db, row.schoolId, row.id),
  ]);
  return { ...toCompetition(row), entries, results };
}

/** A page of the school's competitions, latest date first; `search` matches name or location. */
export async function listCompetitions(
  db: Database,
  school: School,
  input: CompetitionListFilters & PageRequest,
  url: URL,
) {
  const filters: SQL[] = [eq(competitions.schoolId, school.id)];
  if (input.status) filters.push(eq(competitions.status, input.status));
  if (input.type) filters.push(eq(competitions.type, input.type));
  if (input.search) {
    const pattern = `%${escapeLike(input.search)}%`;
    filters.push(or(ilike(competitions.name, pattern), ilike(competitions.location, pattern))!);
  }
  const where = and(...filters);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        competition: competitions,
        resultsCount: sql<number>`(
          select count(*)::int from competition_results r
          where r.school_id = "competitions"."school_id" and r.competition_id = "competitions"."id"
        )`,
      })
      .from(competitions)
      .where(where)
      .orderBy(desc(competitions.date), desc(competitions.createdAt), desc(competitions.id))
      .limit(input.per_page)
      .offset(pageOffset(input)),
    db.select({ total: countAll }).from(competitions).where(where),
  ]);
  return paginate(
    rows.map((row) => ({ ...toCompetition(row.competition), results_count: row.resultsCount })),
    counted?.total ?? 0,
    input,
    url,
  );
}

/** A competition of this school with its entries and results, or 404. */
export async function getCompetition(
  db: Database,
  school: School,
  competitionId: string,
): Promise<CompetitionDetail> {
  const row = await findCompetition(db, school.id, competitionId);
  return competitionDetail(db, row);
}
