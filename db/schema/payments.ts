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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { inList, money, recordId, schoolId } from './tenant';
import { users } from './identity';
import { classes, enrollments, students } from './school';
import {
  PAYMENT_AUDIT_ACTIONS,
  PAYMENT_CONCEPTS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from './payment-values';

/*
 * School payments (issue 5, DESIGN 6). Keyed by (school_id, id) like every school record;
 * references carry school_id, so a payment cannot point at another school's student.
 * `overdue` is not stored: a pending payment whose due date has passed in the school's time
 * zone is reported as overdue, so the state never depends on a job having run.
 */

export * from './payment-values';

export const payments = pgTable(
  'payments',
  {
    schoolId: schoolId(),
    id: recordId(),
    studentId: uuid('student_id').notNull(),
    enrollmentId: uuid('enrollment_id'),
    classId: uuid('class_id'),
    concept: text('concept', { enum: PAYMENT_CONCEPTS }).notNull(),
    description: text('description'),
    amount: money('amount').notNull(),
    /** The school's currency when the charge was made. */
    currency: text('currency').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** `YYYY-MM`: the month a tuition charge is for. */
    period: text('period'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    paidDate: date('paid_date', { mode: 'string' }),
    receiptNumber: text('receipt_number'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.studentId],
      foreignColumns: [students.schoolId, students.id],
      name: 'payments_student_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.enrollmentId],
      foreignColumns: [enrollments.schoolId, enrollments.id],
      name: 'payments_enrollment_fk',
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.schoolId, t.classId],
      foreignColumns: [classes.schoolId, classes.id],
      name: 'payments_class_fk',
    }).onDelete('restrict'),
    // One live tuition charge per student and month: what makes monthly generation idempotent,
    // also between concurrent requests.
    uniqueIndex('payments_tuition_period_key')
      .on(t.schoolId, t.studentId, t.period)
      .where(sql`${t.concept} = 'tuition' and ${t.status} <> 'cancelled'`),
    uniqueIndex('payments_school_receipt_number_key')
      .on(t.schoolId, t.receiptNumber)
      .where(sql`${t.receiptNumber} is not null`),
    index('payments_school_due_date_idx').on(t.schoolId, t.dueDate),
    index('payments_school_student_due_date_idx').on(t.schoolId, t.studentId, t.dueDate),
    // Unpaid charges: overdue filters and the report's top debtors (student and amount in the
    // index, so a month's unpaid charges are read from the index alone).
    index('payments_school_pending_due_date_idx')
      .on(t.schoolId, t.dueDate, t.studentId, t.amount)
      .where(sql`${t.status} = 'pending'`),
    index('payments_school_paid_date_idx')
      .on(t.schoolId, t.paidDate)
      .where(sql`${t.status} = 'paid'`),
    index('payments_school_period_idx')
      .on(t.schoolId, t.period)
      .where(sql`${t.concept} = 'tuition'`),
    check('payments_concept_check', inList(t.concept, PAYMENT_CONCEPTS)),
    check('payments_status_check', inList(t.status, PAYMENT_STATUSES)),
    check('payments_method_check', inList(t.paymentMethod, PAYMENT_METHODS)),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'payments_tuition_period_check',
      sql`${t.concept} <> 'tuition' or ${t.period} is not null`,
    ),
    check(
      'payments_paid_check',
      sql`${t.status} <> 'paid' or (${t.paidDate} is not null and ${t.paymentMethod} is not null)`,
    ),
  ],
);

/**
 * Who did what to a payment and when, with the payment's fields before and after; written in
 * the same transaction as the change.
 */
export const paymentAudit = pgTable(
  'payment_audit',
  {
    schoolId: schoolId(),
    id: recordId(),
    paymentId: uuid('payment_id').notNull(),
    action: text('action', { enum: PAYMENT_AUDIT_ACTIONS }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      columns: [t.schoolId, t.paymentId],
      foreignColumns: [payments.schoolId, payments.id],
      name: 'payment_audit_payment_fk',
    }).onDelete('restrict'),
    index('payment_audit_school_payment_idx').on(t.schoolId, t.paymentId, t.at),
    check('payment_audit_action_check', inList(t.action, PAYMENT_AUDIT_ACTIONS)),
  ],
);

/** The last receipt number issued per school and year (`R-2026-000123`). */
export const paymentReceiptCounters = pgTable(
  'payment_receipt_counters',
  {
    schoolId: schoolId(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.year] })],
);
