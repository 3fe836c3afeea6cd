import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { invalidField, notFound } from '../kernel/errors';
import { addDaysTo, datesFrom, todayIn } from '../kernel/fields/calendar';
import { resolveWeek } from '../kernel/fields/iso-week';
import type { School } from '../kernel/trpc/init';
import { verifyUrlSql } from '../progression/certificate-queries';
import { isUuid } from '../kernel/validation';
import type { z } from 'zod';
import type {
  attendanceFilters,
  paymentFilters,
  portalAttendanceSchema,
  portalBadgeSchema,
  portalCertificateSchema,
  portalCompetitionSchema,
  portalPaymentSchema,
  portalStudentDetail,
  portalStudentSummary,
  portalWeekSchema,
  sessionSchema,
} from './portal-schema';

type Summary = z.infer<typeof portalStudentSummary>;
type Session = z.infer<typeof sessionSchema>;

/** A student the user follows, with their school: what every portal read starts from. */
export type Linked = { summary: Summary; school: School };

type LinkedRow = Summary & { timezone: string; currency: string };

function linkedRows(db: Database, userId: string, studentId?: string) {
  return queryRows<LinkedRow>(
    db,
    sql`select s.id as student_id, pl.id as link_id, pl.relationship,
               json_build_object('id', o.id, 'name', o.name) as school, o.timezone, o.currency,
               s.first_name, s.last_name, s.level,
               case when l.id is null then null
                    else json_build_object('id', l.id, 'name', l.name) end as current_level
          from portal_links pl
          join students s on s.school_id = pl.school_id and s.id = pl.student_id
          join organizations o on o.id = pl.school_id and o.status = 'active'
          left join levels l on l.school_id = s.school_id and l.id = s.current_level_id
         where pl.user_id = ${userId} and pl.status = 'active'
           ${studentId ? sql`and pl.student_id = ${studentId}` : sql``}
         order by s.first_name, s.last_name, o.name, pl.id`,
  );
}

const toLinked = ({ timezone, currency, ...summary }: LinkedRow): Linked => ({
  summary,
  school: { id: summary.school.id, name: summary.school.name, timezone, currency },
});

/** Every rider the user follows, across schools (GET /api/portal/students). */
export async function listFollowedStudents(db: Database, userId: string): Promise<Summary[]> {
  return (await linkedRows(db, userId)).map((row) => toLinked(row).summary);
}

/**
 * The user's active link to the student, or 404: the portal never says whether a student it
 * does not show exists (A.5 rule 1).
 */
export async function linkedStudent(db: Database, userId: string, studentId: string) {
  const [row] = isUuid(studentId) ? await linkedRows(db, userId, studentId) : [];
  if (!row) throw notFound('Student');
  return toLinked(row);
}

/** The student's lessons on each of `dates`, with what was recorded for them. */
function sessionsOn(linked: Linked, dates: string[]) {
  return sql`
    select to_char(d.date, 'YYYY-MM-DD') as date, to_char(sc.start_time, 'HH24:MI') as start_time,
           to_char(sc.end_time, 'HH24:MI') as end_time, c.name as class_name,
           i.first_name || ' ' || i.last_name as instructor_name, sc.location,
           h.name as horse_name, a.status as attendance
      -- Sent as text[]: postgres.js has no serializer for a date[] parameter.
      from (select unnest(${sql.param(dates)}::text[])::date as date) as d
      join enrollments e on e.school_id = ${linked.school.id} and e.student_id = ${linked.summary.student_id}
                        and e.status <> 'paused' and e.start_date <= d.date
                        and (e.end_date is null or e.end_date >= d.date)
      join schedules sc on sc.school_id = e.school_id and sc.id = e.schedule_id
                       and sc.day_of_week = extract(dow from d.date)
      join classes c on c.school_id = e.school_id and c.id = e.class_id
      join instructors i on i.school_id = sc.school_id and i.id = sc.instructor_id
      left join horses h on h.school_id = e.school_id and h.id = e.horse_id
      left join attendance a on a.school_id = e.school_id and a.enrollment_id = e.id and a.date = d.date
     order by d.date, sc.start_time, c.name`;
}

