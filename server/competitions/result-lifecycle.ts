import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { competitionEntries, competitionResults } from '@/db/schema';
import { invalidField, notFound, registerUniqueField } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { queueBadgeRulesFor } from '../progression/badge-rules';
import { lockCompetition } from './competition-records';
import { competitionResultsOf } from './result-queries';
import type { Result, ResultInput, ResultUpdate } from './result-schema';
import { ribbonPosition } from './ribbons';

const HAS_RESULT = 'The entry already has a result.';
registerUniqueField('competition_results_entry_key', 'entry_id', HAS_RESULT);

/**
 * POST results (spec 3): for an entry of this competition that has none yet, in whatever
 * state; the position follows the ribbon, category and horse are copied from the entry, and
 * the entry becomes completed (keeping its departure number).
 */
async function recordResult(
  db: Database,
  schoolId: string,
  competitionId: string,
  input: ResultInput,
): Promise<{ competitionId: string; id: string }> {
  return db.transaction(async (tx) => {
    const competition = await lockCompetition(tx, schoolId, competitionId, 'no key update');
    const [entry] = await tx
      .select()
      .from(competitionEntries)
      .where(
        and(eq(competitionEntries.schoolId, schoolId), eq(competitionEntries.id, input.entry_id)),
      );
    if (!entry) throw invalidField('entry_id', 'The selected entry id is invalid.');
    if (entry.competitionId !== competition.id) {
      throw invalidField('entry_id', 'The selected entry belongs to another competition.');
    }
    const [existing] = await tx
      .select({ id: competitionResults.id })
      .from(competitionResults)
      .where(
        and(eq(competitionResults.schoolId, schoolId), eq(competitionResults.entryId, entry.id)),
      );
    if (existing) throw invalidField('entry_id', HAS_RESULT);

    const [created] = await tx
      .insert(competitionResults)
      .values({
        schoolId,
        competitionId: competition.id,
        entryId: entry.id,
        studentId: entry.studentId,
        horseId: entry.horseId,
        category: entry.category,
        ribbon: input.ribbon,
        position: ribbonPosition(input.ribbon),
        notes: input.notes ?? null,
      })
      .returning({ id: competitionResults.id });
    await tx
      .update(competitionEntries)
      .set({ status: 'completed', updatedAt: sql`now()` })
      .where(and(eq(competitionEntries.schoolId, schoolId), eq(competitionEntries.id, entry.id)));
    await queueBadgeRulesFor(tx, schoolId, [entry.studentId], 'competition_result');
    return { competitionId: competition.id, id: created!.id };
  });
}

/** POST results, answered with the result as read after its transaction. */
export async function createResult(
  db: Database,
  schoolId: string,
  competitionId: string,
  input: ResultInput,
): Promise<Result> {
  const created = await recordResult(db, schoolId, competitionId, input);
  const [result] = await competitionResultsOf(db, schoolId, created.competitionId, created.id);
  return result!;
}

/** PUT result: a changed ribbon moves the position with it; entry, category and horse stay. */
export async function correctResult(
  db: Database,
  schoolId: string,
  competitionId: string,
  resultId: string,
  input: ResultUpdate,
): Promise<Result> {
  const competition = await db.transaction(async (tx) => {
    const locked = await lockCompetition(tx, schoolId, competitionId, 'no key update');
    const [updated] = isUuid(resultId)
      ? await tx
          .update(competitionResults)
          .set({
            ribbon: input.ribbon,
            position: input.ribbon === undefined ? undefined : ribbonPosition(input.ribbon),
            notes: input.notes,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(competitionResults.schoolId, schoolId),
              eq(competitionResults.competitionId, locked.id),
              eq(competitionResults.id, resultId),
            ),
          )
          .returning({ id: competitionResults.id, studentId: competitionResults.studentId })
      : [];
    if (!updated) throw notFound('Result');
    // A better ribbon may meet a competition_result rule now.
    await queueBadgeRulesFor(tx, schoolId, [updated.studentId], 'competition_result');
    return locked;
  });
  const [result] = await competitionResultsOf(db, schoolId, competition.id, resultId);
  return result!;
}
