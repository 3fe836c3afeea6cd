import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { inList, money, recordId, schoolId } from './tenant';
import { horses, students } from './school';
import {
  COMPETITION_PAYMENT_METHODS,
  COMPETITION_PAYMENT_STATUSES,
  COMPETITION_STATUSES,
  ENTRY_STATUSES,
  FEE_APPLIES_TO,
  FEE_CONCEPTS,
  RIBBONS,
} from './competition-values';

/*
 * Competitions of a school (spec 2.6, DESIGN 6 "Competitions"): entries with their departure
 * order, results, and the payments that entry fees generate. Keyed (school_id, id) like the
 * school records; a competition takes its entries, results and payments with it when it is
 * deleted, while students and horses with competition history cannot be deleted (RESTRICT).
 */

export * from './competition-values';

/** A fee as stored in `competitions.fees` (validated on the way in). */
export type CompetitionFee = {
  concept: (typeof FEE_CONCEPTS)[number];
  name: string;
  amount: number;
  is_required: boolean;
  applies_to: (typeof FEE_APPLIES_TO)[number];
  description: string | null;
};

export const competitions = pgTable(
  'competitions',
  {
    schoolId: schoolId(),
    id: recordId(),
    name: text('name').notNull(),
    description: text('description'),
    date: date('date', { mode: 'string' }).notNull(),
    location: text('location'),
    type: text('type').notNull().default('internal'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fees: jsonb('fees')
      .$type<CompetitionFee[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: COMPETITION_STATUSES }).notNull().default('upcoming'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('competitions_school_date_idx').on(t.schoolId, t.date),
    check('competitions_status_check', inList(t.status, COMPETITION_STATUSES)),
  ],
);

export const competitionEntries = pgTable(
  'competition_entries',
  {
    schoolId: schoolId(),
    id: recordId(),
    competitionId: uuid('competition_id').notNull(),
    studentId: uuid('student_id').notNull(),
    horseId: uuid('horse_id'),
    category: text('category').notNull(),
    notes: text('notes'),
    orderNumber: integer('order_number'),
    status: text('status', { enum: ENTRY_STATUSES }).notNull().default('pending'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    // Target of results' and payments' references: the entry is of that competition.
    unique('competition_entries_school_id_competition_key').on(t.schoolId, t.id, t.competitionId),
    foreignKey({
      columns: [t.schoolId, t.competitionId],
      foreignColumns: [competitions.schoolId, competitions.id],
      name: 'competition_entries_competition_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'competition_entries_student_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.horseId],
      foreignColumns: [horses.schoolId, horses.id],
      name: 'competition_entries_horse_fk',
    }).onDelete('restrict'),
    // A student is entered once per category; a cancelled entry does not count (DESIGN 6).
    uniqueIndex('competition_entries_student_category_key')
      .on(t.schoolId, t.competitionId, t.category, t.studentId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('competition_entries_school_competition_idx').on(
      t.schoolId,
      t.competitionId,
      t.category,
      t.orderNumber,
    ),
    index('competition_entries_school_student_idx').on(t.schoolId, t.studentId),
    index('competition_entries_school_horse_idx').on(t.schoolId, t.horseId),
    check('competition_entries_status_check', inList(t.status, ENTRY_STATUSES)),
    check('competition_entries_order_number_check', sql`${t.orderNumber} >= 1`),
  ],
);

export const competitionResults = pgTable(
  'competition_results',
  {
    schoolId: schoolId(),
    id: recordId(),
    competitionId: uuid('competition_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    studentId: uuid('student_id').notNull(),
    horseId: uuid('horse_id'),
    category: text('category').notNull(),
    ribbon: text('ribbon', { enum: RIBBONS }).notNull(),
    position: smallint('position'),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    // One result per entry.
    uniqueIndex('competition_results_entry_key').on(t.schoolId, t.entryId),
    foreignKey({
      columns: [t.schoolId, t.competitionId],
      foreignColumns: [competitions.schoolId, competitions.id],
      name: 'competition_results_competition_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.schoolId, t.entryId, t.competitionId],
      foreignColumns: [
        competitionEntries.schoolId,
        competitionEntries.id,
        competitionEntries.competitionId,
      ],
      name: 'competition_results_entry_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'competition_results_student_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.horseId],
      foreignColumns: [horses.schoolId, horses.id],
      name: 'competition_results_horse_fk',
    }).onDelete('restrict'),
    index('competition_results_school_competition_idx').on(t.schoolId, t.competitionId, t.position),
    index('competition_results_school_student_idx').on(t.schoolId, t.studentId),
    index('competition_results_school_horse_idx').on(t.schoolId, t.horseId),
    check('competition_results_ribbon_check', inList(t.ribbon, RIBBONS)),
    check('competition_results_position_check', sql`${t.position} between 1 and 8`),
  ],
);

export const competitionPayments = pgTable(
  'competition_payments',
  {
    schoolId: schoolId(),
    id: recordId(),
    competitionId: uuid('competition_id').notNull(),
    entryId: uuid('entry_id'),
    studentId: uuid('student_id').notNull(),
    horseId: uuid('horse_id'),
    concept: text('concept', { enum: FEE_CONCEPTS }).notNull(),
    conceptDetail: text('concept_detail'),
    amount: money('amount').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: COMPETITION_PAYMENT_STATUSES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: COMPETITION_PAYMENT_METHODS }),
    paidDate: date('paid_date', { mode: 'string' }),
    receiptNumber: text('receipt_number'),
    notes: text('notes'),
    /**
     * Set on payments generated from a fee: the fee's `applies_to` and its key
     * (`concept:name`), so that generating again creates nothing new (the unique indexes).
     */
    feeAppliesTo: text('fee_applies_to', { enum: FEE_APPLIES_TO }),
    feeKey: text('fee_key'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.competitionId],
      foreignColumns: [competitions.schoolId, competitions.id],
      name: 'competition_payments_competition_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.schoolId, t.entryId, t.competitionId],
      foreignColumns: [
        competitionEntries.schoolId,
        competitionEntries.id,
        competitionEntries.competitionId,
      ],
      name: 'competition_payments_entry_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'competition_payments_student_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.horseId],
      foreignColumns: [horses.schoolId, horses.id],
      name: 'competition_payments_horse_fk',
    }).onDelete('restrict'),
    uniqueIndex('competition_payments_entry_fee_key')
      .on(t.schoolId, t.entryId, t.feeKey)
      .where(sql`${t.feeAppliesTo} = 'entry'`),
    uniqueIndex('competition_payments_student_fee_key')
      .on(t.schoolId, t.competitionId, t.studentId, t.feeKey)
      .where(sql`${t.feeAppliesTo} = 'student'`),
    uniqueIndex('competition_payments_horse_fee_key')
      .on(t.schoolId, t.competitionId, t.horseId, t.feeKey)
      .where(sql`${t.feeAppliesTo} = 'horse'`),
    index('competition_payments_school_competition_idx').on(
      t.schoolId,
      t.competitionId,
      t.createdAt,
    ),
    index('competition_payments_school_entry_idx').on(t.schoolId, t.entryId),
    index('competition_payments_school_student_idx').on(t.schoolId, t.studentId),
    index('competition_payments_school_horse_idx').on(t.schoolId, t.horseId),
    index('competition_payments_school_status_idx').on(t.schoolId, t.status),
    // The dashboard's and the financial report's income: paid ones by paid date.
    index('competition_payments_school_paid_date_idx')
      .on(t.schoolId, t.paidDate)
      .where(sql`${t.status} = 'paid'`),
    // The financial report's top debtors: unpaid ones by due date, read from the index alone.
    index('competition_payments_school_pending_due_idx')
      .on(t.schoolId, t.dueDate, t.studentId, t.amount)
      .where(sql`${t.status} = 'pending'`),
    check('competition_payments_status_check', inList(t.status, COMPETITION_PAYMENT_STATUSES)),
    check('competition_payments_concept_check', inList(t.concept, FEE_CONCEPTS)),
    check(
      'competition_payments_method_check',
      inList(t.paymentMethod, COMPETITION_PAYMENT_METHODS),
    ),
    check('competition_payments_fee_applies_to_check', inList(t.feeAppliesTo, FEE_APPLIES_TO)),
    check(
      'competition_payments_fee_key_check',
      sql`(${t.feeAppliesTo} is null) = (${t.feeKey} is null)`,
    ),
    check('competition_payments_amount_check', sql`${t.amount} >= 0`),
  ],
);
