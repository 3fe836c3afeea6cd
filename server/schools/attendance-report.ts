import { addDays, addMonths, endOfMonth, format, parseISO } from 'date-fns';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRowBytes, queryRows, type Database } from '@/db/client';
import {
  attendance,
  attendanceScheduleMonths,
  attendanceStudentMonths,
  classes,
  schedules,
  students,
  timetableVersions,
} from '@/db/schema';
import { invalidField } from '../kernel/errors';
import { heldAnswers } from '../kernel/held-answers';
import { rawJson } from '../kernel/raw-json';
import type { School } from '../kernel/trpc/init';
import { todayIn } from '../kernel/fields/calendar';
import type { AttendanceReport, attendanceReportInput } from './attendance-schema';

/*
 * Attendance report over a date range (spec 4.3): totals, per student and per class, each
 * aggregated by the database in one statement, so three statements whatever the volume.
 * attendance_rate = (present + late) / records × 100, rounded to one decimal, 0 when none.
 * Without a student or class filter, the whole months of the range are read from the monthly
 * summaries (db/schema/summaries.ts: a row per student or schedule and month, kept exact by
 * triggers) and only the days of a partial first or last month from the records (issue 27: a
 * month of the large school is 87,000 records but 10,000 summary rows).
 */

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

  if (!input.student_id && !input.class_id) {
    return {
      start_date: startDate,
      end_date: endDate,
      ...(await heldOrBuilt(db, school.id, startDate, endDate)),
    };
  }

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

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The whole calendar months within [start, end] as [first, next) (first day of the first
 * whole month, first day of the month after the last), and the days outside them as two
 * ranges [start, first) and [next, end]. No whole month: first = next, and the days are all
 * of [start, end].
 */
export function monthSplit(start: string, end: string) {
  const startMonth = `${start.slice(0, 7)}-01`;
  const first = start === startMonth ? start : day(addMonths(parseISO(startMonth), 1));
  const after = day(addDays(parseISO(end), 1));
  const next = `${after.slice(0, 7)}-01`;
  if (first < next) return { first, next };
  return { first: after, next: after };
}

type Tally = AttendanceReport['totals'];
type StudentTally = AttendanceReport['by_student'][number];
type ClassTally = AttendanceReport['by_class'][number];

/** The sums of a `parts` subquery's tallies (cheap integer sums, grouped by the caller). */
const sums = sql.raw(`
  coalesce(sum(p.records), 0)::int as records,
  coalesce(sum(p.present), 0)::int as present,
  coalesce(sum(p.absent), 0)::int as absent,
  coalesce(sum(p.late), 0)::int as late,
  coalesce(sum(p.excused), 0)::int as excused,
  coalesce(sum(p.rating_sum), 0)::int as rating_sum,
  coalesce(sum(p.rating_count), 0)::int as rating_count`);

/** The report's tally from the sums `t`; the rate and average as `count(*)` and `avg` give them. */
const tallied = sql.raw(`t.records, t.present, t.absent, t.late, t.excused,
  coalesce(round(100.0 * (t.present + t.late) / nullif(t.records, 0), 1), 0)::float8 as attendance_rate`);

/*
 * The whole school's report is held by this process (the last few ranges asked), under the
 * version of what it is built from, read from the database on every request: the school's
 * timetable version (students, schedules, classes: the names and the classes of the lists;
 * moved on by triggers, migration 0033) and the row versions (`xmin`) of the school's schedule
 * summaries in the range's months, which every write of an attendance record in those months
 * rewrites in its own statement (migration 0006). `xmin` is the writing transaction's id, so
 * it tells apart every committed change of a row whatever the order transactions commit in (a
 * counter compared by its maximum would not); a removed summary row drops out of the list.
 * The version is read before the report is built, so a report is never held under a version
 * older than its data: at worst it is built once more. A month of the large school is 10,000
 * students, 1.8 MB of JSON: 115–135 ms of PostgreSQL per request when built (issue 27).
 */
const heldReports = heldAnswers<Awaited<ReturnType<typeof fromSummaries>>>(8);

