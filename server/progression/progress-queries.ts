import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { students } from '@/db/schema';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import { findInSchool, pageOfRows } from '../kernel/records';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import type { School } from '../kernel/trpc/init';
import { notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import type { Progress, TimelineEvent } from './progress-schema';

/** "Attended" (DESIGN-MODULES A.1): present or late. */
export const ATTENDED = sql.raw(`('present', 'late')`);

/**
 * Where the student stands on the ladder, in one statement: the current and next rung, the
 * classes attended since the last change and those the next rung still asks for, the badges
 * and valid certificates held, and the last 90 days' attendance rate and average rating.
 */
export async function getProgress(
  db: Database,
  school: School,
  studentId: string,
): Promise<Progress> {
  const today = todayIn(school.timezone);
  const since90 = addDaysTo(today, -90);
  const [row] = isUuid(studentId)
    ? await queryRows<Progress>(
        db,
        sql`
    with s as (
      select id, current_level_id from students where school_id = ${school.id} and id = ${studentId}
    ), cur as (
      select l.id, l.name, l.position, l.base_level
        from levels l join s on l.id = s.current_level_id
       where l.school_id = ${school.id}
    ), nxt as (
      select l.id, l.name, l.position, l.base_level, l.requirements, l.min_attended_classes
        from levels l
       where l.school_id = ${school.id} and l.active
         and l.position > coalesce((select position from cur), 0)
       order by l.position limit 1
    ), attended as (
      select count(*)::int as n from attendance a, s
       where a.school_id = ${school.id} and a.student_id = s.id and a.status in ${ATTENDED}
         and a.date > coalesce((select max(achieved_on) from level_changes
                                 where school_id = ${school.id} and student_id = s.id), '-infinity')
    ), recent as (
      select count(*) as records,
             count(*) filter (where a.status in ${ATTENDED}) as attended,
             avg(a.performance_rating) as rating
        from attendance a, s
       where a.school_id = ${school.id} and a.student_id = s.id
         and a.date > ${since90} and a.date <= ${today}
    )
    select (select row_to_json(cur) from cur) as current_level,
           (select row_to_json(nxt) from nxt) as next_level,
           attended.n as attended_since_change,
           case when exists (select 1 from nxt)
                then greatest((select min_attended_classes from nxt) - attended.n, 0) end
             as classes_remaining,
           (select count(*)::int from student_badges b
             where b.school_id = ${school.id} and b.student_id = s.id) as badges_count,
           (select count(*)::int from certificates c
             where c.school_id = ${school.id} and c.student_id = s.id and c.status = 'valid'
               and (c.valid_until is null or c.valid_until >= ${today})) as certificates_count,
           case when recent.records > 0
                then round(100.0 * recent.attended / recent.records, 1)::float8 end
             as attendance_rate_90d,
           round(recent.rating, 2)::float8 as avg_performance_90d
      from s, attended, recent`,
      )
    : [];
  if (!row) throw notFound('Student');
  return row;
}

/**
 * The student's history, newest first, from the records themselves (DESIGN-MODULES A.1: no
 * event table to keep in step): one UNION over enrollments, level changes, badge awards,
 * certificates, competition entries and results, and paid school and competition payments,
 * with its total in the same statement.
 */
export async function getTimeline(
  db: Database,
  school: School,
  studentId: string,
  page: PageRequest,
  url: URL,
) {
  const student = await findInSchool(db, students, school.id, studentId, 'Student');
  const s = sql`${school.id}::uuid`;
  const id = sql`${student.id}::uuid`;
  const [events, total] = await pageOfRows<TimelineEvent>(
    db,
    sql`
    select to_char(at, 'YYYY-MM-DD') as at, created_at, type, title,
           json_build_object('kind', kind, 'id', id) as ref, id
      from (
      select e.start_date as at, e.created_at, 'enrolled' as type,
             'Enrolled in ' || c.name as title, 'enrollment' as kind, e.id
        from enrollments e join classes c on c.school_id = e.school_id and c.id = e.class_id
       where e.school_id = ${s} and e.student_id = ${id}
      union all
      select coalesce(e.end_date, (e.updated_at at time zone ${school.timezone})::date), e.updated_at,
             'enrollment_ended', 'Left ' || c.name, 'enrollment', e.id
        from enrollments e join classes c on c.school_id = e.school_id and c.id = e.class_id
       where e.school_id = ${s} and e.student_id = ${id} and e.status = 'ended'
      union all
      select lc.achieved_on, lc.created_at, 'level_changed', 'Moved to level ' || l.name,
             'level_change', lc.id
        from level_changes lc join levels l on l.school_id = lc.school_id and l.id = lc.level_id
       where lc.school_id = ${s} and lc.student_id = ${id}
      union all
      select sb.awarded_on, sb.created_at, 'badge_awarded', 'Earned the badge ' || b.name,
             'badge_award', sb.id
        from student_badges sb join badges b on b.school_id = sb.school_id and b.id = sb.badge_id
       where sb.school_id = ${s} and sb.student_id = ${id}
      union all
      select issued_on, created_at, 'certificate_issued',
             'Certificate: ' || title || case when status = 'revoked' then ' (revoked)' else '' end,
             'certificate', id
        from certificates where school_id = ${s} and student_id = ${id}
      union all
      select (ce.created_at at time zone ${school.timezone})::date, ce.created_at,
             'competition_entry', 'Entered ' || co.name || ' (' || ce.category || ')',
             'competition_entry', ce.id
        from competition_entries ce
        join competitions co on co.school_id = ce.school_id and co.id = ce.competition_id
       where ce.school_id = ${s} and ce.student_id = ${id}
      union all
      select co.date, r.created_at, 'competition_result',
             case when r.position is null then 'Result in ' || co.name
                  else 'Placed ' || r.position || ' in ' || co.name end
               || ' (' || r.category || ')',
             'competition_result', r.id
        from competition_results r
        join competitions co on co.school_id = r.school_id and co.id = r.competition_id
       where r.school_id = ${s} and r.student_id = ${id}
      union all
      select paid_date, updated_at, 'payment_paid', 'Paid ' || coalesce(description, concept),
             'payment', id
        from payments where school_id = ${s} and student_id = ${id} and status = 'paid'
      union all
      select paid_date, updated_at, 'payment_paid', 'Paid ' || coalesce(concept_detail, concept),
             'competition_payment', id
        from competition_payments
       where school_id = ${s} and student_id = ${id} and status = 'paid'
      ) events`,
    sql`at desc, created_at desc, type, id`,
    { limit: page.per_page, offset: pageOffset(page) },
  );
  return paginate(
    events.map(({ at, type, title, ref }) => ({ at, type, title, ref })),
    total,
    page,
    url,
  );
}
