import { eq, sql } from 'drizzle-orm';
import { queryRowBytes, type Database } from '@/db/client';
import {
  classes,
  enrollments,
  horses,
  instructors,
  schedules,
  students,
  timetableVersions,
  weeklyTimetables,
} from '@/db/schema';
import type { IsoWeek } from '../kernel/fields/iso-week';
import { heldAnswers } from '../kernel/held-answers';
import { rawJson } from '../kernel/raw-json';
import type { WeeklySchedule } from './schedule-schema';

/**
 * The school's timetable for one ISO week, Monday to Sunday, in one statement however many
 * schedules and students, its nested JSON built by PostgreSQL (issue 27: 20,000 enrollments
 * were 20,000 rows mapped by Drizzle and rebuilt in JS). Each schedule of an active class falls
 * on the one date of the week with its weekday; it lists the students whose enrollment is
 * active on that date (status active, started, not ended), so one starting on Wednesday
 * appears from Wednesday and one ending on Wednesday up to Wednesday. Schedules by start time,
 * class name and id; students by last name, first name and enrollment id (DESIGN 5). The days
 * are PostgreSQL's JSON text, spliced into the REST answer unparsed (`RawJson`).
 *
 * Building that text is most of the cost (4.7 MB for the large school's 20,000 enrollments),
 * so the statement keeps it (`weekly_timetables`) under the school's timetable version, which
 * every write to the data it is built from moves on (triggers, db/schema/summaries.ts): the
 * same statement answers the kept text while the version is unchanged, and otherwise builds the
 * week and keeps it under the version read in the same snapshot, so a kept week is never
 * older than the data that version stands for.
 *
 * The server also holds the last few weeks it answered with their version (`recentWeeks`):
 * a request reads the school's current version first (an index probe) and answers the held
 * bytes when they are that version's, so that 4.7 MB are not read from PostgreSQL again. The
 * version is read from the database on every request, so a held week is exactly as current
 * as a kept one.
 */
export async function weeklySchedule(db: Database, schoolId: string, { week, dates }: IsoWeek) {
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const answer = (days: Buffer | string) => ({
    week,
    start_date: first,
    end_date: last,
    // Passed through as PostgreSQL wrote it, bytes undecoded: parsing 4.7 MB to serialize it
    // again cost hundreds of milliseconds and tens of megabytes per request (issue 27).
    days: rawJson<WeeklySchedule['days']>(days),
  });
  const key = `${schoolId} ${first}`;
  const [current] = await db
    .select({ version: timetableVersions.version })
    .from(timetableVersions)
    .where(eq(timetableVersions.schoolId, schoolId));
  const days = await recentWeeks.answer(key, String(current?.version ?? 0), () =>
    keptOrBuiltWeek(db, schoolId, dates),
  );
  return answer(days);
}

/**
 * The week from `weekly_timetables` when kept under the school's current version, else built
 * and kept under it: the days' JSON and that version, read in the statement's snapshot.
 */