async function heldOrBuilt(db: Database, schoolId: string, start: string, end: string) {
  const [{ version } = { version: '' }] = await queryRows<{ version: string }>(
    db,
    sql`select coalesce((select ${timetableVersions.version} from ${timetableVersions}
                          where ${timetableVersions.schoolId} = ${schoolId}), 0)::text || ' ' ||
               coalesce((select md5(string_agg(s.schedule_id::text || s.xmin::text, ','
                                               order by s.month, s.schedule_id))
                           from ${attendanceScheduleMonths} s
                          where s.school_id = ${schoolId}
                            and s.month between date_trunc('month', ${start}::date)::date
                                            and date_trunc('month', ${end}::date)::date), '')
               as version`,
  );
  return heldReports.answer(`${schoolId} ${start} ${end}`, version, async () => ({
    answer: await fromSummaries(db, schoolId, start, end),
    version,
  }));
}

async function fromSummaries(db: Database, schoolId: string, start: string, end: string) {
  const { first, next } = monthSplit(start, end);
  /** Summary rows of the whole months and the records of the other days, in the same shape. */
  const parts = (
    summary: typeof attendanceStudentMonths | typeof attendanceScheduleMonths,
    key: SQL,
  ) => sql`(
    select ${key} as key, records, present, absent, late, excused, rating_sum, rating_count
    from ${summary}
    where school_id = ${schoolId} and month >= ${first}::date and month < ${next}::date
    union all
    select ${key}, count(*)::int, (count(*) filter (where status = 'present'))::int,
           (count(*) filter (where status = 'absent'))::int, (count(*) filter (where status = 'late'))::int,
           (count(*) filter (where status = 'excused'))::int, coalesce(sum(performance_rating), 0)::int,
           count(performance_rating)::int
    from ${attendance}
    where school_id = ${schoolId}
      and ((date >= ${start}::date and date < ${first}::date) or (date >= ${next}::date and date <= ${end}::date))
    group by ${key}
  )`;
  const byStudentParts = parts(attendanceStudentMonths, sql.raw('student_id'));
  const byScheduleParts = parts(attendanceScheduleMonths, sql.raw('schedule_id'));

  // Summed by student or schedule id first (integers, hashed on the id), and only then joined
  // to the names and sorted: 10,000 students a month are 10,000 sums, not a grouping by name.
  const [[totals], byStudent, byClass] = await Promise.all([
    queryRows<Tally>(
      db,
      sql`select ${tallied} from (select ${sums} from ${byScheduleParts} as p) as t`,
    ),
    // A row per student (10,000 a month in the large school): the list's JSON is built by
    // PostgreSQL and passed through as its bytes (issue 27), not mapped and serialized in JS.
    queryRowBytes(
      db,
      sql`select coalesce(array_to_json(array_agg(row_to_json((select o from (select
                   r.student_id, r.full_name, r.records, r.present, r.absent, r.late, r.excused,
                   r.attendance_rate, r.average_rating) o))
                 order by r.last_name, r.first_name, r.student_id)), '[]')::text
          from (
            select st.id as student_id, st.first_name || ' ' || st.last_name as full_name, ${tallied},
                   round(t.rating_sum::numeric / nullif(t.rating_count, 0), 2)::float8 as average_rating,
                   st.last_name, st.first_name
            from (select p.key, ${sums} from ${byStudentParts} as p group by p.key) as t
            join ${students} st on st.school_id = ${schoolId} and st.id = t.key
          ) as r`,
    ),
    queryRows<ClassTally>(
      db,
      sql`select c.id as class_id, c.name as class_name, ${tallied}
          from (
            select s.class_id, ${sums}
            from ${byScheduleParts} as p
            join ${schedules} s on s.school_id = ${schoolId} and s.id = p.key
            group by s.class_id
          ) as t
          join ${classes} c on c.school_id = ${schoolId} and c.id = t.class_id
          order by c.name, c.id`,
    ),
  ]);
  return {
    totals: totals!,
    by_student: rawJson<StudentTally[]>(byStudent?.[0] ?? '[]'),
    by_class: byClass,
  };
}
