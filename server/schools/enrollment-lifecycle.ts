import { and, eq, gt, gte, isNull, lt, lte, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { classes, enrollments, horses, schedules, students } from '@/db/schema';
import {
  conflict,
  invalidField,
  notFound,
  registerUniqueField,
  validationError,
} from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid, type FieldErrors } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import type { EnrollmentInput, EnrollmentUpdate } from './enrollment-schema';
import { countAll, referenceInSchool } from '../kernel/records';
import { noticeFreePlace } from '../waitlist/matches';

/*
 * The enrollment lifecycle (DESIGN 6): active ⇄ paused, either → ended, ended is final.
 * An active enrollment holds a place in its schedule and, if it has one, its horse for the
 * schedule's time slot. The schedule row and then the horse row are locked before those are
 * counted, so two requests cannot both take the last place or the same horse.
 */

const OPEN_ENROLLMENT = 'The student already has an open enrollment in this schedule.';
registerUniqueField('enrollments_open_student_schedule_key', 'student_id', OPEN_ENROLLMENT);

type Schedule = typeof schedules.$inferSelect;
type Period = { startDate: string; endDate: string | null };

const invalidReference = (field: string) =>
  invalidField(field, `The selected ${field.replace(/_/g, ' ')} is invalid.`);

async function lockSchedule(tx: Database, schoolId: string, id: string): Promise<Schedule> {
  const [row] = await tx
    .select()
    .from(schedules)
    .where(and(eq(schedules.schoolId, schoolId), eq(schedules.id, id)))
    .for('update');
  if (!row) throw invalidReference('schedule_id');
  return row;
}

async function lockHorse(tx: Database, schoolId: string, id: string) {
  const [row] = await tx
    .select()
    .from(horses)
    .where(and(eq(horses.schoolId, schoolId), eq(horses.id, id)))
    .for('update');
  if (!row) throw invalidReference('horse_id');
  return row;
}

/** Enrollments whose period meets `period` (an empty end date runs for ever). */
function overlapping(period: Period) {
  return and(
    or(isNull(enrollments.endDate), gte(enrollments.endDate, period.startDate)),
    period.endDate === null ? undefined : lte(enrollments.startDate, period.endDate),
  );
}

/** Enrollments that hold a place and a horse during `period`: active, their period meeting it. */
export function activeDuring(period: Period) {
  return and(eq(enrollments.status, 'active'), overlapping(period));
}

/**
 * Schedules whose time slot overlaps `slot` (values, or the columns of another schedule row).
 * Back-to-back slots (one ends 10:00, the next starts 10:00) do not overlap.
 */
export function overlapsSlot(slot: { startTime: string | AnyColumn; endTime: string | AnyColumn }) {
  return and(lt(schedules.startTime, slot.endTime), gt(schedules.endTime, slot.startTime));
}

/**
 * Places of the schedule taken by other active enrollments whose period meets this one's.
 * Counting every overlapping one as simultaneous never lets a schedule overfill.
 */
async function placesTaken(
  tx: Database,
  schoolId: string,
  scheduleId: string,
  period: Period,
  exceptId?: string,
) {
  const [row] = await tx
    .select({ count: countAll })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.schoolId, schoolId),
        eq(enrollments.scheduleId, scheduleId),
        activeDuring(period),
        exceptId ? ne(enrollments.id, exceptId) : undefined,
      ),
    );
  return row?.count ?? 0;
}

