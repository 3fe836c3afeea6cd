import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { competitionEntries, competitionResults, horses, RIBBONS, students } from '@/db/schema';
import { invalidField, notFound, registerUniqueField } from '../kernel/errors';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { pathId } from '../kernel/fields/params';
import { optionalText } from '../kernel/fields/record-fields';
import { timestampsOut } from '../kernel/records';
import { isUuid } from '../kernel/validation';
import { competitionIdInput, findCompetition, lockCompetition } from './competition-records';
import { ribbonLabel, ribbonPosition } from './ribbons';

const HAS_RESULT = 'The entry already has a result.';
registerUniqueField('competition_results_entry_key', 'entry_id', HAS_RESULT);

export const resultFields = z.object({
  entry_id: z.uuid(),
  ribbon: z.enum(RIBBONS),
  notes: optionalText(5000),
});

export const resultSchema = z.object({
  id: z.string(),
  competition_id: z.string(),
  entry_id: z.string(),
  student_id: z.string(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  category: z.string(),
  horse_id: z.string().nullable(),
  horse: z.object({ id: z.string(), name: z.string() }).nullable(),
  ribbon: z.enum(RIBBONS),
  ribbon_label: z.string(),
  position: z.number().int().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Result = z.infer<typeof resultSchema>;

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
    .innerJoin(
      students,
      and(
        eq(students.schoolId, competitionResults.schoolId),
        eq(students.id, competitionResults.studentId),
      ),
    )
    .leftJoin(
      horses,
      and(
        eq(horses.schoolId, competitionResults.schoolId),
        eq(horses.id, competitionResults.horseId),
      ),
    )
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

/**
 * POST results (spec 3): for an entry of this competition that has none yet, in whatever
 * state; the position follows the ribbon, category and horse are copied from the entry, and
 * the entry becomes completed (keeping its departure number).
 */
async function recordResult(
  db: Database,
  schoolId: string,
  competitionId: string,
  input: z.infer<typeof resultFields>,
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
    return { competitionId: competition.id, id: created!.id };
  });
}

/** PUT: a recorded result's ribbon (its position follows) or notes. */
const resultUpdateFields = resultFields.pick({ ribbon: true, notes: true }).partial();

const BASE = '/schools/{schoolId}/competitions/{competitionId}/results';
const TAGS = ['Competition results'];

export const competitionResultsRouter = router({
  list: schoolProcedure('competitions.view')
    .meta({
      openapi: {
        method: 'GET',
        path: BASE,
        tags: TAGS,
        summary: 'Results by position, participation last',
      },
    })
    .input(competitionIdInput)
    .output(z.object({ data: z.array(resultSchema) }))
    .query(async ({ ctx, input }) => {
      const competition = await findCompetition(ctx.db, ctx.school.id, input.competitionId);
      return { data: await competitionResultsOf(ctx.db, ctx.school.id, competition.id) };
    }),

  create: schoolProcedure('competitions.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: BASE,
        tags: TAGS,
        summary: 'Record the result of an entry',
        description:
          "Position from the ribbon: blue 1, red 2, yellow 3, white 4, pink 5, green 6, purple 7, brown 8, participation none. Category and horse are copied from the entry, which becomes completed. An unknown entry, another competition's entry, or an entry that already has a result: 422 on `entry_id`.",
      },
    })
    .input(competitionIdInput.extend(resultFields.shape))
    .output(z.object({ data: resultSchema }))
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, competitionId, ...fields } = input;
      const created = await recordResult(ctx.db, ctx.school.id, competitionId, fields);
      const [result] = await competitionResultsOf(
        ctx.db,
        ctx.school.id,
        created.competitionId,
        created.id,
      );
      return { data: result! };
    }),

  update: schoolProcedure('competitions.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: `${BASE}/{resultId}`,
        tags: TAGS,
        summary: 'Correct a result (fields given)',
        description: 'A changed ribbon moves the position with it; entry, category and horse stay.',
      },
    })
    .input(competitionIdInput.extend({ resultId: pathId }).extend(resultUpdateFields.shape))
    .output(z.object({ data: resultSchema }))
    .mutation(async ({ ctx, input }) => {
      const competition = await ctx.db.transaction(async (tx) => {
        const locked = await lockCompetition(
          tx,
          ctx.school.id,
          input.competitionId,
          'no key update',
        );
        const [updated] = isUuid(input.resultId)
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
                  eq(competitionResults.schoolId, ctx.school.id),
                  eq(competitionResults.competitionId, locked.id),
                  eq(competitionResults.id, input.resultId),
                ),
              )
              .returning({ id: competitionResults.id })
          : [];
        if (!updated) throw notFound('Result');
        return locked;
      });
      const [result] = await competitionResultsOf(
        ctx.db,
        ctx.school.id,
        competition.id,
        input.resultId,
      );
      return { data: result! };
    }),
});
