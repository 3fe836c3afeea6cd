import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  FOALING_WATCH_DAY,
  OPEN_PREGNANCY_STATUSES,
  pregnancies,
  pregnancyChecks,
  studTasks,
} from '@/db/schema';
import { conflict } from '../kernel/errors';
import { addDaysTo } from '../kernel/fields/calendar';
import type { Organization } from '../kernel/trpc/init';
import { getStudSettings } from '../stud-herd/settings';

/*
 * The end of a pregnancy (B.5, B.6): a negative scan, a loss or the birth. One guarded UPDATE
 * from an open status, so a pregnancy ends once; its suggested checks still open are cancelled
 * with it.
 */

export type PregnancyRow = typeof pregnancies.$inferSelect;
type Ended = Exclude<PregnancyRow['status'], 'checking' | 'confirmed'>;

/** Ends the open pregnancy as `to` on `endedOn`; not open (or not the stud's) → 409. */
export async function endPregnancy(
  tx: Database,
  studId: string,
  pregnancyId: string,
  to: Ended,
  endedOn: string,
): Promise<PregnancyRow> {
  const [row] = await tx
    .update(pregnancies)
    .set({ status: to, endedOn, updatedAt: sql`now()` })
    .where(
      and(
        eq(pregnancies.studId, studId),
        eq(pregnancies.id, pregnancyId),
        inArray(pregnancies.status, [...OPEN_PREGNANCY_STATUSES]),
      ),
    )
    .returning();
  if (!row) throw conflict('The pregnancy has already ended.');
  await cancelSuggestedChecks(tx, studId, pregnancyId);
  return row;
}

/** The pregnancy's suggested checks and foaling watch still open are cancelled. */
export async function cancelSuggestedChecks(
  tx: Database,
  studId: string,
  pregnancyId: string,
): Promise<void> {
  await tx
    .update(studTasks)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(
        eq(studTasks.studId, studId),
        eq(studTasks.pregnancyId, pregnancyId),
        isNotNull(studTasks.pregnancyDay),
        eq(studTasks.status, 'open'),
      ),
    );
}

/*
 * The opening of a pregnancy (B.5) by a breeding event or by hand, and the move of its base
 * date by a later event before the first check. Opening writes the suggested checks as tasks
 * (the stud's check days, the foaling watch and the due day) in one INSERT ... SELECT; a move
 * shifts them in one UPDATE.
 */

/** What a suggested check of day `day` is for, in a pregnancy of `gestationDays`. */
export function checkPurpose(day: number, gestationDays: number): string {
  if (day === gestationDays) return 'due date';
  if (day === FOALING_WATCH_DAY) return 'foaling watch';
  return CHECK_PURPOSES[day] ?? 'pregnancy check';
}

const CHECK_PURPOSES: Record<number, string> = {
  15: 'pregnancy and twins',
  28: 'heartbeat',
  45: 'confirmation',
  60: 'foetal sexing',
};

/** The suggested days of a pregnancy: the check days, the foaling watch and the due day. */
export function suggestedDays(checkDays: readonly number[], gestationDays: number): number[] {
  return [...new Set([...checkDays, FOALING_WATCH_DAY, gestationDays])].sort((a, b) => a - b);
}

export type PregnancyOpening = {
  mareId: string;
  stallionId: string;
  reservationId: string | null;
  breedingEventId: string | null;
  baseDate: string;
  notes?: string | null;
};

/** The mare's open pregnancy, locked for the caller's transaction, and whether it has checks. */
export async function openPregnancyOf(
  tx: Database,
  studId: string,
  mareId: string,
): Promise<(PregnancyRow & { hasChecks: boolean }) | null> {
  const [row] = await tx
    .select()
    .from(pregnancies)
    .where(
      and(
        eq(pregnancies.studId, studId),
        eq(pregnancies.mareId, mareId),
        inArray(pregnancies.status, [...OPEN_PREGNANCY_STATUSES]),
      ),
    )
    .for('update');
  return row ? { ...row, hasChecks: await hasChecks(tx, studId, row.id) } : null;
}