/** Whether the horse rides in another active enrollment whose slot overlaps the schedule's that day. */
async function horseTaken(
  tx: Database,
  schoolId: string,
  horseId: string,
  schedule: Schedule,
  period: Period,
  exceptId?: string,
) {
  const [row] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .innerJoin(
      schedules,
      and(eq(schedules.schoolId, enrollments.schoolId), eq(schedules.id, enrollments.scheduleId)),
    )
    .where(
      and(
        eq(enrollments.schoolId, schoolId),
        eq(enrollments.horseId, horseId),
        activeDuring(period),
        exceptId ? ne(enrollments.id, exceptId) : undefined,
        eq(schedules.dayOfWeek, schedule.dayOfWeek),
        overlapsSlot(schedule),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Free place and horse rules for an enrollment that is (or becomes) active. */
async function placementErrors(
  tx: Database,
  schoolId: string,
  target: { schedule: Schedule; horseId: string | null; period: Period; exceptId?: string },
  check: { place: boolean; horse: boolean },
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const { schedule, horseId, period, exceptId } = target;
  if (
    check.place &&
    (await placesTaken(tx, schoolId, schedule.id, period, exceptId)) >= schedule.maxStudents
  ) {
    errors.schedule_id = [
      `The schedule is full (${schedule.maxStudents} ${schedule.maxStudents === 1 ? 'place' : 'places'}).`,
    ];
  }
  if (
    check.horse &&
    horseId &&
    (await horseTaken(tx, schoolId, horseId, schedule, period, exceptId))
  ) {
    errors.horse_id = ['The horse is already assigned to an overlapping schedule that day.'];
  }
  return errors;
}

const INACTIVE_HORSE = 'The selected horse is not active.';

/**
 * The end date of an enrollment that ends now: today, or the earlier date it already ended,
 * never before it started (an enrollment ended before it began ends on its start date).
 */
function closingDate(endDate: string | null, startDate: string, today: string): string {
  const end = endDate !== null && endDate < today ? endDate : today;
  return end < startDate ? startDate : end;
}

export function periodError(period: Period, field: string): FieldErrors {
  return period.endDate !== null && period.endDate < period.startDate
    ? {
        [field]: [
          `The ${field.replace(/_/g, ' ')} field must be a date after or equal to start date.`,
        ],
      }
    : {};
}

function throwIfAny(...groups: FieldErrors[]): void {
  const errors: FieldErrors = {};
  for (const group of groups) {
    for (const [field, messages] of Object.entries(group)) (errors[field] ??= []).push(...messages);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

export async function createEnrollment(
  db: Database,
  school: School,
  input: EnrollmentInput,
): Promise<string> {
  const today = todayIn(school.timezone);
  const status = input.status ?? 'active';
  const startDate = input.start_date ?? today;
  let endDate = input.end_date ?? null;
  if (status === 'ended' && endDate === null) endDate = closingDate(null, startDate, today);
  const period = { startDate, endDate };
  throwIfAny(periodError(period, 'end_date'));

  return db.transaction(async (tx) => {
    const student = await referenceInSchool(
      tx,
      students,
      school.id,
      input.student_id,
      'student_id',
    );
    await referenceInSchool(tx, classes, school.id, input.class_id, 'class_id');
    const schedule = await lockSchedule(tx, school.id, input.schedule_id);
    const horse = input.horse_id ? await lockHorse(tx, school.id, input.horse_id) : null;

    const errors: FieldErrors = {};
    if (student.status !== 'active') errors.student_id = ['The selected student is not active.'];
    if (schedule.classId !== input.class_id)
      errors.schedule_id = ['The selected schedule is not a schedule of the selected class.'];
    if (horse && horse.status !== 'active') errors.horse_id = [INACTIVE_HORSE];
    throwIfAny(errors);

    if (status !== 'ended') {
      const [open] = await tx
        .select({ id: enrollments.id })
        .from(enrollments)
        .where(
          and(
            eq(enrollments.schoolId, school.id),
            eq(enrollments.scheduleId, schedule.id),
            eq(enrollments.studentId, student.id),
            ne(enrollments.status, 'ended'),
          ),
        )
        .limit(1);
      if (open) throw invalidField('student_id', OPEN_ENROLLMENT);
    }
    const active = status === 'active';
    throwIfAny(
      await placementErrors(
        tx,
        school.id,
        { schedule, horseId: horse?.id ?? null, period },
        { place: active, horse: active },
      ),
    );

    const [created] = await tx
      .insert(enrollments)
      .values({
        schoolId: school.id,
        studentId: student.id,
        classId: schedule.classId,
        scheduleId: schedule.id,
        horseId: horse?.id ?? null,
        startDate,
        endDate,
        status,
        notes: input.notes ?? null,
      })
      .returning({ id: enrollments.id });
    return created!.id;
  });
}

/** The enrollment row for a change, locked; 404 when it is not this school's. */
async function lockEnrollment(tx: Database, schoolId: string, id: string) {
  // NO KEY UPDATE: attendance rows that reference the enrollment may still be written meanwhile.
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.id, id)))
        .for('no key update')
    : [];
  if (!row) throw notFound('Enrollment');
  return row;
}

const FIXED_FIELDS = [
  ['student_id', 'studentId'],
  ['class_id', 'classId'],
  ['schedule_id', 'scheduleId'],
] as const;

export async function updateEnrollment(
  db: Database,
  school: School,
  id: string,
  input: EnrollmentUpdate,
): Promise<void> {
  const today = todayIn(school.timezone);
  await db.transaction(async (tx) => {
    const current = await lockEnrollment(tx, school.id, id);

    const fixed: FieldErrors = {};
    for (const [field, column] of FIXED_FIELDS) {
      if (input[field] !== undefined && input[field] !== current[column]) {
        fixed[field] = [
          `The ${field.replace(/_/g, ' ')} cannot be changed; end this enrollment and create a new one.`,
        ];
      }
    }
    throwIfAny(fixed);

    const status = input.status ?? current.status;
    if (current.status === 'ended' && status !== 'ended') {
      throw conflict('An ended enrollment cannot be reopened; create a new enrollment.');
    }
    const startDate = input.start_date ?? current.startDate;
    let endDate = input.end_date !== undefined ? input.end_date : current.endDate;
    const ending = status === 'ended' && current.status !== 'ended';
    if (status === 'ended' && (endDate === null || (ending && input.end_date === undefined))) {
      endDate = closingDate(current.endDate, startDate, today);
    }
    const period = { startDate, endDate };
    throwIfAny(periodError(period, input.end_date !== undefined ? 'end_date' : 'start_date'));

    const horseId = input.horse_id !== undefined ? input.horse_id : current.horseId;
    const active = status === 'active';
    const reactivated = active && current.status !== 'active';
    const periodChanged = startDate !== current.startDate || endDate !== current.endDate;
    const horseChanged = horseId !== current.horseId;
    const check = {
      place: active && (reactivated || periodChanged),
      horse: horseId !== null && active && (reactivated || periodChanged || horseChanged),
    };

    const horseToLock = horseId !== null && (check.horse || horseChanged) ? horseId : null;
    if (check.place || horseToLock) {
      const schedule = await lockSchedule(tx, school.id, current.scheduleId);
      if (horseToLock) {
        const horse = await lockHorse(tx, school.id, horseToLock);
        if ((horseChanged || reactivated) && horse.status !== 'active')
          throw invalidField('horse_id', INACTIVE_HORSE);
      }
      throwIfAny(
        await placementErrors(
          tx,
          school.id,
          { schedule, horseId, period, exceptId: current.id },
          check,
        ),
      );
    }

    await tx
      .update(enrollments)
      .set({
        horseId,
        startDate,
        endDate,
        status,
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(enrollments.schoolId, school.id), eq(enrollments.id, current.id)));
  });
}

/** DELETE: the enrollment ends today and is kept as history; ending it twice is a conflict. */
export async function endEnrollment(db: Database, school: School, id: string): Promise<void> {
  const today = todayIn(school.timezone);
  await db.transaction(async (tx) => {
    const current = await lockEnrollment(tx, school.id, id);
    if (current.status === 'ended') throw conflict('The enrollment has already ended.');
    await tx
      .update(enrollments)
      .set({
        status: 'ended',
        endDate: closingDate(current.endDate, current.startDate, today),
        updatedAt: sql`now()`,
      })
      .where(and(eq(enrollments.schoolId, school.id), eq(enrollments.id, current.id)));
    await noticeFreePlace(tx, school, current.scheduleId);
  });
}
