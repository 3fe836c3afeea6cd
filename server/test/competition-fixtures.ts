import type { Database } from '@/db/client';
import { competitionEntries, competitionPayments, competitions } from '@/db/schema';

/**
 * Direct inserts of competition records for tests that exercise another route. Each takes
 * the school and overrides; the defaults are valid records.
 */
export function competitionFixtures(db: () => Database) {
  return {
    async competition(schoolId: string, values: Partial<typeof competitions.$inferInsert> = {}) {
      const [row] = await db()
        .insert(competitions)
        .values({
          schoolId,
          name: 'Spring Cup',
          date: '2026-05-10',
          categories: ['Juniors', 'Seniors'],
          ...values,
        })
        .returning();
      return row!;
    },
    async entry(
      schoolId: string,
      values: Partial<typeof competitionEntries.$inferInsert> & {
        competitionId: string;
        studentId: string;
      },
    ) {
      const [row] = await db()
        .insert(competitionEntries)
        .values({ schoolId, category: 'Juniors', ...values })
        .returning();
      return row!;
    },
    async payment(
      schoolId: string,
      values: Partial<typeof competitionPayments.$inferInsert> & {
        competitionId: string;
        studentId: string;
      },
    ) {
      const [row] = await db()
        .insert(competitionPayments)
        .values({
          schoolId,
          concept: 'inscription',
          amount: '25.00',
          dueDate: '2026-05-10',
          ...values,
        })
        .returning();
      return row!;
    },
  };
}
