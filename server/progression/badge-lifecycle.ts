import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { badges, levels, media, studentBadges, students } from '@/db/schema';
import { invalidField, notFound, registerUniqueField } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { findInSchool, referenceInSchool } from '../kernel/records';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { badgeNotice, queueBadgeRules } from './badge-rules';
import { noticeFollowers } from './notices';
import { getBadge, selectAwards } from './badge-queries';
import {
  BADGE_ICONS,
  type Award,
  type AwardFields,
  type Badge,
  type BadgeFields,
  type BadgeRule,
} from './badge-schema';

registerUniqueField('badges_school_name_key', 'name', 'The name has already been taken.');
registerUniqueField(
  'student_badges_student_badge_key',
  'badge_id',
  'The student already holds this badge.',
);

/** The rule's columns; undefined leaves them as they are, null clears them. */
function ruleValues(rule: BadgeRule | null | undefined) {
  if (rule === undefined) return {};
  return {
    ruleType: rule?.type ?? null,
    ruleThreshold: rule?.type === 'attendance_count' ? rule.threshold : null,
    ruleMaxPosition: rule?.type === 'competition_result' ? rule.max_position : null,
    ruleLevelId: rule?.type === 'level_reached' ? rule.level_id : null,
  };
}

/** Columns of the given fields; absent ones stay undefined (default, or unchanged). */
function badgeValues(input: Partial<BadgeFields>) {
  return {
    name: input.name,
    description: input.description,
    icon: input.icon,
    criteria: input.criteria,
    active: input.active,
    ...ruleValues(input.rule),
  };
}

/** What the school's own records must say of a badge's icon and rule level, else 422. */
async function checkReferences(db: Database, school: School, input: Partial<BadgeFields>) {
  const icon = input.icon;
  if (icon && !(BADGE_ICONS as readonly string[]).includes(icon)) {
    const [image] = isUuid(icon)
      ? await db
          .select({ contentType: media.contentType })
          .from(media)
          .where(and(eq(media.organizationId, school.id), eq(media.id, icon)))
      : [];
    if (!image?.contentType.startsWith('image/'))
      throw invalidField(
        'icon',
        `The icon field must be one of ${BADGE_ICONS.join(', ')}, or the id of an image of the school.`,
      );
  }
  if (input.rule?.type === 'level_reached')
    await referenceInSchool(db, levels, school.id, input.rule.level_id, 'rule.level_id');
}

export async function createBadge(
  db: Database,
  school: School,
  input: BadgeFields,
): Promise<Badge> {
  await checkReferences(db, school, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(badges)
      .values({ schoolId: school.id, ...badgeValues(input), name: input.name })
      .returning({ id: badges.id, ruleType: badges.ruleType });
    // Riders who already meet a new rule earn the badge without waiting for their next class.
    if (row!.ruleType) await queueBadgeRules(tx, school.id);
    return row!.id;
  });
  return getBadge(db, school, id);
}

/** Editing a rule never revokes an award; riders who meet the new rule earn the badge. */
export async function updateBadge(
  db: Database,
  school: School,
  badgeId: string,
  input: Partial<BadgeFields>,
): Promise<Badge> {
  await checkReferences(db, school, input);
  await db.transaction(async (tx) => {
    const [row] = isUuid(badgeId)
      ? await tx
          .update(badges)
          .set({ ...badgeValues(input), updatedAt: sql`now()` })
          .where(and(eq(badges.schoolId, school.id), eq(badges.id, badgeId)))
          .returning({ ruleType: badges.ruleType, active: badges.active })
      : [];
    if (!row) throw notFound('Badge');
    if (row.ruleType && row.active) await queueBadgeRules(tx, school.id);
  });
  return getBadge(db, school, badgeId);
}

/** A badge someone holds is kept (409): deactivate it instead. */
export async function deleteBadge(db: Database, school: School, badgeId: string): Promise<void> {
  const [row] = isUuid(badgeId)
    ? await db
        .delete(badges)
        .where(and(eq(badges.schoolId, school.id), eq(badges.id, badgeId)))
        .returning({ id: badges.id })
    : [];
  if (!row) throw notFound('Badge');
}

/** A manual award (DESIGN-MODULES A.2): an active badge, once per student. */
export async function awardBadge(
  db: Database,
  school: School,
  studentId: string,
  input: AwardFields,
  awardedBy: string,
): Promise<Award> {
  const student = await findInSchool(db, students, school.id, studentId, 'Student');
  const badge = await referenceInSchool(db, badges, school.id, input.badge_id, 'badge_id');
  if (!badge.active) throw invalidField('badge_id', 'The selected badge is not active.');
  const awardedOn = input.awarded_on ?? todayIn(school.timezone);
  if (awardedOn > todayIn(school.timezone))
    throw invalidField(
      'awarded_on',
      'The awarded on field must be a date before or equal to today.',
    );
  const awardId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(studentBadges)
      .values({
        schoolId: school.id,
        studentId: student.id,
        badgeId: badge.id,
        awardedOn,
        awardedBy,
        source: 'manual',
        notes: input.notes,
      })
      .returning({ id: studentBadges.id });
    await noticeFollowers(tx, school.id, [
      badgeNotice(school, { ...student, badgeName: badge.name, awardId: row!.id }),
    ]);
    return row!.id;
  });
  const [award] = await queryRows<Award>(db, selectAwards(school, sql`sb.id = ${awardId}`));
  return award!;
}

/** Revokes an award by deleting it, so that it can be given again. */
export async function revokeAward(
  db: Database,
  school: School,
  studentId: string,
  awardId: string,
): Promise<void> {
  const [row] =
    isUuid(studentId) && isUuid(awardId)
      ? await db
          .delete(studentBadges)
          .where(
            and(
              eq(studentBadges.schoolId, school.id),
              eq(studentBadges.studentId, studentId),
              eq(studentBadges.id, awardId),
            ),
          )
          .returning({ id: studentBadges.id })
      : [];
  if (!row) throw notFound('Award');
}