/** Whether a check was recorded for the pregnancy (its base date is fixed from then on). */
export async function hasChecks(tx: Database, studId: string, pregnancyId: string) {
  const [row] = await tx
    .select({ id: pregnancyChecks.id })
    .from(pregnancyChecks)
    .where(and(eq(pregnancyChecks.studId, studId), eq(pregnancyChecks.pregnancyId, pregnancyId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Opens a pregnancy (checking) of the mare with its suggested-check tasks; due on base + the
 * stud's gestation days. A mare with an open pregnancy → 409 (the partial unique index
 * decides between concurrent openings).
 */
export async function openPregnancy(
  tx: Database,
  stud: Organization,
  opening: PregnancyOpening,
): Promise<PregnancyRow> {
  const settings = await getStudSettings(tx, stud);
  const [row] = await tx
    .insert(pregnancies)
    .values({
      studId: stud.id,
      ...opening,
      gestationDays: settings.gestation_days,
      dueDate: addDaysTo(opening.baseDate, settings.gestation_days),
    })
    .onConflictDoNothing({
      target: [pregnancies.studId, pregnancies.mareId],
      where: inArray(pregnancies.status, [...OPEN_PREGNANCY_STATUSES]),
    })
    .returning();
  if (!row) throw conflict('The mare already has an open pregnancy.');
  const days = suggestedDays(settings.check_days, settings.gestation_days).map((day) => {
    const purpose = checkPurpose(day, settings.gestation_days);
    const check = day !== FOALING_WATCH_DAY && day !== settings.gestation_days;
    return {
      day,
      source: check ? 'pregnancy_check' : 'foaling',
      // `%s` is the mare's name (SQL format()); purposes hold no `%`.
      title: check ? `Day ${day} check: %s (${purpose})` : `Day ${day}, ${purpose}: %s`,
    };
  });
  await tx.execute(sql`
    insert into stud_tasks (stud_id, title, due_on, assigned_to, source, horse_id, reservation_id,
                            pregnancy_id, pregnancy_day)
    select p.stud_id, format(d.title, i.name), p.base_date + d.day, s.default_assignee_id,
           d.source, p.mare_id, p.reservation_id, p.id, d.day
      from pregnancies p
      join stud_horses h on h.stud_id = p.stud_id and h.id = p.mare_id
      join horse_identities i on i.id = h.horse_identity_id
      left join stud_settings s on s.stud_id = p.stud_id
     cross join json_to_recordset(${JSON.stringify(days)}::json) as d(day int, source text, title text)
     where p.stud_id = ${stud.id} and p.id = ${row.id}`);
  return row;
}

/**
 * Moves a pregnancy's base date (and due date, and the suggested tasks with it), taking the
 * event, stallion and reservation of a later breeding when given. The caller checked that it
 * is checking with no check recorded.
 */
export async function rebasePregnancy(
  tx: Database,
  studId: string,
  pregnancyId: string,
  to: Partial<PregnancyOpening> & { baseDate: string },
): Promise<void> {
  await tx
    .update(pregnancies)
    .set({
      baseDate: to.baseDate,
      dueDate: sql`${to.baseDate}::date + ${pregnancies.gestationDays}`,
      stallionId: to.stallionId,
      reservationId: to.reservationId,
      breedingEventId: to.breedingEventId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pregnancies.studId, studId), eq(pregnancies.id, pregnancyId)));
  await tx.execute(sql`
    update stud_tasks t
       set due_on = p.base_date + t.pregnancy_day, reservation_id = p.reservation_id,
           updated_at = now()
      from pregnancies p
     where p.stud_id = ${studId} and p.id = ${pregnancyId}
       and t.stud_id = p.stud_id and t.pregnancy_id = p.id and t.pregnancy_day is not null`);
}

/** Deletes a pregnancy with no checks, and its suggested tasks. */
export async function deletePregnancyRow(
  tx: Database,
  studId: string,
  pregnancyId: string,
): Promise<void> {
  await tx
    .delete(studTasks)
    .where(
      and(
        eq(studTasks.studId, studId),
        eq(studTasks.pregnancyId, pregnancyId),
        isNotNull(studTasks.pregnancyDay),
      ),
    );
  await tx
    .delete(pregnancies)
    .where(and(eq(pregnancies.studId, studId), eq(pregnancies.id, pregnancyId)));
}
