import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { competitionResults, horses, students } from '@/db/schema';
import type { School } from '../kernel/trpc/init';
import { timestampsOut } from '../kernel/records';
import { findCompetition, horseOf, studentOf } from './competition-records';
import type { Result } from './result-schema';
import { ribbonLabel } from './ribbons';

type ResultRow = {
  result: typeof competitionResults.$inferSelect;
  studentName: string;
  horseName: string | null;
};

function toResult({ result, studentName, horseName }: ResultRow): Result {
  return {
    id: result.id,
    competition_id: result.competitionId,
    entry_id: result.entryId,
    student_id: result.studentId,
    student: { id: result.studentId, full_name: studentName },
    category: result.category,
    horse_id: result.horseId,
    horse: result.horseId === null ? null : { id: result.horseId, name: horseName! },
    ribbon: result.ribbon,
    ribbon_label: ribbonLabel(result.ribbon),
    position: result.position,
    notes: result.notes,
    ...timestampsOut(result),
  };
}

/** Results of a competition by position, participation last, ties by creation (DESIGN 5); one statement. */
export async function competitionResultsOf(
  db: Database,
  schoolId: string,
  competitionId: string,
  id?: string,
): Promise<Result[]> {
  const rows = await db
    .select({
      result: competitionResults,
      studentName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      horseName: horses.name,
    })
    .from(competitionResults)
    .innerJoin(students, studentOf(competitionResults))
    .leftJoin(horses, horseOf(competitionResults))
    .where(
      and(
        eq(competitionResults.schoolId, schoolId),
        eq(competitionResults.competitionId, competitionId),
        id === undefined ? undefined : eq(competitionResults.id, id),
      ),
    )
    .orderBy(
      asc(competitionResults.position),
      asc(competitionResults.createdAt),
      asc(competitionResults.id),
    );
  return rows.map(toResult);
}

/** The results of a competition of this school, or 404. */
export async function listResults(
  db: Database,
  school: School,
  competitionId: string,
): Promise<Result[]> {
  const competition = await findCompetition(db, school.id, competitionId);
  return competitionResultsOf(db, school.id, competition.id);
}
