import { and, asc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { classes, enrollments, instructors, schedules } from '@/db/schema';
import { invalidField, validationError } from '../kernel/errors';
import type { FieldErrors } from '../kernel/validation';
import { toTimeOfDay } from '../kernel/records';
import { DAY_NAMES } from '../kernel/fields/day-names';

export type ScheduleSlot = {
  instructorId: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
};

export function assertEndsAfterStart(startTime: string, endTime: string) {
  if (endTime <= startTime)
    throw invalidField('end_time', 'The end time field must be a time after start time.');
}

/**
 * The class and instructor a schedule names (UUIDs, validated by the input schema) must be
 * this school's (422 on the field). The
 * instructor's row is locked until the transaction ends: every write of that instructor's
 * schedules takes the same lock before its overlap check, so two of them cannot both pass.
 */
export async function lockScheduleReferences(
  tx: Database,
  schoolId: string,
  refs: { classId?: string; instructorId: string },
): Promise<{ class?: typeof classes.$inferSelect }> {
  const [klass] = refs.classId
    ? await tx
        .select()
        .from(classes)
        .where(and(eq(classes.schoolId, schoolId), eq(classes.id, refs.classId)))
    : [];
  const [instructor] = await tx
    .select({ id: instructors.id })
    .from(instructors)
    .where(and(eq(instructors.schoolId, schoolId), eq(instructors.id, refs.instructorId)))
    .for('update');
  const errors: FieldErrors = {};
  if (refs.classId && !klass) errors.class_id = ['The selected class id is invalid.'];
  if (!instructor) errors.instructor_id = ['The selected instructor id is invalid.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { class: klass };
}

/**
 * A schedule may not overlap another of the same instructor on the same day (DESIGN 6);
 * one ending when the other starts does not. Run after `lockScheduleReferences`.
 */
export async function assertNoOverlap(
  tx: Database,
  schoolId: string,
  slot: ScheduleSlot,
  exceptId?: string,
) {
  const [clash] = await tx
    .select({ startTime: schedules.startTime, endTime: schedules.endTime })
    .from(schedules)
    .where(
      and(
        eq(schedules.schoolId, schoolId),
        eq(schedules.instructorId, slot.instructorId),
        eq(schedules.dayOfWeek, slot.dayOfWeek),
        lt(schedules.startTime, slot.endTime),
        gt(schedules.endTime, slot.startTime),
        exceptId ? ne(schedules.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(schedules.startTime))
    .limit(1);
  if (clash) {
    throw invalidField(
      'instructor_id',
      `The instructor already has a class on ${DAY_NAMES[slot.dayOfWeek]} from ${toTimeOfDay(clash.startTime)} to ${toTimeOfDay(clash.endTime)}.`,
    );
  }
}

/** Enrollments are of a schedule's class: a schedule that has any keeps its class. */
export async function assertClassChangeable(tx: Database, schoolId: string, scheduleId: string) {
  const [held] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.scheduleId, scheduleId)))
    .limit(1);
  if (held)
    throw invalidField(
      'class_id',
      'The class id of a schedule with enrollments cannot be changed.',
    );
}
