import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { schedules } from '@/db/schema';
import { notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import type { Schedule, ScheduleListFilters } from './schedule-schema';
import { enrolledOn, scheduleOrder, selectSchedules, toSchedule } from './schedule-view';

/** Schedules by day and start time, with the enrollments active today. */
export async function listSchedules(
  db: Database,
  school: School,
  input: ScheduleListFilters,
): Promise<Schedule[]> {
  const rows = await selectSchedules(db, { enrolledCount: enrolledOn(todayIn(school.timezone)) })
    .where(
      and(
        eq(schedules.schoolId, school.id),
        input.class_id ? eq(schedules.classId, input.class_id) : undefined,
        input.instructor_id ? eq(schedules.instructorId, input.instructor_id) : undefined,
        input.day_of_week !== undefined ? eq(schedules.dayOfWeek, input.day_of_week) : undefined,
      ),
    )
    .orderBy(...scheduleOrder);
  return rows.map(toSchedule);
}

/** One schedule as shown, with today's enrollments; 404 when it is not this school's. */
export async function getSchedule(
  db: Database,
  school: School,
  scheduleId: string,
): Promise<Schedule> {
  const [row] = isUuid(scheduleId)
    ? await selectSchedules(db, { enrolledCount: enrolledOn(todayIn(school.timezone)) }).where(
        and(eq(schedules.schoolId, school.id), eq(schedules.id, scheduleId)),
      )
    : [];
  if (!row) throw notFound('Schedule');
  return toSchedule(row);
}
