import { endOfMonth, format, parseISO } from 'date-fns';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { attendance, classes, schedules, students } from '@/db/schema';
import { invalidField } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { dateField, todayIn } from '../kernel/fields/calendar';

/*
 * Attendance report over a date range (spec 4.3): totals, per student and per class, each
 * aggregated by the database in one statement, so three statements whatever the volume.
 * attendance_rate = (present + late) / records × 100, rounded to one decimal, 0 when none.
 */

export const attendanceReportInput = z.object({
  /** Defaults to the first day of the current month in the school's time zone. */
  start_date: dateField.optional(),
  /** Defaults to the last day of the current month in the school's time zone. */
  end_date: dateField.optional(),
  student_id: z.uuid().optional(),
  class_id: z.uuid().optional(),
});

const tallySchema = {
  records: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  attendance_rate: z.number(),
};

export const attendanceReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  totals: z.object(tallySchema),
  by_student: z.array(
    z.object({
      student_id: z.string(),
      full_name: z.string(),
      ...tallySchema,
      average_rating: z.number().nullable(),
    }),
  ),
  by_class: z.array(z.object({ class_id: z.string(), class_name: z.string(), ...tallySchema })),
});

export type AttendanceReport = z.infer<typeof attendanceReportSchema>;

const counted = (status: string) =>
  sql<number>`(count(*) filter (where ${attendance.status} = ${status}))::int`;

const tally = {
  records: sql<number>`count(*)::int`,
  present: counted('present'),
  absent: counted('absent'),
  late: counted('late'),
  excused: counted('excused'),
  attendance_rate: sql<number>`coalesce(round(100.0 * count(*) filter (where ${attendance.status} in ('present', 'late')) / nullif(count(*), 0), 1), 0)::float8`,
};

export async function attendanceReport(
  db: Database,
  school: School,
  input: z.infer<typeof attendanceReportInput>,
): Promise<AttendanceReport> {
  const today = todayIn(school.timezone);
  const startDate = input.start_date ?? `${today.slice(0, 7)}-01`;
  const endDate = input.end_date ?? format(endOfMonth(parseISO(today)), 'yyyy-MM-dd');
  if (endDate < startDate)
    throw invalidField(
      'end_date',
      'The end date field must be a date after or equal to start date.',
    );

  const where = and(
    eq(attendance.schoolId, school.id),
    gte(attendance.date, startDate),
    lte(attendance.date, endDate),
    input.student_id ? eq(attendance.studentId, input.student_id) : undefined,
    input.class_id ? eq(schedules.classId, input.class_id) : undefined,
  );
  const bySchedule = and(
    eq(schedules.schoolId, attendance.schoolId),
    eq(schedules.id, attendance.scheduleId),
  );

  const [totals] = await db
    .select(tally)
    .from(attendance)
    .innerJoin(schedules, bySchedule)
    .where(where);
  const byStudent = await db
    .select({
      student_id: students.id,
      full_name: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      ...tally,
      average_rating: sql<number | null>`round(avg(${attendance.performanceRating}), 2)::float8`,
    })
    .from(attendance)
    .innerJoin(schedules, bySchedule)
    .innerJoin(
      students,
      and(eq(students.schoolId, attendance.schoolId), eq(students.id, attendance.studentId)),
    )
    .where(where)
    .groupBy(students.id, students.firstName, students.lastName)
    .orderBy(asc(students.lastName), asc(students.firstName), asc(students.id));
  const byClass = await db
    .select({ class_id: classes.id, class_name: classes.name, ...tally })
    .from(attendance)
    .innerJoin(schedules, bySchedule)
    .innerJoin(
      classes,
      and(eq(classes.schoolId, schedules.schoolId), eq(classes.id, schedules.classId)),
    )
    .where(where)
    .groupBy(classes.id, classes.name)
    .orderBy(asc(classes.name), asc(classes.id));

  return {
    start_date: startDate,
    end_date: endDate,
    totals: totals!,
    by_student: byStudent,
    by_class: byClass,
  };
}
