import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { attendance, enrollments, horses, schedules, students } from '@/db/schema';
import { invalidField, validationError } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import type { FieldErrors } from '../kernel/validation';
import { dayOfWeek, todayIn } from '../kernel/fields/calendar';
import { referenceInSchool, timestampsOut } from '../kernel/records';
import { queueBadgeRulesStatement } from '../progression/badge-rules';
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

type FoundEnrollment = {
  id: string;
  student_id: string;
  status: string;
  start_date: string;
  end_date: string | null;
};

type WrittenRow = {
  id: string;
  enrollment_id: string;
  student_id: string;
  status: ClassAttendance['records'][number]['status'];
  horse_id: string | null;
  performance_rating: number | null;
  notes: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  full_name: string;
};

/** A JSON array of uuids as a set of `uuid` values in SQL. */
const uuidsIn = (ids: string[]) =>
  sql`(select (value #>> '{}')::uuid from json_array_elements(${JSON.stringify(ids)}::json))`;

/**
 * Records a class's attendance. Rules: the schedule is this school's, the date falls on its
 * weekday and is not after today, each enrollment is of that schedule and ran that day and
 * appears once, each horse is this school's. Returns what is now recorded.
 *
 * Two statements in one transaction (issue 27): the schedule locked with what the rules
 * need (its enrollments among those sent, the horses sent that are the school's), then the
 * replacement (delete the others, upsert those sent) returning what is recorded.
 */
export async function recordClassAttendance(
  db: Database,
  school: School,
  input: AttendanceSubmission,
): Promise<ClassAttendance> {
  const today = todayIn(school.timezone);
  const rows = await db.transaction(async (tx) => {
    const enrollmentIds = input.attendance.map((item) => item.enrollment_id);
    const horseIds = input.attendance.flatMap((item) => (item.horse_id ? [item.horse_id] : []));
    // Locking the schedule serializes submissions for it, so one replaces the other whole.
    const [schedule] = await queryRows<{ day_of_week: number; found: string; horses: string }>(
      tx,
      sql`
      select ${schedules.dayOfWeek} as day_of_week,
        (select coalesce(json_agg(json_build_object(
                  'id', ${enrollments.id}, 'student_id', ${enrollments.studentId},
                  'status', ${enrollments.status}, 'start_date', ${enrollments.startDate},
                  'end_date', ${enrollments.endDate})), '[]')::text
           from ${enrollments}
          where ${enrollments.schoolId} = ${school.id} and ${enrollments.scheduleId} = ${input.schedule_id}
            and ${enrollments.id} in ${uuidsIn(enrollmentIds)}) as found,
        (select coalesce(json_agg(${horses.id}), '[]')::text from ${horses}
          where ${horses.schoolId} = ${school.id} and ${horses.id} in ${uuidsIn(horseIds)}) as horses
      from ${schedules}
      where ${schedules.schoolId} = ${school.id} and ${schedules.id} = ${input.schedule_id}
      for update of ${schedules}`,
    );
    if (!schedule) throw invalidField('schedule_id', 'The selected schedule id is invalid.');
    if (input.date > today)
      throw invalidField('date', 'The date field must be a date before or equal to today.');
    if (dayOfWeek(input.date) !== Number(schedule.day_of_week)) {
      throw invalidField('date', 'The date field must fall on the weekday of the schedule.');
    }

    const found = JSON.parse(schedule.found) as FoundEnrollment[];
    const schoolHorses = new Set(JSON.parse(schedule.horses) as string[]);
    const byId = new Map(found.map((row) => [row.id, row]));

    const errors: FieldErrors = {};
    const seen = new Set<string>();
    input.attendance.forEach((item, index) => {
      const enrollment = byId.get(item.enrollment_id);
      const field = `attendance.${index}.enrollment_id`;
      if (!enrollment) {
        errors[field] = [`The selected ${field} is not an enrollment of this schedule.`];
      } else if (
        !ranOn(
          {
            status: enrollment.status,
            startDate: enrollment.start_date,
            endDate: enrollment.end_date,
          },
          input.date,
        )
      ) {
        errors[field] = [`The selected ${field} is not an active enrollment on ${input.date}.`];
      } else if (seen.has(item.enrollment_id)) {
        errors[field] = [`The ${field} field has a duplicate value.`];
      }
      seen.add(item.enrollment_id);
      if (item.horse_id && !schoolHorses.has(item.horse_id)) {
        errors[`attendance.${index}.horse_id`] = [
          `The selected attendance.${index}.horse_id is invalid.`,
        ];
      }
    });
    if (Object.keys(errors).length > 0) throw validationError(errors);

    const items = input.attendance.map((item) => ({
      enrollment_id: item.enrollment_id,
      student_id: byId.get(item.enrollment_id)!.student_id,
      status: item.status,
      horse_id: item.horse_id ?? null,
      performance_rating: item.performance_rating ?? null,
      notes: item.notes ?? null,
    }));
    // An upserted row keeps its schedule (an enrollment moved since): only this schedule's
    // rows are what is recorded for it, as a read after the write would find.
    return queryRows<WrittenRow>(
      tx,
      sql`
      with items as (
        select * from json_to_recordset(${JSON.stringify(items)}::json) as i(
          enrollment_id uuid, student_id uuid, status text, horse_id uuid,
          performance_rating smallint, notes text)
      ),
      removed as (
        delete from ${attendance}
        where ${attendance.schoolId} = ${school.id} and ${attendance.scheduleId} = ${input.schedule_id}
          and ${attendance.date} = ${input.date}
          and ${attendance.enrollmentId} not in (select enrollment_id from items)
      ),
      written as (
        insert into ${attendance} (school_id, schedule_id, enrollment_id, student_id, date, status,
                                   horse_id, performance_rating, notes)
        select ${school.id}, ${input.schedule_id}, enrollment_id, student_id, ${input.date}::date,
               status, horse_id, performance_rating, notes
        from items
        on conflict (school_id, enrollment_id, date) do update
          set status = excluded.status, horse_id = excluded.horse_id,
              performance_rating = excluded.performance_rating, notes = excluded.notes,
              updated_at = now()
        returning id, enrollment_id, student_id, schedule_id, status, horse_id,
                  performance_rating, notes, created_at, updated_at
      ),
      rules as (${queueBadgeRulesStatement(school.id, sql`select student_id from items`, 'attendance_count')})
      select w.id, w.enrollment_id, w.student_id, w.status, w.horse_id, w.performance_rating,
             w.notes, w.created_at, w.updated_at,
             ${students.firstName} || ' ' || ${students.lastName} as full_name
      from written w
      join ${students} on ${students.schoolId} = ${school.id} and ${students.id} = w.student_id
      where w.schedule_id = ${input.schedule_id}
      order by ${students.lastName}, ${students.firstName}, w.id`,
    );
  });
  return {
    schedule_id: input.schedule_id,
    date: input.date,
    records: rows.map((row) => ({
      id: row.id,
      enrollment_id: row.enrollment_id,
      student_id: row.student_id,
      student: { id: row.student_id, full_name: row.full_name },
      status: row.status,
      horse_id: row.horse_id,
      performance_rating: row.performance_rating === null ? null : Number(row.performance_rating),
      notes: row.notes,
      created_at: (attendance.createdAt.mapFromDriverValue(row.created_at) as Date).toISOString(),
      updated_at: (attendance.updatedAt.mapFromDriverValue(row.updated_at) as Date).toISOString(),
    })),
  };
}
