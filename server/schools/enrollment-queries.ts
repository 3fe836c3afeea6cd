import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { classes, enrollments, horses, schedules, students } from '@/db/schema';
import { notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { joinInSchool, timestampsOut, toTimeOfDay } from '../kernel/records';
import type { Enrollment, EnrollmentListFilters } from './enrollment-schema';

const enrollmentColumns = {
  enrollment: enrollments,
  studentName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
  className: classes.name,
  dayOfWeek: schedules.dayOfWeek,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  horseName: horses.name,
};

type EnrollmentRow = {
  enrollment: typeof enrollments.$inferSelect;
  studentName: string;
  className: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  horseName: string | null;
};

/** Whether an enrollment is active on a date (DESIGN 6). */
export function isActiveOn(
  row: { status: string; startDate: string; endDate: string | null },
  date: string,
): boolean {
  return (
    row.status === 'active' &&
    row.startDate <= date &&
    (row.endDate === null || row.endDate >= date)
  );
}

export function toEnrollment(row: EnrollmentRow, today: string): Enrollment {
  const e = row.enrollment;
  return {
    id: e.id,
    student_id: e.studentId,
    class_id: e.classId,
    schedule_id: e.scheduleId,
    horse_id: e.horseId,
    start_date: e.startDate,
    end_date: e.endDate,
    status: e.status,
    notes: e.notes,
    is_active: isActiveOn(e, today),
    student: { id: e.studentId, full_name: row.studentName },
    class: { id: e.classId, name: row.className },
    schedule: {
      id: e.scheduleId,
      day_of_week: row.dayOfWeek,
      start_time: toTimeOfDay(row.startTime),
      end_time: toTimeOfDay(row.endTime),
    },
    horse: e.horseId === null ? null : { id: e.horseId, name: row.horseName! },
    ...timestampsOut(e),
  };
}

/** Enrollments of a school with their student, class, schedule and horse, in one statement. */
function selectEnrollments(db: Database, schoolId: string, where?: SQL) {
  return db
    .select(enrollmentColumns)
    .from(enrollments)
    .innerJoin(students, joinInSchool(students, enrollments.schoolId, enrollments.studentId))
    .innerJoin(classes, joinInSchool(classes, enrollments.schoolId, enrollments.classId))
    .innerJoin(schedules, joinInSchool(schedules, enrollments.schoolId, enrollments.scheduleId))
    .leftJoin(horses, joinInSchool(horses, enrollments.schoolId, enrollments.horseId))
    .where(and(eq(enrollments.schoolId, schoolId), where));
}

/** Enrollments, latest start first. */
export async function listEnrollments(
  db: Database,
  school: School,
  input: EnrollmentListFilters,
): Promise<Enrollment[]> {
  const rows = await selectEnrollments(
    db,
    school.id,
    and(
      input.student_id ? eq(enrollments.studentId, input.student_id) : undefined,
      input.class_id ? eq(enrollments.classId, input.class_id) : undefined,
      input.schedule_id ? eq(enrollments.scheduleId, input.schedule_id) : undefined,
      input.status ? eq(enrollments.status, input.status) : undefined,
    ),
  ).orderBy(desc(enrollments.startDate), asc(enrollments.id));
  const today = todayIn(school.timezone);
  return rows.map((row) => toEnrollment(row, today));
}

/** One enrollment of the school, or 404. */
export async function getEnrollment(
  db: Database,
  school: { id: string; timezone: string },
  id: string,
): Promise<Enrollment> {
  const [row] = isUuid(id)
    ? await selectEnrollments(db, school.id, eq(enrollments.id, id)).limit(1)
    : [];
  if (!row) throw notFound('Enrollment');
  return toEnrollment(row, todayIn(school.timezone));
}
