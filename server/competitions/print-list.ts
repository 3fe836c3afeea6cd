import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { competitionEntries, competitionResults, horses, students } from '@/db/schema';
import { ageOn } from '../kernel/fields/calendar';
import { horseOf, studentOf, type CompetitionRow } from './competition-records';
import type { PrintList } from './entry-schema';
import { ribbonLabel } from './ribbons';

/**
 * The starting list (DESIGN 6): pending, confirmed and completed entries in departure order,
 * grouped by category in the competition's order of categories (each of them present, even
 * when empty); cancelled entries are left out. With `category`, only that category.
 */
export async function printList(
  db: Database,
  competition: CompetitionRow,
  category?: string,
): Promise<PrintList> {
  const rows = await db
    .select({
      category: competitionEntries.category,
      orderNumber: competitionEntries.orderNumber,
      studentName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      birthDate: students.birthDate,
      horseName: horses.name,
      ribbon: competitionResults.ribbon,
    })
    .from(competitionEntries)
    .innerJoin(students, studentOf(competitionEntries))
    .leftJoin(horses, horseOf(competitionEntries))
    .leftJoin(
      competitionResults,
      and(
        eq(competitionResults.schoolId, competitionEntries.schoolId),
        eq(competitionResults.entryId, competitionEntries.id),
      ),
    )
    .where(
      and(
        eq(competitionEntries.schoolId, competition.schoolId),
        eq(competitionEntries.competitionId, competition.id),
        inArray(competitionEntries.status, ['pending', 'confirmed', 'completed']),
        category === undefined ? undefined : eq(competitionEntries.category, category),
      ),
    )
    .orderBy(
      asc(competitionEntries.orderNumber),
      sql`${students.birthDate} asc nulls last`,
      asc(competitionEntries.createdAt),
      asc(competitionEntries.id),
    );

  const categories: PrintList['categories'] = {};
  for (const name of competition.categories) {
    if (category === undefined || name === category) categories[name] = [];
  }
  for (const row of rows) {
    (categories[row.category] ??= []).push({
      order_number: row.orderNumber,
      student_name: row.studentName,
      student_age: ageOn(row.birthDate, competition.date),
      horse_name: row.horseName,
      result:
        row.ribbon === null ? null : { ribbon: row.ribbon, ribbon_label: ribbonLabel(row.ribbon) },
    });
  }
  return {
    competition: { name: competition.name, date: competition.date, location: competition.location },
    categories,
    total_entries: rows.length,
    generated_at: new Date().toISOString(),
  };
}
