import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import {
  CLASS_LEVELS,
  CLASS_TYPES,
  classes,
  enrollments,
  instructors,
  schedules,
} from '@/db/schema';
import { timestampsOut, toTimeOfDay } from '../kernel/records';
import type { Schedule } from './schedule-schema';

/*
 * How a schedule is shown: with its class, its instructor and its places. Shared by the
 * schedule routes and the weekly timetable.
 */

/** Columns of a schedule with its class and instructor. */
export const scheduleColumns = {
  id: schedules.id,
  classId: schedules.classId,
  instructorId: schedules.instructorId,
  dayOfWeek: schedules.dayOfWeek,
  startTime: schedules.startTime,
  endTime: schedules.endTime,
  location: schedules.location,
  maxStudents: schedules.maxStudents,
  createdAt: schedules.createdAt,
  updatedAt: schedules.updatedAt,
  className: classes.name,
  classType: classes.type,
  classLevel: classes.level,
  instructorFirstName: instructors.firstName,
  instructorLastName: instructors.lastName,
};

type ScheduleColumnsRow = {
  id: string;
  classId: string;
  instructorId: string;
  startTime: string;
  endTime: string;
  location: string | null;
  maxStudents: number;
  className: string;
  classType: (typeof CLASS_TYPES)[number];
  classLevel: (typeof CLASS_LEVELS)[number];
  instructorFirstName: string;
  instructorLastName: string;
};

/** Schedules of a school joined to their class and instructor; the caller adds filters. */
export function selectSchedules<T extends SelectedFields>(db: Database, extra: T) {
  return db
    .select({ ...scheduleColumns, ...extra })
    .from(schedules)
    .innerJoin(
      classes,
      and(eq(classes.schoolId, schedules.schoolId), eq(classes.id, schedules.classId)),
    )
    .innerJoin(
      instructors,
      and(eq(instructors.schoolId, schedules.schoolId), eq(instructors.id, schedules.instructorId)),
    );
}

/** Enrollments of the schedule in the current row that are active on `date` (DESIGN 6). */
export function enrolledOn(date: string): SQL<number> {
  return sql<number>`(
    select count(*)::int from ${enrollments}
    where ${enrollments.schoolId} = ${schedules.schoolId}
      and ${enrollments.scheduleId} = ${schedules.id}
      and ${enrollments.status} = 'active'
      and ${enrollments.startDate} <= ${date}
      and (${enrollments.endDate} is null or ${enrollments.endDate} >= ${date})
  )`;
}

/** Schedules by day, then start time (DESIGN 5). */
export const scheduleOrder = [
  asc(schedules.dayOfWeek),
  asc(schedules.startTime),
  asc(classes.name),
  asc(schedules.id),
];

export const scheduleClassOf = (row: ScheduleColumnsRow) => ({
  id: row.classId,
  name: row.className,
  type: row.classType,
  level: row.classLevel,
});

export const scheduleInstructorOf = (row: ScheduleColumnsRow) => ({
  id: row.instructorId,
  full_name: `${row.instructorFirstName} ${row.instructorLastName}`,
});

export function toSchedule(
  row: ScheduleColumnsRow & {
    dayOfWeek: number;
    createdAt: Date;
    updatedAt: Date;
    enrolledCount: number;
  },
): Schedule {
  return {
    id: row.id,
    class_id: row.classId,
    instructor_id: row.instructorId,
    day_of_week: row.dayOfWeek,
    start_time: toTimeOfDay(row.startTime),
    end_time: toTimeOfDay(row.endTime),
    location: row.location,
    max_students: row.maxStudents,
    class: scheduleClassOf(row),
    instructor: scheduleInstructorOf(row),
    enrolled_count: row.enrolledCount,
    available_spots: Math.max(row.maxStudents - row.enrolledCount, 0),
    ...timestampsOut(row),
  };
}