async function keptOrBuiltWeek(db: Database, schoolId: string, dates: IsoWeek['dates']) {
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const weekDates = sql`(select d::date as date, n from unnest(${`{${dates.join(',')}}`}::date[]) with ordinality as w(d, n))`;
  const [days, version] = (await queryRowBytes(
    db,
    sql`
    with version as (
      select coalesce((select ${timetableVersions.version} from ${timetableVersions}
                       where ${timetableVersions.schoolId} = ${schoolId}), 0) as v
    ),
    kept as (
      select ${weeklyTimetables.days} as days from ${weeklyTimetables}
      where ${weeklyTimetables.schoolId} = ${schoolId} and ${weeklyTimetables.monday} = ${first}
        and ${weeklyTimetables.version} = (select v from version)
    ),
    week as ${weekDates},
    held as (
      select ${schedules.id} as id, w.date, ${schedules.startTime} as start_time,
             ${schedules.endTime} as end_time, ${schedules.location} as location,
             ${schedules.maxStudents} as max_students, ${classes.id} as class_id,
             ${classes.name} as class_name, ${classes.type} as class_type,
             ${classes.level} as class_level, ${instructors.id} as instructor_id,
             ${instructors.firstName} || ' ' || ${instructors.lastName} as instructor_name
      from ${schedules}
      join ${classes} on ${classes.schoolId} = ${schedules.schoolId} and ${classes.id} = ${schedules.classId}
      join ${instructors} on ${instructors.schoolId} = ${schedules.schoolId} and ${instructors.id} = ${schedules.instructorId}
      join week w on extract(dow from w.date) = ${schedules.dayOfWeek}
      where ${schedules.schoolId} = ${schoolId} and ${classes.status} = 'active'
    ),
    present as (
      select ${enrollments.scheduleId} as schedule_id, count(*)::int as n,
             array_to_json(array_agg(row_to_json((select s from (select
               ${enrollments.id} as enrollment_id,
               ${enrollments.studentId} as student_id,
               ${students.firstName} || ' ' || ${students.lastName} as full_name,
               ${enrollments.horseId} as horse_id,
               ${horses.name} as horse_name) s))
             order by ${students.lastName}, ${students.firstName}, ${enrollments.id})) as students
      from ${enrollments}
      join held h on h.id = ${enrollments.scheduleId}
      join ${students} on ${students.schoolId} = ${enrollments.schoolId} and ${students.id} = ${enrollments.studentId}
      left join ${horses} on ${horses.schoolId} = ${enrollments.schoolId} and ${horses.id} = ${enrollments.horseId}
      where ${enrollments.schoolId} = ${schoolId} and ${enrollments.status} = 'active'
        and ${enrollments.startDate} <= ${last} and (${enrollments.endDate} is null or ${enrollments.endDate} >= ${first})
        and ${enrollments.startDate} <= h.date and (${enrollments.endDate} is null or ${enrollments.endDate} >= h.date)
      group by ${enrollments.scheduleId}
    ),
    by_day as (
      select h.date, array_to_json(array_agg(row_to_json((select s from (select
               h.id,
               left(h.start_time::text, 5) as start_time,
               left(h.end_time::text, 5) as end_time,
               h.location,
               h.max_students,
               row_to_json((select c from (select h.class_id as id, h.class_name as name,
                 h.class_type as type, h.class_level as level) c)) as class,
               row_to_json((select i from (select h.instructor_id as id,
                 h.instructor_name as full_name) i)) as instructor,
               coalesce(p.students, '[]'::json) as students,
               coalesce(p.n, 0) as enrolled_count,
               greatest(h.max_students - coalesce(p.n, 0), 0) as available_spots) s))
             order by h.start_time, h.class_name, h.id)) as schedules
      from held h left join present p on p.schedule_id = h.id
      group by h.date
    ),
    built as (
      select array_to_json(array_agg(row_to_json((select s from (select
               w.date,
               extract(dow from w.date)::int as day_of_week,
               coalesce(d.schedules, '[]'::json) as schedules) s))
             order by w.n))::text as days
      from week w left join by_day d on d.date = w.date
      -- A one-time filter: with the week kept, nothing above is computed (and the aggregate
      -- of no row is a null, not kept).
      where not exists (select 1 from kept)
    ),
    keep as (
      insert into ${weeklyTimetables} as t (school_id, monday, version, days)
      select ${schoolId}, ${first}, (select v from version), days from built
      where days is not null
      on conflict (school_id, monday) do update
        set version = excluded.version, days = excluded.days
        where t.version < excluded.version
    )
    select coalesce((select days from kept), (select days from built)) as days,
           (select v from version)::text as version`,
  ))!;
  return { answer: days ?? '[]', version: String(version) };
}

/** The weeks this process answered last, by school and Monday, with the version they are of. */
const recentWeeks = heldAnswers<Buffer | string>(8);
