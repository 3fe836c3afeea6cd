import { and, between, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  CHECK_TOLERANCE_DAYS,
  DEFAULT_CONFIRMATION_DAY,
  pregnancies,
  pregnancyChecks,
  studReservations,
  studTasks,
} from '@/db/schema';
import { conflict, notFound, validationError } from '../kernel/errors';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import type { Organization } from '../kernel/trpc/init';
import { isUuid, type FieldErrors } from '../kernel/validation';
import { breedingPair } from './breeding-pair';
import {
  deletePregnancyRow,
  endPregnancy,
  hasChecks,
  openPregnancy,
  rebasePregnancy,
  type PregnancyRow,
} from './pregnancy-flow';
import { getCheck, getPregnancy } from './pregnancy-queries';
import type {
  CheckFields,
  Pregnancy,
  PregnancyCheck,
  PregnancyEdit,
  PregnancyFields,
} from './pregnancy-schema';
import { failReservation, markReservationPregnant } from './reservation-flow';

const futureDate = (stud: Organization, date: string) => date > todayIn(stud.timezone);

/** POST /pregnancies: a pregnancy with no breeding event, opened under the same rules. */
export async function createPregnancy(
  db: Database,
  stud: Organization,
  input: PregnancyFields,
): Promise<Pregnancy> {
  const errors: FieldErrors = {};
  if (futureDate(stud, input.base_date))
    errors.base_date = ['The base date must not be in the future.'];
  return db.transaction(async (tx) => {
    const pair = await breedingPair(tx, stud, input, errors);
    if (Object.keys(errors).length > 0 || !pair) throw validationError(errors);
    const row = await openPregnancy(tx, stud, {
      mareId: pair.mareId,
      stallionId: pair.stallionId,
      reservationId: pair.reservation?.id ?? null,
      breedingEventId: null,
      baseDate: input.base_date,
      notes: input.notes,
    });
    return getPregnancy(tx, stud, row.id);
  });
}

/** The pregnancy of a path id, locked for the caller's transaction; 404 when not the stud's. */
async function lockedPregnancy(
  tx: Database,
  studId: string,
  pregnancyId: string,
): Promise<PregnancyRow> {
  const [row] = isUuid(pregnancyId)
    ? await tx
        .select()
        .from(pregnancies)
        .where(and(eq(pregnancies.studId, studId), eq(pregnancies.id, pregnancyId)))
        .for('update')
    : [];
  if (!row) throw notFound('Pregnancy');
  return row;
}

/** Its base date may move, or it may go, only until the first check. */
async function assertUnchecked(tx: Database, studId: string, row: PregnancyRow, action: string) {
  if (row.status !== 'checking' || (await hasChecks(tx, studId, row.id)))
    throw conflict(`Checks were recorded for the pregnancy: ${action}.`);
}

/** PUT /pregnancies/{id}: notes, twins, foetal sex; the base date until the first check. */
export async function updatePregnancy(
  db: Database,
  stud: Organization,
  pregnancyId: string,
  input: PregnancyEdit,
): Promise<Pregnancy> {
  return db.transaction(async (tx) => {
    const row = await lockedPregnancy(tx, stud.id, pregnancyId);
    if (input.base_date !== undefined && input.base_date !== row.baseDate) {
      if (futureDate(stud, input.base_date))
        throw validationError({ base_date: ['The base date must not be in the future.'] });
      await assertUnchecked(tx, stud.id, row, 'its base date cannot move');
      await rebasePregnancy(tx, stud.id, row.id, { baseDate: input.base_date });
    }
    await tx
      .update(pregnancies)
      .set({
        notes: input.notes,
        twins: input.twins,
        fetalSex: input.fetal_sex,
        updatedAt: sql`now()`,
      })
      .where(and(eq(pregnancies.studId, stud.id), eq(pregnancies.id, row.id)));
    return getPregnancy(tx, stud, row.id);
  });
}

