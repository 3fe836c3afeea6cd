import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { classes, enrollments, horses, schedules, students } from '@/db/schema';
import { dayOfWeek } from '../kernel/fields/calendar';
import type { IsoWeek } from '../kernel/fields/iso-week';
import { toTimeOfDay } from '../kernel/records';
import {
  scheduleClassOf,
  scheduleClassSchema,
  scheduleInstructorOf,
  scheduleInstructorSchema,
  scheduleOrder,
  selectSchedules,
} from './schedule-view';

export const weeklyScheduleSchema = z.object({
  week: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      day_of_week: z.number().int(),
      schedules: z.array(
        z.object({
          id: z.string(),
          start_time: z.string(),
          end_time: z.string(),
          location: z.string().nullable(),
          max_students: z.number().int(),
          class: scheduleClassSchema,
          instructor: scheduleInstructorSchema,
          students: z.array(
            z.object({
              enrollment_id: z.string(),
              student_id: z.string(),
              full_name: z.string(),
              horse_id: z.string().nullable(),
              horse_name: z.string().nullable(),
            }),
          ),
          enrolled_count: z.number().int(),
          available_spots: z.number().int(),
        }),
      ),
    }),
  ),
});

/**
 * The school's timetable for one ISO week, Monday to Sunday, in two statements however
 * many schedules and students: the schedules of active classes, and the enrollments active
 * on some day of the week. Each day lists the students whose enrollment is active on that
 * date (status active, started, not ended), so one starting on Wednesday appears from
 * Wednesday and one ending on Wednesday up to Wednesday.
 */
export async function weeklySchedule(db: Database, schoolId: string, { week, dates }: IsoWeek) {
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const [rows, enrolled] = await Promise.all([
    selectSchedules(db, {})
      .where(and(eq(schedules.schoolId, schoolId), eq(classes.status, 'active')))
      .orderBy(...scheduleOrder),
    db
      .select({
        id: enrollments.id,
        scheduleId: enrollments.scheduleId,
        studentId: enrollments.studentId,
        startDate: enrollments.startDate,
        endDate: enrollments.endDate,
        horseId: enrollments.horseId,
        firstName: students.firstName,
        lastName: students.lastName,
        horseName: horses.name,
      })
      .from(enrollments)
      .innerJoin(
        students,
        and(eq(students.schoolId, enrollments.schoolId), eq(students.id, enrollments.studentId)),
      )
      .leftJoin(
        horses,
        and(eq(horses.schoolId, enrollments.schoolId), eq(horses.id, enrollments.horseId)),
      )
      .where(
        and(
          eq(enrollments.schoolId, schoolId),
          eq(enrollments.status, 'active'),
          lte(enrollments.startDate, last),
          or(isNull(enrollments.endDate), gte(enrollments.endDate, first)),
        ),
      )
      .orderBy(asc(students.lastName), asc(students.firstName), asc(enrollments.id)),
  ]);

  const bySchedule = new Map<string, typeof enrolled>();
  for (const row of enrolled) {
    const list = bySchedule.get(row.scheduleId);
    if (list) list.push(row);
    else bySchedule.set(row.scheduleId, [row]);
  }
  return {
    week,
    start_date: first,
    end_date: last,
    days: dates.map((date) => {
      const weekday = dayOfWeek(date);
      return {
        date,
        day_of_week: weekday,
        schedules: rows
          .filter((row) => row.dayOfWeek === weekday)
          .map((row) => {
            const present = (bySchedule.get(row.id) ?? [])
              .filter((e) => e.startDate <= date && (e.endDate === null || e.endDate >= date))
              .map((e) => ({
                enrollment_id: e.id,
                student_id: e.studentId,
                full_name: `${e.firstName} ${e.lastName}`,
                horse_id: e.horseId,
                horse_name: e.horseName,
              }));
            return {
              id: row.id,
              start_time: toTimeOfDay(row.startTime),
              end_time: toTimeOfDay(row.endTime),
              location: row.location,
              max_students: row.maxStudents,
              class: scheduleClassOf(row),
              instructor: scheduleInstructorOf(row),
              students: present,
              enrolled_count: present.length,
              available_spots: Math.max(row.maxStudents - present.length, 0),
            };
          }),
      };
    }),
  };
}
