import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { competitionEntries, competitionResults, horses, RIBBONS, students } from '@/db/schema';
import { ageOn } from '../kernel/fields/calendar';
import type { CompetitionRow } from './competition-records';
import { ribbonLabel } from './ribbons';

const printedEntrySchema = z.object({
  order_number: z.number().int().nullable(),
  student_name: z.string(),
  student_age: z
    .number()
    .int()
    .nullable()
    .describe('Whole years at the competition date; null without a birth date.'),
  horse_name: z.string().nullable(),
  result: z.object({ ribbon: z.enum(RIBBONS), ribbon_label: z.string() }).nullable(),
});

export const printListSchema = z.object({
  competition: z.object({ name: z.string(), date: z.string(), location: z.string().nullable() }),
  categories: z.record(z.string(), z.array(printedEntrySchema)),
  total_entries: z.number().int(),
  generated_at: z.string(),
});

export type PrintList = z.infer<typeof printListSchema>;

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
    .innerJoin(
      students,
      and(
        eq(students.schoolId, competitionEntries.schoolId),
        eq(students.id, competitionEntries.studentId),
      ),
    )
    .leftJoin(
      horses,
      and(
        eq(horses.schoolId, competitionEntries.schoolId),
        eq(horses.id, competitionEntries.horseId),
      ),
    )
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
