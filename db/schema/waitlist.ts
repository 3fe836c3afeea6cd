import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { CLASS_LEVELS, STUDENT_LEVELS } from './school-values';
import { classes, students } from './school';
import { inList, recordId, schoolId } from './tenant';
import { WAITLIST_RELATIONSHIPS, WAITLIST_STATUSES } from './waitlist-values';

/*
 * A school's intake list (DESIGN-MODULES A.4): riders who are not students yet, registered by
 * someone without an account on the school's public page, worked through by staff in order.
 */

export * from './waitlist-values';

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    schoolId: schoolId(),
    id: recordId(),
    /** `WL-` and 6 Crockford characters: what the registrant quotes. */
    reference: text('reference').notNull(),
    registrantName: text('registrant_name').notNull(),
    registrantEmail: text('registrant_email').notNull(),
    registrantPhone: text('registrant_phone'),
    relationship: text('relationship', { enum: WAITLIST_RELATIONSHIPS }).notNull(),
    riderFirstName: text('rider_first_name').notNull(),
    riderLastName: text('rider_last_name').notNull(),
    riderBirthDate: date('rider_birth_date', { mode: 'string' }),
    riderLevel: text('rider_level', { enum: STUDENT_LEVELS }),
    classId: uuid('class_id'),
    discipline: text('discipline'),
    level: text('level', { enum: CLASS_LEVELS }),
    daysOfWeek: smallint('days_of_week')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    timeFrom: time('time_from'),
    timeTo: time('time_to'),
    message: text('message'),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    /** When the status last changed: withdrawn and declined entries go 12 months after. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    studentId: uuid('student_id'),
    staffNotes: text('staff_notes'),
    /** SHA-256 of the withdraw link's token (DESIGN-MODULES 0.2). */
    withdrawTokenHash: text('withdraw_token_hash').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('waitlist_entries_reference_key').on(t.schoolId, t.reference),
    uniqueIndex('waitlist_entries_withdraw_token_key').on(t.withdrawTokenHash),
    // A repeated registration of the same rider by the same e-mail while waiting is one entry.
    uniqueIndex('waitlist_entries_waiting_rider_key')
      .on(
        t.schoolId,
        sql`lower(${t.registrantEmail})`,
        sql`lower(${t.riderFirstName})`,
        sql`lower(${t.riderLastName})`,
      )
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_school_status_idx').on(t.schoolId, t.status, t.createdAt),
    foreignKey({
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
      name: 'waitlist_entries_class_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'waitlist_entries_student_fk',
    }).onDelete('restrict'),
    check('waitlist_entries_status_check', inList(t.status, WAITLIST_STATUSES)),
    check('waitlist_entries_relationship_check', inList(t.relationship, WAITLIST_RELATIONSHIPS)),
    check(
      'waitlist_entries_days_check',
      sql`${t.daysOfWeek} <@ array[0, 1, 2, 3, 4, 5, 6]::smallint[]`,
    ),
  ],
);
