import { and, asc, eq, exists, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  attendance,
  classes,
  enrollments,
  horses,
  payments,
  schedules,
  students,
} from '@/db/schema';
import { notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { ageOn, todayIn } from '../kernel/fields/calendar';
import { countAll, foldedContains, timestampsOut, toTimeOfDay } from '../kernel/records';
import { selectPayments, toPayment } from '../payments/payment-records';
import type { Student, StudentDetail, StudentListFilters } from './student-schema';

type StudentRow = typeof students.$inferSelect;

/** `today` is the school's, for `age`. */
export function toStudent(row: StudentRow, today: string): Student {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`,
    birth_date: row.birthDate,
    age: ageOn(row.birthDate, today),
    gender: row.gender,
    document_type: row.documentType,
    document_number: row.documentNumber,
    phone: row.phone,
    email: row.email,
    address: { street: row.street, city: row.city, state: row.state },
    emergency_contact: {
      name: row.emergencyContactName,
      relationship: row.emergencyContactRelationship,
      phone: row.emergencyContactPhone,
    },
    level: row.level,
    current_level_id: row.currentLevelId,
    status: row.status,
    notes: row.notes,
    anonymized_at: row.anonymizedAt?.toISOString() ?? null,
    ...timestampsOut(row),
  };
}

/** DESIGN 6: active = status active, started by today, not ended before today. */
function isActiveEnrollment(today: string): SQL {
  return and(
    eq(enrollments.status, 'active'),
    lte(enrollments.startDate, today),
    or(isNull(enrollments.endDate), gte(enrollments.endDate, today)),
  )!;
}

/**
 * A page of the school's students by last and first name. `search` matches the first name,
 * the last name or "first last", ignoring case and accents; `class_id` keeps those actively
 * enrolled in it today.
 */
export async function listStudents(
  db: Database,
  school: School,
  input: StudentListFilters & PageRequest,
  url: URL,
) {
  const today = todayIn(school.timezone);
  const filters: SQL[] = [eq(students.schoolId, school.id)];
  if (input.search) {
    // "first last" contains the first name and the last name, so matching it alone is the
    // same filter as matching any of the three. Accents do not count (an office types
    // "Garcia" for "García"): the column holds the name already folded.
    filters.push(foldedContains(students.searchName, input.search));
  }
  if (input.status) filters.push(eq(students.status, input.status));
  if (input.level) filters.push(eq(students.level, input.level));
  if (input.class_id) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(enrollments)
          .where(
            and(
              eq(enrollments.schoolId, students.schoolId),
              eq(enrollments.studentId, students.id),
              eq(enrollments.classId, input.class_id),
              isActiveEnrollment(today),
            ),
          ),
      ),
    );
  }
  const where = and(...filters);
  // The page and the filter's total in one statement: the total is an uncorrelated scalar
  // subquery (computed once); a page past the end has no row to carry it and counts apart.
  const rows = await db
    .select({
      student: students,
      total: sql<number>`(select count(*)::int from ${students} where ${where})`,
    })
    .from(students)
    .where(where)
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id))
    .limit(input.per_page)
    .offset(pageOffset(input));
  const total =
    rows[0]?.total ??
    (pageOffset(input) === 0
      ? 0
      : ((await db.select({ total: countAll }).from(students).where(where))[0]?.total ?? 0));
  return paginate(
    rows.map((row) => toStudent(row.student, today)),
    total,
    input,
    url,
  );
}

type ActiveEnrollmentRow = {
  id: string;
  classId: string;
  className: string;
  scheduleId: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  horseId: string | null;
  horseName: string | null;
  startDate: string;
  endDate: string | null;
  status: StudentDetail['active_enrollments'][number]['status'];
};

const countStatus = (status: string) =>
  sql<number>`(count(*) filter (where ${attendance.status} = ${status}))::int`;

/**
 * A student with the enrollments active today, attendance statistics and, when `withPayments`
 * (the caller may view payments), the school payments. `attendance_rate` = (present + late) /
 * total × 100, one decimal, 0 without records.
 */
export async function getStudentDetail(
  db: Database,
  school: School,
  studentId: string,
  withPayments: boolean,
): Promise<StudentDetail> {
  const today = todayIn(school.timezone);
  const schoolId = school.id;
  if (!isUuid(studentId)) throw notFound('Student');
  // The student, the enrollments active today (JSON built by PostgreSQL, in the list's order)
  // and the attendance counts in one statement; the payments beside it.
  const [[row], studentPayments] = await Promise.all([
    db
      .select({
        student: students,
        // Subqueries as query builders: a one-table select writes its own columns unqualified.
        active: sql<string>`(${db
          .select({
            json: sql`coalesce(json_agg(json_build_object(
              'id', ${enrollments.id}, 'classId', ${enrollments.classId}, 'className', ${classes.name},
              'scheduleId', ${enrollments.scheduleId}, 'dayOfWeek', ${schedules.dayOfWeek},
              'startTime', ${schedules.startTime}, 'endTime', ${schedules.endTime},
              'horseId', ${enrollments.horseId}, 'horseName', ${horses.name},
              'startDate', ${enrollments.startDate}, 'endDate', ${enrollments.endDate},
              'status', ${enrollments.status})
              order by ${schedules.dayOfWeek}, ${schedules.startTime}, ${classes.name}, ${enrollments.id}), '[]')::text`,
          })
          .from(enrollments)
          .innerJoin(
            classes,
            and(eq(classes.schoolId, enrollments.schoolId), eq(classes.id, enrollments.classId)),
          )
          .innerJoin(
            schedules,
            and(
              eq(schedules.schoolId, enrollments.schoolId),
              eq(schedules.id, enrollments.scheduleId),
            ),
          )
          .leftJoin(
            horses,
            and(eq(horses.schoolId, enrollments.schoolId), eq(horses.id, enrollments.horseId)),
          )
          .where(
            and(
              eq(enrollments.schoolId, schoolId),
              eq(enrollments.studentId, studentId),
              isActiveEnrollment(today),
            ),
          )})`,
        stats: sql<string>`(${db
          .select({
            json: sql`json_build_object('total', count(*)::int, 'present', ${countStatus('present')},
              'absent', ${countStatus('absent')}, 'late', ${countStatus('late')},
              'excused', ${countStatus('excused')})::text`,
          })
          .from(attendance)
          .where(and(eq(attendance.schoolId, schoolId), eq(attendance.studentId, studentId)))})`,
      })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId))),
    withPayments ? selectPayments(db, schoolId, eq(payments.studentId, studentId)) : null,
  ]);
  if (!row) throw notFound('Student');
  const active = JSON.parse(row.active) as ActiveEnrollmentRow[];
  const { total, present, absent, late, excused } = JSON.parse(row.stats) as Record<
    'total' | 'present' | 'absent' | 'late' | 'excused',
    number
  >;
  return {
    ...toStudent(row.student, today),
    active_enrollments: active.map((e) => ({
      id: e.id,
      class_id: e.classId,
      class_name: e.className,
      schedule_id: e.scheduleId,
      day_of_week: e.dayOfWeek,
      start_time: toTimeOfDay(e.startTime),
      end_time: toTimeOfDay(e.endTime),
      horse_id: e.horseId,
      horse_name: e.horseName,
      start_date: e.startDate,
      end_date: e.endDate,
      status: e.status,
    })),
    attendance_stats: {
      total,
      present,
      absent,
      late,
      excused,
      // Integer tenths, rounded half up, so no float drift.
      attendance_rate: total === 0 ? 0 : Math.round(((present + late) * 1000) / total) / 10,
    },
    payments: studentPayments?.map((payment) => toPayment(payment, today)) ?? null,
  };
}