/** The rider's profile, current enrollments and next five lessons. */
export async function followedStudent(
  db: Database,
  linked: Linked,
): Promise<z.infer<typeof portalStudentDetail>> {
  const today = todayIn(linked.school.timezone);
  const [row] = await queryRows<{
    enrollments: z.infer<typeof portalStudentDetail>['enrollments'];
    next_sessions: Omit<Session, 'attendance'>[];
  }>(
    db,
    sql`select
      (select coalesce(json_agg(x order by x.day_of_week, x.start_time), '[]') from (
        select e.id, c.name as class_name, sc.day_of_week, to_char(sc.start_time, 'HH24:MI') as start_time,
               to_char(sc.end_time, 'HH24:MI') as end_time, sc.location,
               i.first_name || ' ' || i.last_name as instructor_name, h.name as horse_name,
               to_char(e.start_date, 'YYYY-MM-DD') as start_date, to_char(e.end_date, 'YYYY-MM-DD') as end_date,
               e.status
          from enrollments e
          join schedules sc on sc.school_id = e.school_id and sc.id = e.schedule_id
          join classes c on c.school_id = e.school_id and c.id = e.class_id
          join instructors i on i.school_id = sc.school_id and i.id = sc.instructor_id
          left join horses h on h.school_id = e.school_id and h.id = e.horse_id
         where e.school_id = ${linked.school.id} and e.student_id = ${linked.summary.student_id}
           and e.status <> 'ended' and (e.end_date is null or e.end_date >= ${today})) x) as enrollments,
      (select coalesce(json_agg(n), '[]') from (
        select date, start_time, end_time, class_name, instructor_name, location, horse_name
          from (${sessionsOn(linked, datesFrom(today, 21))}) upcoming limit 5) n) as next_sessions`,
  );
  return { ...linked.summary, ...row! };
}

/** The rider's lessons of an ISO week (this one by default), with attendance where recorded. */
export async function followedWeek(
  db: Database,
  linked: Linked,
  week: string | undefined,
): Promise<z.infer<typeof portalWeekSchema>> {
  const resolved = resolveWeek(week, linked.school.timezone);
  const sessions = await queryRows<Session>(db, sessionsOn(linked, resolved.dates));
  return {
    week: resolved.week,
    start_date: resolved.dates[0]!,
    end_date: resolved.dates.at(-1)!,
    sessions,
  };
}

/** Attendance between two dates (the last 90 days by default), with its tally. */
export async function followedAttendance(
  db: Database,
  linked: Linked,
  input: z.infer<typeof attendanceFilters>,
): Promise<z.infer<typeof portalAttendanceSchema>> {
  const end = input.end_date ?? todayIn(linked.school.timezone);
  const start = input.start_date ?? addDaysTo(end, -89);
  if (end < start)
    throw invalidField(
      'end_date',
      'The end date field must be a date after or equal to start date.',
    );
  const [row] = await queryRows<
    Omit<z.infer<typeof portalAttendanceSchema>, 'start_date' | 'end_date'>
  >(
    db,
    sql`with r as (
      select a.date, c.name as class_name, a.status, a.performance_rating
        from attendance a
        join enrollments e on e.school_id = a.school_id and e.id = a.enrollment_id
        join classes c on c.school_id = e.school_id and c.id = e.class_id
       where a.school_id = ${linked.school.id} and a.student_id = ${linked.summary.student_id}
         and a.date between ${start} and ${end})
    select (select coalesce(json_agg(json_build_object('date', to_char(date, 'YYYY-MM-DD'),
              'class_name', class_name, 'status', status, 'performance_rating', performance_rating)
              order by date desc, class_name), '[]') from r) as records,
           (select json_build_object('total', count(*),
              'present', count(*) filter (where status = 'present'),
              'late', count(*) filter (where status = 'late'),
              'absent', count(*) filter (where status = 'absent'),
              'excused', count(*) filter (where status = 'excused'),
              'attendance_rate', coalesce(round(100.0 * count(*) filter (where status in ('present', 'late'))
                                               / nullif(count(*), 0), 1), 0)) from r) as stats`,
  );
  return { start_date: start, end_date: end, ...row! };
}

