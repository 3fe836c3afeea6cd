import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { QueuedJob } from '../kernel/jobs';
import { enqueueJob } from '../kernel/jobs';
import type { BadgeRule } from './badge-schema';
import { noticeFollowers, type ProgressNotice } from './notices';

/*
 * Rule badges (DESIGN-MODULES A.2): after an attendance submission, a competition result or
 * a level change, a queued job awards every active rule badge whose rule the student now
 * meets, from the records themselves. An award a student holds is skipped (the unique
 * index), and nothing is ever revoked: editing a rule only changes who earns it next.
 */

export const BADGE_RULES_JOB = 'progression.badge-rules';

/** Queues the rules for every active student of a school (a badge's rule was set). */
export async function queueBadgeRules(tx: Database, schoolId: string): Promise<void> {
  await enqueueJob(tx, BADGE_RULES_JOB, { school_id: schoolId, student_ids: null });
}

/** Queues the rules for these students if the school has an active badge of `ruleType`. */
export async function queueBadgeRulesFor(
  tx: Database,
  schoolId: string,
  studentIds: string[],
  ruleType: BadgeRule['type'],
): Promise<void> {
  await tx.execute(
    queueBadgeRulesStatement(
      schoolId,
      sql`select unnest(${sql.param(studentIds)}::uuid[])`,
      ruleType,
    ),
  );
}

/**
 * The same, as a statement a write can run inside its own (a CTE), for the students of
 * `studentIds` (a SQL expression of a uuid set), queued only when the school has an active
 * badge of `ruleType`: an attendance submission pays no extra round trip for it.
 */
export function queueBadgeRulesStatement(
  schoolId: string,
  studentIds: SQL,
  ruleType: BadgeRule['type'],
): SQL {
  return sql`insert into job_queue (name, payload)
    select ${BADGE_RULES_JOB}, json_build_object('school_id', ${schoolId}::uuid,
                                                 'student_ids', (select json_agg(x) from (${studentIds}) ids(x)))
     where exists (select 1 from badges where school_id = ${schoolId} and active
                                          and rule_type = ${ruleType})`;
}

/**
 * Awards, in one statement, every active rule badge of the school that each given active
 * student meets and does not hold, dated the school's today at `now`. Answers the awards.
 */
export async function applyBadgeRules(
  db: Database,
  schoolId: string,
  studentIds: string[] | null,
  now: Date,
): Promise<Awarded[]> {
  const awarded = await queryRows<Awarded>(
    db,
    sql`
    with awarded as (
    insert into student_badges (school_id, student_id, badge_id, awarded_on, source)
    select b.school_id, s.id, b.id, (${now.toISOString()}::timestamptz at time zone o.timezone)::date, 'rule'
      from badges b
      join organizations o on o.id = b.school_id
      join students s on s.school_id = b.school_id and s.status = 'active'
     where b.school_id = ${schoolId} and b.active and b.rule_type is not null
       and (${studentIds === null} or s.id = any(${sql.param(studentIds ?? [])}::uuid[]))
       and not exists (select 1 from student_badges h
                        where h.school_id = b.school_id and h.student_id = s.id and h.badge_id = b.id)
       and case b.rule_type
         when 'attendance_count' then
           (select count(*) from attendance a
             where a.school_id = s.school_id and a.student_id = s.id
               and a.status in ('present', 'late')) >= b.rule_threshold
         when 'competition_result' then
           exists (select 1 from competition_results r
                    where r.school_id = s.school_id and r.student_id = s.id
                      and r.position <= b.rule_max_position)
         when 'level_reached' then
           exists (select 1 from level_changes lc
                     join levels l on l.school_id = lc.school_id and l.id = lc.level_id
                     join levels goal on goal.school_id = b.school_id and goal.id = b.rule_level_id
                    where lc.school_id = s.school_id and lc.student_id = s.id
                      and l.position >= goal.position)
         else false
       end
    on conflict (school_id, student_id, badge_id) do nothing
    returning id, student_id, badge_id
    )
    select a.id as award_id, a.student_id, a.badge_id, b.name as badge_name,
           s.first_name, s.last_name, o.name as school_name
      from awarded a
      join badges b on b.school_id = ${schoolId} and b.id = a.badge_id
      join students s on s.school_id = ${schoolId} and s.id = a.student_id
      join organizations o on o.id = ${schoolId}`,
  );
  await noticeFollowers(
    db,
    schoolId,
    awarded.map((a) =>
      badgeNotice(
        { name: a.school_name },
        {
          id: a.student_id,
          firstName: a.first_name,
          lastName: a.last_name,
          badgeName: a.badge_name,
          awardId: a.award_id,
        },
      ),
    ),
  );
  return awarded;
}

type Awarded = {
  award_id: string;
  student_id: string;
  badge_id: string;
  badge_name: string;
  first_name: string;
  last_name: string;
  school_name: string;
};

/** The notice of an award, by hand or by rule, to the rider's portal followers. */
export function badgeNotice(
  school: { name: string },
  award: { id: string; firstName: string; lastName: string; badgeName: string; awardId: string },
): ProgressNotice {
  return {
    studentId: award.id,
    type: 'portal.badge_awarded',
    title: `${award.firstName} earned the badge ${award.badgeName}`,
    body: `${school.name}: ${award.firstName} ${award.lastName} earned the badge ${award.badgeName}.`,
    data: { award_id: award.awardId },
  };
}

export const badgeRulesJob: QueuedJob = {
  name: BADGE_RULES_JOB,
  run: (db, payload, now) =>
    applyBadgeRules(
      db,
      String(payload.school_id),
      Array.isArray(payload.student_ids) ? payload.student_ids.map(String) : null,
      now,
    ),
};
