import { addMonths, format, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { dayOfWeek, monthBoundsIn, todayIn } from '../kernel/fields/calendar';
import { toMoney } from '../kernel/records';
import type { Dashboard } from './dashboard-schema';

type Figures = {
  students_total: number;
  students_active: number;
  students_new: number;
  instructors_total: number;
  instructors_active: number;
  horses_total: number;
  horses_active: number;
  horses_resting: number;
  classes_total: number;
  classes_active: number;
  classes_count: number;
  students_expected: number;
  attendance_recorded: number;
  attendance_rate: number;
  month_income: string;
  pending_payments: number;
  pending_amount: string;
};

/**
 * Every figure of the dashboard (spec 2.4, DESIGN 6) in one statement, whatever the size of
 * the school. "Today" and "this month" are the school's: today's classes are the schedules
 * of active classes on today's weekday, the students expected are the enrollments active today in them.
 */
export async function dashboardFigures(
  db: Database,
  school: { id: string; timezone: string },
): Promise<Dashboard> {
  const today = todayIn(school.timezone);
  const month = monthBoundsIn(school.timezone);
  const monthStart = `${today.slice(0, 7)}-01`;
  const nextMonthStart = format(addMonths(parseISO(monthStart), 1), 'yyyy-MM-dd');
  const [row] = await queryRows<Figures>(
    db,
    sql`
      with student_counts as (
        select count(*)::int as total,
               (count(*) filter (where status = 'active'))::int as active,
               (count(*) filter (where created_at >= ${month.start.toISOString()}::timestamptz
                                   and created_at < ${month.end.toISOString()}::timestamptz))::int as new_this_month
        from students where school_id = ${school.id}
      ),
      instructor_counts as (
        select count(*)::int as total, (count(*) filter (where status = 'active'))::int as active
        from instructors where school_id = ${school.id}
      ),
      horse_counts as (
        select count(*)::int as total,
               (count(*) filter (where status = 'active'))::int as active,
               (count(*) filter (where status = 'resting'))::int as resting
        from horses where school_id = ${school.id}
      ),
      class_counts as (
        select count(*)::int as total, (count(*) filter (where status = 'active'))::int as active
        from classes where school_id = ${school.id}
      ),
      -- A discontinued (inactive) class is not held, as on the weekly timetable.
      todays_schedules as (
        select sc.id from schedules sc
        join classes cl on cl.school_id = sc.school_id and cl.id = sc.class_id and cl.status = 'active'
        where sc.school_id = ${school.id} and sc.day_of_week = ${dayOfWeek(today)}
      ),
      today_counts as (
        select
          (select count(*) from todays_schedules)::int as classes_count,
          (select count(*) from enrollments
            where school_id = ${school.id}
              and schedule_id in (select id from todays_schedules)
              and status = 'active'
              and start_date <= ${today}::date
              and (end_date is null or end_date >= ${today}::date))::int as students_expected,
          (select count(distinct schedule_id) from attendance
            where school_id = ${school.id}
              and date = ${today}::date
              and schedule_id in (select id from todays_schedules))::int as attendance_recorded
      ),
      -- School and competition payments (DESIGN 6): paid ones by paid date in this month, and
      -- every unpaid one (a pending school payment past its due date is overdue, still unpaid).
      -- Both from the day totals (db/schema/summaries.ts, kept exact by triggers): a row per
      -- day, kind and method, not per payment.
      finance_counts as (
        select coalesce(sum(amount) filter (where status = 'paid'), 0)::text as month_income,
               coalesce(sum(count) filter (where status = 'pending'), 0)::int as pending_payments,
               coalesce(sum(amount) filter (where status = 'pending'), 0)::text as pending_amount
        from payment_day_totals
        where school_id = ${school.id}
          and (status = 'pending' or (status = 'paid' and day >= ${monthStart}::date and day < ${nextMonthStart}::date))
      )
      select s.total as students_total, s.active as students_active, s.new_this_month as students_new,
             i.total as instructors_total, i.active as instructors_active,
             h.total as horses_total, h.active as horses_active, h.resting as horses_resting,
             c.total as classes_total, c.active as classes_active,
             t.classes_count, t.students_expected, t.attendance_recorded,
             coalesce(round(100.0 * t.attendance_recorded / nullif(t.classes_count, 0), 1), 0)::float8 as attendance_rate,
             m.month_income, m.pending_payments, m.pending_amount
      from student_counts s, instructor_counts i, horse_counts h, class_counts c, today_counts t, finance_counts m
    `,
  );
  const f = row!;
  return {
    stats: {
      students: {
        total: f.students_total,
        active: f.students_active,
        new_this_month: f.students_new,
      },
      instructors: { total: f.instructors_total, active: f.instructors_active },
      horses: { total: f.horses_total, active: f.horses_active, resting: f.horses_resting },
      classes: { total: f.classes_total, active: f.classes_active },
    },
    today: {
      classes_count: f.classes_count,
      students_expected: f.students_expected,
      attendance_recorded: f.attendance_recorded,
      attendance_rate: f.attendance_rate,
    },
    finances: {
      month_income: toMoney(f.month_income)!,
      pending_payments: f.pending_payments,
      pending_amount: toMoney(f.pending_amount)!,
    },
  };
}
