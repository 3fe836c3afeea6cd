import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { competitions } from './competitions';
import { users } from './identity';
import {
  AWARD_SOURCES,
  BADGE_RULE_TYPES,
  CERTIFICATE_KINDS,
  CERTIFICATE_STATUSES,
  PORTAL_LINK_STATUSES,
  PORTAL_RELATIONSHIPS,
} from './progression-values';
import { levels, students } from './school';
import { inList, recordId, schoolId } from './tenant';

/*
 * School progression (DESIGN-MODULES A.1 to A.3): the level changes and badge awards of a
 * school's students, and the certificates it issues (the ladder of levels itself is in
 * school.ts, since students stand on it). Keyed and
 * referenced within the school as every school table; what is history (a change, an award,
 * a certificate) keeps its student and its level or badge (ON DELETE RESTRICT → 409).
 */

export * from './progression-values';

export const levelChanges = pgTable(
  'level_changes',
  {
    schoolId: schoolId(),
    id: recordId(),
    studentId: uuid('student_id').notNull(),
    levelId: uuid('level_id').notNull(),
    previousLevelId: uuid('previous_level_id'),
    achievedOn: date('achieved_on', { mode: 'string' }).notNull(),
    assessedBy: uuid('assessed_by').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    override: boolean('override').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('level_changes_student_idx').on(t.schoolId, t.studentId, t.achievedOn),
    index('level_changes_level_idx').on(t.schoolId, t.levelId),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'level_changes_student_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.levelId],
      foreignColumns: [levels.schoolId, levels.id],
      name: 'level_changes_level_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.previousLevelId],
      foreignColumns: [levels.schoolId, levels.id],
      name: 'level_changes_previous_level_fk',
    }).onDelete('restrict'),
  ],
);

export const badges = pgTable(
  'badges',
  {
    schoolId: schoolId(),
    id: recordId(),
    name: text('name').notNull(),
    description: text('description'),
    icon: text('icon'),
    criteria: text('criteria'),
    // The rule as columns, so that the level a rule names is a foreign key like any other.
    ruleType: text('rule_type', { enum: BADGE_RULE_TYPES }),
    ruleThreshold: integer('rule_threshold'),
    ruleMaxPosition: integer('rule_max_position'),
    ruleLevelId: uuid('rule_level_id'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('badges_school_name_key').on(t.schoolId, t.name),
    foreignKey({
      columns: [t.schoolId, t.ruleLevelId],
      foreignColumns: [levels.schoolId, levels.id],
      name: 'badges_rule_level_fk',
    }).onDelete('restrict'),
    check(
      'badges_rule_check',
      sql`case ${t.ruleType}
            when 'attendance_count' then coalesce(${t.ruleThreshold} >= 1, false)
            when 'competition_result' then coalesce(${t.ruleMaxPosition} between 1 and 8, false)
            when 'level_reached' then ${t.ruleLevelId} is not null
            else ${t.ruleType} is null
          end`,
    ),
  ],
);

export const studentBadges = pgTable(
  'student_badges',
  {
    schoolId: schoolId(),
    id: recordId(),
    studentId: uuid('student_id').notNull(),
    badgeId: uuid('badge_id').notNull(),
    awardedOn: date('awarded_on', { mode: 'string' }).notNull(),
    awardedBy: uuid('awarded_by').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: AWARD_SOURCES }).notNull(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    // One award of a badge per student: a rule skips it, a second manual award is a 422.
    uniqueIndex('student_badges_student_badge_key').on(t.schoolId, t.studentId, t.badgeId),
    index('student_badges_badge_idx').on(t.schoolId, t.badgeId),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'student_badges_student_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.badgeId],
      foreignColumns: [badges.schoolId, badges.id],
      name: 'student_badges_badge_fk',
    }).onDelete('restrict'),
    check('student_badges_source_check', inList(t.source, AWARD_SOURCES)),
  ],
);

export const certificates = pgTable(
  'certificates',
  {
    schoolId: schoolId(),
    id: recordId(),
    studentId: uuid('student_id').notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    kind: text('kind', { enum: CERTIFICATE_KINDS }).notNull(),
    levelId: uuid('level_id'),
    badgeId: uuid('badge_id'),
    competitionId: uuid('competition_id'),
    description: text('description'),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    signedByName: text('signed_by_name'),
    holderName: text('holder_name').notNull(),
    status: text('status', { enum: CERTIFICATE_STATUSES }).notNull().default('valid'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    // The code is the certificate's public name across every school.
    uniqueIndex('certificates_code_key').on(t.code),
    index('certificates_school_issued_idx').on(t.schoolId, t.issuedOn),
    index('certificates_student_idx').on(t.schoolId, t.studentId),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'certificates_student_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.levelId],
      foreignColumns: [levels.schoolId, levels.id],
      name: 'certificates_level_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.badgeId],
      foreignColumns: [badges.schoolId, badges.id],
      name: 'certificates_badge_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.competitionId],
      foreignColumns: [competitions.schoolId, competitions.id],
      name: 'certificates_competition_fk',
    }).onDelete('restrict'),
    check('certificates_kind_check', inList(t.kind, CERTIFICATE_KINDS)),
    check('certificates_status_check', inList(t.status, CERTIFICATE_STATUSES)),
    check(
      'certificates_revocation_check',
      sql`(${t.status} = 'revoked') = (${t.revokedAt} is not null and ${t.revokeReason} is not null)`,
    ),
    check(
      'certificates_validity_check',
      sql`${t.validUntil} is null or ${t.validUntil} >= ${t.issuedOn}`,
    ),
  ],
);

/**
 * A user's access to a student's records (DESIGN-MODULES A.5): the rider themselves or a
 * guardian, bound to a user once they sign in with the invited e-mail. Progression notifies
 * the active links of a student; the portal issue adds the routes that make and revoke them.
 * An access right, not history: it goes with its student.
 */
export const portalLinks = pgTable(
  'portal_links',
  {
    schoolId: schoolId(),
    id: recordId(),
    studentId: uuid('student_id').notNull(),
    email: text('email').notNull(),
    relationship: text('relationship', { enum: PORTAL_RELATIONSHIPS }).notNull(),
    status: text('status', { enum: PORTAL_LINK_STATUSES }).notNull().default('invited'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('portal_links_student_idx').on(t.schoolId, t.studentId),
    index('portal_links_user_idx').on(t.userId),
    // The probe of every portal request: is an invitation waiting for this e-mail?
    index('portal_links_invited_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'invited'`),
    // One live link per student and e-mail.
    uniqueIndex('portal_links_student_email_key')
      .on(t.schoolId, t.studentId, t.email)
      .where(sql`${t.status} <> 'revoked'`),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'portal_links_student_fk',
    }).onDelete('cascade'),
    check('portal_links_relationship_check', inList(t.relationship, PORTAL_RELATIONSHIPS)),
    check('portal_links_status_check', inList(t.status, PORTAL_LINK_STATUSES)),
    check(
      'portal_links_active_user_check',
      sql`${t.status} <> 'active' or ${t.userId} is not null`,
    ),
  ],
);
