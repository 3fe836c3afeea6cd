import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { classes, schedules } from '@/db/schema';
import { dayOfWeek } from '../kernel/fields/calendar';
import { toTimeOfDay } from '../kernel/records';
import type { Availability } from './instructor-schema';

/** The school's working day, within which an instructor's free time is reported. */
export const WORKING_DAY = { start: '07:00', end: '21:00' } as const;

type Slot = { start_time: string; end_time: string };

/**
 * The gaps between busy slots (sorted by start) within the working day. Slots are `HH:MM`,
 * which order as strings; overlapping or touching busy slots leave no gap between them.
 */
export function freeSlots(
  busy: Slot[],
  day: Slot = { start_time: WORKING_DAY.start, end_time: WORKING_DAY.end },
): Slot[] {
  const free: Slot[] = [];
  let cursor = day.start_time;
  for (const slot of busy) {
    if (slot.start_time > cursor)
      free.push({
        start_time: cursor,
        end_time: slot.start_time < day.end_time ? slot.start_time : day.end_time,
      });
    if (slot.end_time > cursor) cursor = slot.end_time;
    if (cursor >= day.end_time) return free;
  }
  if (cursor < day.end_time) free.push({ start_time: cursor, end_time: day.end_time });
  return free;
}

/**
 * An instructor's classes on each of `dates` and the free time around them, from one
 * statement: their schedules on those weekdays.
 */
export async function instructorAvailability(
  db: Database,
  schoolId: string,
  instructorId: string,
  dates: string[],
): Promise<Availability> {
  const weekdays = [...new Set(dates.map(dayOfWeek))];
  const rows = await db
    .select({
      scheduleId: schedules.id,
      classId: schedules.classId,
      className: classes.name,
      dayOfWeek: schedules.dayOfWeek,
      startTime: schedules.startTime,
      endTime: schedules.endTime,
      location: schedules.location,
    })
    .from(schedules)
    .innerJoin(
      classes,
      and(eq(classes.schoolId, schedules.schoolId), eq(classes.id, schedules.classId)),
    )
    .where(
      and(
        eq(schedules.schoolId, schoolId),
        eq(schedules.instructorId, instructorId),
        inArray(schedules.dayOfWeek, weekdays),
      ),
    )
    .orderBy(
      asc(schedules.startTime),
      asc(schedules.endTime),
      asc(classes.name),
      asc(schedules.id),
    );

  return {
    instructor_id: instructorId,
    start_date: dates[0]!,
    end_date: dates[dates.length - 1]!,
    days: dates.map((date) => {
      const weekday = dayOfWeek(date);
      const busy = rows
        .filter((row) => row.dayOfWeek === weekday)
        .map((row) => ({
          schedule_id: row.scheduleId,
          class_id: row.classId,
          class_name: row.className,
          start_time: toTimeOfDay(row.startTime),
          end_time: toTimeOfDay(row.endTime),
          location: row.location,
        }));
      return { date, day_of_week: weekday, busy, free: freeSlots(busy) };
    }),
  };
}
