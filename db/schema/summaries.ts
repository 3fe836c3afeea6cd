import {
  bigint,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * How many times a school's timetable data (schedules, classes, instructors, enrollments,
 * students, horses) has been written: a statement-level trigger on each of those tables
 * (migration 0033_timetable_versions) adds one in the writing statement itself. No foreign key,
 * so that the trigger may count the deletes of a school's cascade too; a deleted school leaves
 * this one small row.
 */
export const timetableVersions = pgTable('timetable_versions', {
  schoolId: uuid('school_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * A school's weekly timetable (`GET schedules/weekly`) as the JSON text its one statement built,
 * for the week starting `monday`, valid while the school's `timetable_versions` is still
 * `version`: the statement that reads it builds it anew otherwise, in the same snapshot as the
 * version it stores it under, so an answer from here is never older than the data (issue 27).
 * The writing triggers drop a school's rows as they count the write.
 */
export const weeklyTimetables = pgTable(
  'weekly_timetables',
  {
    schoolId: schoolId(),
    monday: date('monday', { mode: 'string' }).notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    days: text('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.monday] })],
);
