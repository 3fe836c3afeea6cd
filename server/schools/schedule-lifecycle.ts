import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { schedules } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { toTimeOfDay } from '../kernel/records';
import {
  assertClassChangeable,
  assertEndsAfterStart,
  assertNoOverlap,
  lockScheduleReferences,
} from './schedule-rules';
import type { ScheduleFields, ScheduleUpdate } from './schedule-schema';

/** Creates a schedule that overlaps no other of its instructor; answers its id. */
export async function createSchedule(
  db: Database,
  schoolId: string,
  input: ScheduleFields,
): Promise<string> {
  assertEndsAfterStart(input.start_time, input.end_time);
  return db.transaction(async (tx) => {
    const refs = await lockScheduleReferences(tx, schoolId, {
      classId: input.class_id,
      instructorId: input.instructor_id,
    });
    const slot = {
      instructorId: input.instructor_id,
      dayOfWeek: input.day_of_week,
      startTime: input.start_time,
      endTime: input.end_time,
    };
    await assertNoOverlap(tx, schoolId, slot);
    const [created] = await tx
      .insert(schedules)
      .values({
        schoolId,
        classId: input.class_id,
        ...slot,
        location: input.location,
        maxStudents: input.max_students ?? refs.class!.maxStudents,
      })
      .returning({ id: schedules.id });
    return created!.id;
  });
}

/**
 * Changes the fields given; the resulting slot is checked again for overlaps, and the class
 * of a schedule with enrollments does not change.
 */
export async function updateSchedule(
  db: Database,
  schoolId: string,
  scheduleId: string,
  input: ScheduleUpdate,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = isUuid(scheduleId)
      ? await tx
          .select()
          .from(schedules)
          .where(and(eq(schedules.schoolId, schoolId), eq(schedules.id, scheduleId)))
          .for('update')
      : [];
    if (!current) throw notFound('Schedule');
    const slot = {
      instructorId: input.instructor_id ?? current.instructorId,
      dayOfWeek: input.day_of_week ?? current.dayOfWeek,
      startTime: input.start_time ?? toTimeOfDay(current.startTime),
      endTime: input.end_time ?? toTimeOfDay(current.endTime),
    };
    assertEndsAfterStart(slot.startTime, slot.endTime);
    const classChanges = input.class_id !== undefined && input.class_id !== current.classId;
    await lockScheduleReferences(tx, schoolId, {
      classId: classChanges ? input.class_id : undefined,
      instructorId: slot.instructorId,
    });
    if (classChanges) await assertClassChangeable(tx, schoolId, current.id);
    await assertNoOverlap(tx, schoolId, slot, current.id);
    await tx
      .update(schedules)
      .set({
        ...slot,
        classId: input.class_id,
        location: input.location,
        maxStudents: input.max_students,
        updatedAt: sql`now()`,
      })
      .where(and(eq(schedules.schoolId, schoolId), eq(schedules.id, current.id)));
  });
}

/** Deletes a schedule; one with enrollments or attendance is kept by its foreign keys (409). */
export async function deleteSchedule(db: Database, schoolId: string, scheduleId: string) {
  const [row] = isUuid(scheduleId)
    ? await db
        .delete(schedules)
        .where(and(eq(schedules.schoolId, schoolId), eq(schedules.id, scheduleId)))
        .returning({ id: schedules.id })
    : [];
  if (!row) throw notFound('Schedule');
}
