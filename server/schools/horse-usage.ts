import { differenceInCalendarDays, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { horses } from '@/db/schema';
import { invalidField } from '../kernel/errors';
import { MAX_USAGE_DAYS, type HorseUsage } from './horse-schema';

/** `date`, or `start_date` and `end_date` (at most 92 days, in order); neither: today. */
export function usagePeriod(
  input: { date?: string; start_date?: string; end_date?: string },
  today: string,
): { start: string; end: string } {
  if (input.date) {
    if (input.start_date || input.end_date) {
      throw invalidField(
        'date',
        'The date field cannot be given together with start date and end date.',
      );
    }
    return { start: input.date, end: input.date };
  }
  if (!input.start_date && !input.end_date) return { start: today, end: today };
  if (!input.start_date)
    throw invalidField('start_date', 'The start date field is required when end date is present.');
  if (!input.end_date)
    throw invalidField('end_date', 'The end date field is required when start date is present.');
  const days = differenceInCalendarDays(parseISO(input.end_date), parseISO(input.start_date)) + 1;
  if (days < 1)
    throw invalidField(
      'end_date',
      'The end date field must be a date after or equal to start date.',
    );
  if (days > MAX_USAGE_DAYS) {
    throw invalidField(
      'end_date',
      `The end date field must be within ${MAX_USAGE_DAYS} days of start date.`,
    );
  }
  return { start: input.start_date, end: input.end_date };
}

type UsageDay = {
  date: string;
  classes_count: number;
  minutes: number;
  classes: {
    schedule_id: string;
    class_name: string;
    start_time: string;
    end_time: string;
    duration_minutes: number;
  }[];
};

/**
 * A horse's classes per day over a period, in one statement whatever its length: the horse's
 * enrollments active in the period (status active, started, not ended; by the horse's index,
 * so the cost is this horse's enrollments, not the school's schedules) joined to the dates of
 * the period that fall on their schedule's weekday and within the enrollment. A schedule
 * counts once a day however many such enrollments it holds; minutes are the class's duration.
 */
export async function horseUsage(
  db: Database,
  horse: typeof horses.$inferSelect,
  start: string,
  end: string,
): Promise<HorseUsage> {
  const days = await queryRows<UsageDay>(
    db,
    sql`
      with days as (
        select d::date as day, extract(dow from d)::int as dow
        from generate_series(${start}::date, ${end}::date, interval '1 day') as d
      ),
      held as (
        select distinct d.day, s.id as schedule_id, s.start_time, s.end_time,
               c.name as class_name, c.duration_minutes
        from enrollments e
        join schedules s on s.school_id = e.school_id and s.id = e.schedule_id
        join classes c on c.school_id = s.school_id and c.id = s.class_id
        join days d on d.dow = s.day_of_week
          and e.start_date <= d.day and (e.end_date is null or e.end_date >= d.day)
        where e.school_id = ${horse.schoolId}
          and e.horse_id = ${horse.id}
          and e.status = 'active'
          and e.start_date <= ${end}::date
          and (e.end_date is null or e.end_date >= ${start}::date)
      )
      select to_char(d.day, 'YYYY-MM-DD') as date,
             count(b.schedule_id)::int as classes_count,
             coalesce(sum(b.duration_minutes), 0)::int as minutes,
             coalesce(
               json_agg(
                 json_build_object(
                   'schedule_id', b.schedule_id,
                   'class_name', b.class_name,
                   'start_time', to_char(b.start_time, 'HH24:MI'),
                   'end_time', to_char(b.end_time, 'HH24:MI'),
                   'duration_minutes', b.duration_minutes
                 ) order by b.start_time, b.class_name, b.schedule_id
               ) filter (where b.schedule_id is not null),
               '[]'::json
             ) as classes
      from days d
      left join held b on b.day = d.day
      group by d.day
      order by d.day
    `,
  );
  const out = days.map((day) => ({
    date: day.date,
    classes_count: day.classes_count,
    minutes: day.minutes,
    overloaded: day.classes_count > horse.maxDailyClasses,
    classes: day.classes,
  }));
  return {
    horse_id: horse.id,
    horse_name: horse.name,
    max_daily_classes: horse.maxDailyClasses,
    start_date: start,
    end_date: end,
    days: out,
    total_classes: out.reduce((sum, day) => sum + day.classes_count, 0),
    total_minutes: out.reduce((sum, day) => sum + day.minutes, 0),
    overloaded_days: out.filter((day) => day.overloaded).length,
  };
}
