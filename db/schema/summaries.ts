import { date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { schoolId } from './tenant';

/*
 * Summaries of large tables (issue 27), so that a month's report reads a row per student or
 * per day instead of every record. They are never written by the application: triggers on the
 * base tables (migration 0006_summary_triggers) apply every insert, update and delete to them
 * in the same statement, so they are exact in every transaction that can see the base rows,
 * whichever path wrote them (requests, bulk generation, imports, seeds, cascades).
 */

const tallies = {
  records: integer('records').notNull(),
  present: integer('present').notNull(),
  absent: integer('absent').notNull(),
  late: integer('late').notNull(),
  excused: integer('excused').notNull(),
  /** Sum and count of the non-null performance ratings: their average is exact. */
  ratingSum: integer('rating_sum').notNull(),
  ratingCount: integer('rating_count').notNull(),
};

/** Attendance per student and calendar month (`month` is the month's first day). */
export const attendanceStudentMonths = pgTable(
  'attendance_student_months',
  {
    schoolId: schoolId(),
    month: date('month', { mode: 'string' }).notNull(),
    studentId: uuid('student_id').notNull(),
    ...tallies,
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.month, t.studentId] })],
);

/** Attendance per schedule and calendar month; a schedule's class is read through it. */
export const attendanceScheduleMonths = pgTable(
  'attendance_schedule_months',
  {
    schoolId: schoolId(),
    month: date('month', { mode: 'string' }).notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    ...tallies,
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.month, t.scheduleId] })],
);

/**
 * Paid and pending school and competition payments per day: `day` is the paid date of a paid
 * payment and the due date of a pending one; `kind` is `school_tuition`, `school_other` or
 * `competition`; `payment_method` is `''` for none (pending ones).
 */
export const paymentDayTotals = pgTable(
  'payment_day_totals',
  {
    schoolId: schoolId(),
    status: text('status').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    paymentMethod: text('payment_method').notNull(),
    count: integer('count').notNull(),
    /** Unbounded numeric: a sum of `numeric(12,2)` amounts, exact to the cent. */
    amount: numeric('amount', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.status, t.day, t.kind, t.paymentMethod] })],
);
