import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { badges, students } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { findInSchool } from '../kernel/records';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { Award, Badge, BadgeRule } from './badge-schema';

type BadgeRow = typeof badges.$inferSelect;

/** The rule's columns as the API's `rule` object. */
export function ruleOf(
  row: Pick<BadgeRow, 'ruleType' | 'ruleThreshold' | 'ruleMaxPosition' | 'ruleLevelId'>,
): BadgeRule | null {
  switch (row.ruleType) {
    case 'attendance_count':
      return { type: row.ruleType, threshold: row.ruleThreshold! };
    case 'competition_result':
      return { type: row.ruleType, max_position: row.ruleMaxPosition! };
    case 'level_reached':
      return { type: row.ruleType, level_id: row.ruleLevelId! };
    default:
      return null;
  }
}

const selectBadges = (school: School, where: SQL) => sql`
  select b.id, b.name, b.description, b.icon, b.criteria, b.active,
         b.rule_type, b.rule_threshold, b.rule_max_position, b.rule_level_id,
         (select count(*)::int from student_badges sb
           where sb.school_id = b.school_id and sb.badge_id = b.id) as holders_count,
         b.created_at, b.updated_at
    from badges b
   where b.school_id = ${school.id} and ${where}
   order by b.name, b.id`;

type BadgeListRow = {
  id: string;
  name: string;
  description: string | null;
  icon: string | null;
  criteria: string | null;
  active: boolean;
  rule_type: BadgeRow['ruleType'];
  rule_threshold: number | null;
  rule_max_position: number | null;
  rule_level_id: string | null;
  holders_count: number;
  created_at: string | Date;
  updated_at: string | Date;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function toBadge(row: BadgeListRow): Badge {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    criteria: row.criteria,
    rule: ruleOf({
      ruleType: row.rule_type,
      ruleThreshold: row.rule_threshold,
      ruleMaxPosition: row.rule_max_position,
      ruleLevelId: row.rule_level_id,
    }),
    active: row.active,
    holders_count: row.holders_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The school's badges by name, with how many students hold each. */
export async function listBadges(db: Database, school: School): Promise<Badge[]> {
  return (await queryRows<BadgeListRow>(db, selectBadges(school, sql`true`))).map(toBadge);
}

export async function getBadge(db: Database, school: School, badgeId: string): Promise<Badge> {
  const [row] = isUuid(badgeId)
    ? await queryRows<BadgeListRow>(db, selectBadges(school, sql`b.id = ${badgeId}`))
    : [];
  if (!row) throw notFound('Badge');
  return toBadge(row);
}

/** Awards under `where`, newest first, with the student's and the badge's names. */
export const selectAwards = (school: School, where: SQL) => sql`
  select sb.id,
         json_build_object('id', s.id, 'full_name', s.first_name || ' ' || s.last_name) as student,
         json_build_object('id', b.id, 'name', b.name, 'icon', b.icon) as badge,
         to_char(sb.awarded_on, 'YYYY-MM-DD') as awarded_on,
         case when sb.awarded_by is null then null
              else json_build_object('id', sb.awarded_by, 'name', u.display_name) end as awarded_by,
         sb.source, sb.notes,
         to_char(sb.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from student_badges sb
    join students s on s.school_id = sb.school_id and s.id = sb.student_id
    join badges b on b.school_id = sb.school_id and b.id = sb.badge_id
    left join users u on u.id = sb.awarded_by
   where sb.school_id = ${school.id} and ${where}
   order by sb.awarded_on desc, sb.created_at desc, sb.id`;

/** GET /badges/{id}/holders: the badge's awards with the students' names. */
export async function listHolders(db: Database, school: School, badgeId: string): Promise<Award[]> {
  const badge = await findInSchool(db, badges, school.id, badgeId, 'Badge');
  return queryRows<Award>(db, selectAwards(school, sql`sb.badge_id = ${badge.id}`));
}

/** GET /students/{id}/badges: the student's awards, newest first. */
export async function listStudentBadges(
  db: Database,
  school: School,
  studentId: string,
): Promise<Award[]> {
  const student = await findInSchool(db, students, school.id, studentId, 'Student');
  return queryRows<Award>(db, selectAwards(school, sql`sb.student_id = ${student.id}`));
}