/** School and competition payments, newest due date first; `overdue` derived as DESIGN 6. */
export async function followedPayments(
  db: Database,
  linked: Linked,
  input: z.infer<typeof paymentFilters>,
): Promise<z.infer<typeof portalPaymentSchema>[]> {
  const today = todayIn(linked.school.timezone);
  const student = linked.summary.student_id;
  return queryRows(
    db,
    sql`select * from (
      select id, 'school' as kind, concept, description, amount::float8 as amount, currency,
             to_char(due_date, 'YYYY-MM-DD') as due_date,
             case when status = 'pending' and due_date < ${today} then 'overdue' else status end as status,
             to_char(paid_date, 'YYYY-MM-DD') as paid_date
        from payments where school_id = ${linked.school.id} and student_id = ${student}
      union all
      select p.id, 'competition', p.concept, coalesce(p.concept_detail, co.name), p.amount::float8,
             ${linked.school.currency}, to_char(p.due_date, 'YYYY-MM-DD'),
             case when p.status = 'pending' and p.due_date < ${today} then 'overdue' else p.status end,
             to_char(p.paid_date, 'YYYY-MM-DD')
        from competition_payments p
        join competitions co on co.school_id = p.school_id and co.id = p.competition_id
       where p.school_id = ${linked.school.id} and p.student_id = ${student}) t
     ${input.status ? sql`where t.status = ${input.status}` : sql``}
     order by t.due_date desc, t.id`,
  );
}

/** The badges the rider holds: which, when, and whether a rule gave it (no staff notes). */
export async function followedBadges(db: Database, linked: Linked) {
  return queryRows<z.infer<typeof portalBadgeSchema>>(
    db,
    sql`select sb.id, json_build_object('id', b.id, 'name', b.name, 'icon', b.icon) as badge,
               to_char(sb.awarded_on, 'YYYY-MM-DD') as awarded_on, sb.source
          from student_badges sb join badges b on b.school_id = sb.school_id and b.id = sb.badge_id
         where sb.school_id = ${linked.school.id} and sb.student_id = ${linked.summary.student_id}
         order by sb.awarded_on desc, sb.id`,
  );
}

/** The rider's certificates as the public check shows them, with where to check each. */
export async function followedCertificates(db: Database, linked: Linked, appUrl: string) {
  const today = todayIn(linked.school.timezone);
  return queryRows<z.infer<typeof portalCertificateSchema>>(
    db,
    sql`select id, code, title, kind, to_char(issued_on, 'YYYY-MM-DD') as issued_on,
               to_char(valid_until, 'YYYY-MM-DD') as valid_until,
               case when status = 'revoked' then 'revoked'
                    when valid_until < ${today} then 'expired' else 'valid' end as status,
               ${verifyUrlSql(appUrl, sql`code`)} as verify_url
          from certificates
         where school_id = ${linked.school.id} and student_id = ${linked.summary.student_id}
         order by issued_on desc, id`,
  );
}

/** The rider's competition entries with their results, newest competition first. */
export async function followedCompetitions(db: Database, linked: Linked) {
  return queryRows<z.infer<typeof portalCompetitionSchema>>(
    db,
    sql`select ce.id as entry_id,
               json_build_object('id', co.id, 'name', co.name, 'date', to_char(co.date, 'YYYY-MM-DD'),
                                 'location', co.location) as competition,
               ce.category, ce.status,
               case when r.id is null then null
                    else json_build_object('ribbon', r.ribbon, 'position', r.position) end as result
          from competition_entries ce
          join competitions co on co.school_id = ce.school_id and co.id = ce.competition_id
          left join competition_results r on r.school_id = ce.school_id and r.entry_id = ce.id
         where ce.school_id = ${linked.school.id} and ce.student_id = ${linked.summary.student_id}
         order by co.date desc, ce.id`,
  );
}
