import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { attendance, enrollments, horses, schedules, students } from '@/db/schema';
import { invalidField, validationError } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import type { FieldErrors } from '../kernel/validation';
import { dayOfWeek, todayIn } from '../kernel/fields/calendar';
import { missingInSchool, referenceInSchool, timestampsOut } from '../kernel/records';
import type { AttendanceSubmission, ClassAttendance } from './attendance-schema';

/*
 * Attendance of one schedule on one date (DESIGN 6). A submission is the whole class: it
 * replaces whatever was recorded for that schedule and date, in one transaction.
 */

/** What was recorded for a schedule on a date, by student name, in one statement. */
export async function readClassAttendance(
  db: Database,
  schoolId: string,
  scheduleId: string,
  date: string,
): Promise<ClassAttendance> {
  const rows = await db
    .select({
      record: attendance,
      fullName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
    })
    .from(attendance)
    .innerJoin(
      students,
      and(eq(students.schoolId, attendance.schoolId), eq(students.id, attendance.studentId)),
    )
    .where(
      and(
        eq(attendance.schoolId, schoolId),
        eq(attendance.scheduleId, scheduleId),
        eq(attendance.date, date),
      ),
    )
    .orderBy(asc(students.lastName), asc(students.firstName), asc(attendance.id));
  return {
    schedule_id: scheduleId,
    date,
    records: rows.map(({ record, fullName }) => ({
      id: record.id,
      enrollment_id: record.enrollmentId,
      student_id: record.studentId,
      student: { id: record.studentId, full_name: fullName },
      status: record.status,
      horse_id: record.horseId,
      performance_rating: record.performanceRating,
      notes: record.notes,
      ...timestampsOut(record),
    })),
  };
}

/**
 * Whether an enrollment ran on a date: started, not yet ended, and not paused. An enrollment
 * ended since then still counts for the days it ran (its end date says until when).
 */
function ranOn(
  row: { status: string; startDate: string; endDate: string | null },
  date: string,
): boolean {
  return (
    row.status !== 'paused' &&
    row.startDate <= date &&
    (row.endDate === null || row.endDate >= date)
  );
}

/** GET /attendance: the schedule must be this school's (422 on `schedule_id`). */
export async function getClassAttendance(
  db: Database,
  schoolId: string,
  scheduleId: string,
  date: string,
): Promise<ClassAttendance> {
  await referenceInSchool(db, schedules, schoolId, scheduleId, 'schedule_id');
  return readClassAttendance(db, schoolId, scheduleId, date);
}

/**
 * Records a class's attendance. Rules: the schedule is this school's, the date falls on its
 * weekday and is not after today, each enrollment is of that schedule and ran that day and
 * appears once, each horse is this school's. Returns what is now recorded.
 */
export async function recordClassAttendance(
  db: Database,
  school: School,
  input: AttendanceSubmission,
): Promise<ClassAttendance> {
  const today = todayIn(school.timezone);
  await db.transaction(async (tx) => {
    // Locking the schedule serializes submissions for it, so one replaces the other whole.
    const [schedule] = await tx
      .select({ id: schedules.id, dayOfWeek: schedules.dayOfWeek })
      .from(schedules)
      .where(and(eq(schedules.schoolId, school.id), eq(schedules.id, input.schedule_id)))
      .for('update');
    if (!schedule) throw invalidField('schedule_id', 'The selected schedule id is invalid.');
    if (input.date > today)
      throw invalidField('date', 'The date field must be a date before or equal to today.');
    if (dayOfWeek(input.date) !== schedule.dayOfWeek) {
      throw invalidField('date', 'The date field must fall on the weekday of the schedule.');
    }

    const enrollmentIds = input.attendance.map((item) => item.enrollment_id);
    const horseIds = input.attendance.flatMap((item) => (item.horse_id ? [item.horse_id] : []));
    const found = await tx
      .select({
        id: enrollments.id,
        studentId: enrollments.studentId,
        status: enrollments.status,
        startDate: enrollments.startDate,
        endDate: enrollments.endDate,
      })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.schoolId, school.id),
          eq(enrollments.scheduleId, schedule.id),
          inArray(enrollments.id, [...new Set(enrollmentIds)]),
        ),
      );
    const missingHorses = await missingInSchool(tx, horses, school.id, horseIds);
    const byId = new Map(found.map((row) => [row.id, row]));

    const errors: FieldErrors = {};
    const seen = new Set<string>();
    input.attendance.forEach((item, index) => {
      const enrollment = byId.get(item.enrollment_id);
      const field = `attendance.${index}.enrollment_id`;
      if (!enrollment) {
        errors[field] = [`The selected ${field} is not an enrollment of this schedule.`];
      } else if (!ranOn(enrollment, input.date)) {
        errors[field] = [`The selected ${field} is not an active enrollment on ${input.date}.`];
      } else if (seen.has(item.enrollment_id)) {
        errors[field] = [`The ${field} field has a duplicate value.`];
      }
      seen.add(item.enrollment_id);
      if (item.horse_id && missingHorses.has(item.horse_id)) {
        errors[`attendance.${index}.horse_id`] = [
          `The selected attendance.${index}.horse_id is invalid.`,
        ];
      }
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);

    await tx
      .delete(attendance)
      .where(
        and(
          eq(attendance.schoolId, school.id),
          eq(attendance.scheduleId, schedule.id),
          eq(attendance.date, input.date),
          notInArray(attendance.enrollmentId, enrollmentIds),
        ),
      );
    await tx
      .insert(attendance)
      .values(
        input.attendance.map((item) => ({
          schoolId: school.id,
          scheduleId: schedule.id,
          enrollmentId: item.enrollment_id,
          studentId: byId.get(item.enrollment_id)!.studentId,
          date: input.date,
          status: item.status,
          horseId: item.horse_id ?? null,
          performanceRating: item.performance_rating ?? null,
          notes: item.notes ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [attendance.schoolId, attendance.enrollmentId, attendance.date],
        set: {
          status: sql`excluded.status`,
          horseId: sql`excluded.horse_id`,
          performanceRating: sql`excluded.performance_rating`,
          notes: sql`excluded.notes`,
          updatedAt: sql`now()`,
        },
      });
  });
  return readClassAttendance(db, school.id, input.schedule_id, input.date);
}
