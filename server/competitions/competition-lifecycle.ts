import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { competitionEntries, competitionPayments, competitions } from '@/db/schema';
import { conflict, invalidField } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { lockCompetition, type CompetitionRow } from './competition-records';
import { competitionDetail, toCompetition } from './competition-queries';
import type { CompetitionDetail, CompetitionInput } from './competition-schema';
import { toStoredFees } from './fees';

function competitionValues(input: CompetitionInput) {
  return {
    name: input.name,
    description: input.description,
    date: input.date,
    location: input.location,
    type: input.type,
    categories: input.categories,
    fees: input.fees === undefined ? undefined : toStoredFees(input.fees),
    status: input.status,
  };
}

/**
 * A category that still has entries (other than cancelled ones) cannot be removed: the
 * entries, their numbering and the print list would lose it.
 */
async function assertKeepsEnteredCategories(
  tx: Database,
  competition: CompetitionRow,
  categories: string[],
): Promise<void> {
  const entered = await tx
    .selectDistinct({ category: competitionEntries.category })
    .from(competitionEntries)
    .where(
      and(
        eq(competitionEntries.schoolId, competition.schoolId),
        eq(competitionEntries.competitionId, competition.id),
        ne(competitionEntries.status, 'cancelled'),
      ),
    );
  const removed = entered
    .map((row) => row.category)
    .filter((category) => !categories.includes(category));
  if (removed.length > 0) {
    const which =
      removed.length === 1 ? `category ${removed[0]} has` : `categories ${removed.join(', ')} have`;
    throw invalidField('categories', `The ${which} entries and cannot be removed.`);
  }
}

export async function createCompetition(
  db: Database,
  school: School,
  input: CompetitionInput & { name: string; date: string },
): Promise<CompetitionDetail> {
  const [row] = await db
    .insert(competitions)
    .values({
      ...competitionValues(input),
      schoolId: school.id,
      name: input.name,
      date: input.date,
    })
    .returning();
  return { ...toCompetition(row!), entries: [], results: [] };
}

/** The fields given; `fees`, when given, replaces the list. Entered categories stay (422). */
export async function updateCompetition(
  db: Database,
  school: School,
  competitionId: string,
  input: CompetitionInput,
): Promise<CompetitionDetail> {
  const row = await db.transaction(async (tx) => {
    const current = await lockCompetition(tx, school.id, competitionId, 'no key update');
    if (input.categories) await assertKeepsEnteredCategories(tx, current, input.categories);
    const [updated] = await tx
      .update(competitions)
      .set({ ...competitionValues(input), updatedAt: sql`now()` })
      .where(and(eq(competitions.schoolId, school.id), eq(competitions.id, current.id)))
      .returning();
    return updated!;
  });
  return competitionDetail(db, row);
}

/** With its entries, results and payments; a competition with a paid payment stays (409). */
export async function deleteCompetition(
  db: Database,
  school: School,
  competitionId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    // FOR UPDATE waits for payments being paid (they hold KEY SHARE) and blocks new ones.
    const current = await lockCompetition(tx, school.id, competitionId, 'update');
    const [paid] = await tx
      .select({ id: competitionPayments.id })
      .from(competitionPayments)
      .where(
        and(
          eq(competitionPayments.schoolId, school.id),
          eq(competitionPayments.competitionId, current.id),
          eq(competitionPayments.status, 'paid'),
        ),
      )
      .limit(1);
    if (paid)
      throw conflict(
        'A competition with paid payments cannot be deleted; set its status to cancelled instead.',
      );
    await tx
      .delete(competitions)
      .where(and(eq(competitions.schoolId, school.id), eq(competitions.id, current.id)));
  });
}
