import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { classes, enrollments, horses, schedules } from '@/db/schema';
import { notFound, validationError } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { activeDuring, overlapsSlot, periodError } from './enrollment-lifecycle';
import type { ScheduleHorse, ScheduleHorsesFilters } from './schedule-schema';

/** The schedule an enrollment is to be made in; `schedules` is the horses' other schedules. */
const target = alias(schedules, 'target');

/**
 * The school's horses by name, each with what an enrollment in the schedule over the period
 * would meet: the horse must be active and not ride in an overlapping schedule that day
 * (the enrollment's own rules, `activeDuring` and `overlapsSlot`), and its classes that
 * weekday against its daily maximum. One statement however many horses and enrollments:
 * each horse's active enrollments over the period in schedules on the same weekday, grouped.
 */
export async function scheduleHorses(
  db: Database,
  school: School,
  scheduleId: string,
  input: ScheduleHorsesFilters,
): Promise<ScheduleHorse[]> {
  const period = {
    startDate: input.start_date ?? todayIn(school.timezone),
    endDate: input.end_date ?? null,
  };
  const errors = periodError(period, 'end_date');
  if (Object.keys(errors).length > 0) throw validationError(errors);
  if (!isUuid(scheduleId)) throw notFound('Schedule');

  const rows = await db
    .select({
      horse: horses,
      busy: sql<ScheduleHorse['busy']>`coalesce(
        json_agg(json_build_object(
          'schedule_id', ${schedules.id},
          'class_name', ${classes.name},
          'start_time', to_char(${schedules.startTime}, 'HH24:MI'),
          'end_time', to_char(${schedules.endTime}, 'HH24:MI')
        ) order by ${schedules.startTime}, ${classes.name}, ${schedules.id})
        filter (where ${overlapsSlot(target)}),
        '[]'::json)`,
      classesThatDay: sql<number>`count(distinct ${schedules.id})::int`,
    })
    .from(target)
    .leftJoin(horses, eq(horses.schoolId, target.schoolId))
    .leftJoin(
      enrollments,
      and(
        eq(enrollments.schoolId, horses.schoolId),
        eq(enrollments.horseId, horses.id),
        activeDuring(period),
      ),
    )
    .leftJoin(
      schedules,
      and(
        eq(schedules.schoolId, enrollments.schoolId),
        eq(schedules.id, enrollments.scheduleId),
        eq(schedules.dayOfWeek, target.dayOfWeek),
      ),
    )
    .leftJoin(
      classes,
      and(eq(classes.schoolId, schedules.schoolId), eq(classes.id, schedules.classId)),
    )
    .where(and(eq(target.schoolId, school.id), eq(target.id, scheduleId)))
    .groupBy(target.schoolId, target.id, horses.schoolId, horses.id)
    .orderBy(asc(horses.name), asc(horses.id));
  // The schedule's row is there even when the school has no horse.
  if (rows.length === 0) throw notFound('Schedule');

  return rows.flatMap(({ horse, busy, classesThatDay }) => {
    if (!horse) return [];
    const reason = horse.status !== 'active' ? 'not_active' : busy.length > 0 ? 'busy' : null;
    return [
      {
        id: horse.id,
        name: horse.name,
        level: horse.level,
        status: horse.status,
        max_daily_classes: horse.maxDailyClasses,
        available: reason === null,
        reason,
        busy,
        classes_that_day: classesThatDay,
        over_workload: classesThatDay + 1 > horse.maxDailyClasses,
      },
    ];
  });
}