/** DELETE /pregnancies/{id}: a mistaken entry, while checking with no check (else 409). */
export async function deletePregnancy(
  db: Database,
  stud: Organization,
  pregnancyId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedPregnancy(tx, stud.id, pregnancyId);
    await assertUnchecked(tx, stud.id, row, 'it cannot be deleted');
    await deletePregnancyRow(tx, stud.id, row.id);
  });
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * POST /pregnancies/{id}/checks (B.5): the check closes the suggested checks within ±3 days,
 * then moves the pregnancy. Negative: checking → not_pregnant (the reservation stays in
 * progress for another cycle), confirmed → lost (reservation failed, pregnancy_lost).
 * Positive or twins from the reservation's confirmation day (45 without one): checking →
 * confirmed (reservation pregnant). Twins and a foetal sex are kept.
 */
export async function recordCheck(
  db: Database,
  stud: Organization,
  pregnancyId: string,
  input: CheckFields,
  userId: string,
): Promise<{ check: PregnancyCheck; pregnancy: Pregnancy }> {
  return db.transaction(async (tx) => {
    const row = await lockedPregnancy(tx, stud.id, pregnancyId);
    if (input.date < row.baseDate)
      throw validationError({
        date: [`The date must not be before the pregnancy’s base date (${row.baseDate}).`],
      });
    if (futureDate(stud, input.date))
      throw validationError({ date: ['The date must not be in the future.'] });
    if (row.status !== 'checking' && row.status !== 'confirmed')
      throw conflict('The pregnancy has ended: no check can be recorded.');
    const [check] = await tx
      .insert(pregnancyChecks)
      .values({
        studId: stud.id,
        pregnancyId: row.id,
        date: input.date,
        method: input.method,
        result: input.result,
        heartbeat: input.heartbeat ?? null,
        fetalSex: input.fetal_sex ?? null,
        reportedBy: input.reported_by,
        vetName: input.vet_name ?? null,
        notes: input.notes ?? null,
        createdBy: userId,
      })
      .returning({ id: pregnancyChecks.id });
    await tx
      .update(studTasks)
      .set({ status: 'done', completedAt: sql`now()`, completedBy: userId, updatedAt: sql`now()` })
      .where(
        and(
          eq(studTasks.studId, stud.id),
          eq(studTasks.pregnancyId, row.id),
          eq(studTasks.source, 'pregnancy_check'),
          eq(studTasks.status, 'open'),
          between(
            studTasks.dueOn,
            addDaysTo(input.date, -CHECK_TOLERANCE_DAYS),
            addDaysTo(input.date, CHECK_TOLERANCE_DAYS),
          ),
        ),
      );
    await movePregnancy(tx, stud.id, row, input);
    return {
      check: await getCheck(tx, stud.id, check!.id),
      pregnancy: await getPregnancy(tx, stud, row.id),
    };
  });
}

/** What a check's result does to its open pregnancy (and reservation). */
async function movePregnancy(tx: Database, studId: string, row: PregnancyRow, check: CheckFields) {
  if (check.result === 'negative') {
    if (row.status === 'checking') {
      await endPregnancy(tx, studId, row.id, 'not_pregnant', check.date);
      return;
    }
    await endPregnancy(tx, studId, row.id, 'lost', check.date);
    if (row.reservationId) await failReservation(tx, studId, row.reservationId, 'pregnancy_lost');
    return;
  }
  const positive = check.result === 'positive' || check.result === 'twins';
  const confirms =
    positive &&
    row.status === 'checking' &&
    daysBetween(row.baseDate, check.date) >= (await confirmationDay(tx, studId, row));
  await tx
    .update(pregnancies)
    .set({
      status: confirms ? 'confirmed' : undefined,
      twins: check.result === 'twins' ? true : undefined,
      fetalSex: check.fetal_sex ?? undefined,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pregnancies.studId, studId), eq(pregnancies.id, row.id)));
  if (confirms && row.reservationId) await markReservationPregnant(tx, studId, row.reservationId);
}

/** The day a positive check confirms the pregnancy: its reservation's, else 45. */
async function confirmationDay(tx: Database, studId: string, row: PregnancyRow) {
  if (!row.reservationId) return DEFAULT_CONFIRMATION_DAY;
  const [reservation] = await tx
    .select({ day: studReservations.confirmationDay })
    .from(studReservations)
    .where(and(eq(studReservations.studId, studId), eq(studReservations.id, row.reservationId)));
  return reservation?.day ?? DEFAULT_CONFIRMATION_DAY;
}
