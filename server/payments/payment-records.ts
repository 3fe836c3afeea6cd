import { and, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { classes, PAYMENT_CONCEPTS, PAYMENT_METHODS, payments, students } from '@/db/schema';
import { fieldMessage } from '../kernel/validation';
import { calendarDateField, moneyField, optionalText } from '../kernel/fields/record-fields';
import { timestampsOut, toMoney } from '../kernel/records';

/*
 * The school payment record (spec 2.5, DESIGN 6): its input fields, its output shape and the
 * one query that reads it, shared by the payments routes and the student detail.
 */

/** Reported states: `overdue` is a pending payment whose due date has passed (DESIGN 6). */
export const REPORTED_STATUSES = ['pending', 'paid', 'overdue', 'cancelled'] as const;
export type ReportedStatus = (typeof REPORTED_STATUSES)[number];

/** `YYYY-MM`, years 1900..2999 like every date the school module stores. */
export const monthField = z
  .string()
  .regex(
    /^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/,
    fieldMessage('field must be a month between 1900-01 and 2999-12 (YYYY-MM).'),
  );

/** A charge's amount: more than zero, then money (DESIGN 5); one message per mistake. */
export const amountField = z.number().gt(0).pipe(moneyField);

/** A date stored by the payments (1900..2999); a malformed one gets only its own message. */
export const paymentDateField = calendarDateField;

/** What POST /payments takes; `concept` defaults to `other`, a tuition's `period` to its due date's month. */
export const paymentFields = z.object({
  student_id: z.uuid(),
  enrollment_id: z.uuid().nullable().optional(),
  class_id: z.uuid().nullable().optional(),
  concept: z.enum(PAYMENT_CONCEPTS).optional(),
  description: optionalText(255),
  amount: amountField,
  due_date: paymentDateField,
  period: monthField.nullable().optional(),
  notes: optionalText(5000),
});

/** PUT: the charge's terms; who and what it is for stay (cancel it and charge again instead). */
export const paymentUpdateFields = paymentFields
  .pick({
    concept: true,
    description: true,
    amount: true,
    due_date: true,
    period: true,
    notes: true,
  })
  .partial();

export type PaymentInput = z.infer<typeof paymentFields>;
export type PaymentUpdate = z.infer<typeof paymentUpdateFields>;

export const paymentSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  enrollment_id: z.string().nullable(),
  class_id: z.string().nullable(),
  class: z.object({ id: z.string(), name: z.string() }).nullable(),
  concept: z.enum(PAYMENT_CONCEPTS),
  description: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  due_date: z.string(),
  period: z.string().nullable(),
  status: z.enum(REPORTED_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  paid_date: z.string().nullable(),
  receipt_number: z.string().nullable(),
  notes: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Payment = z.infer<typeof paymentSchema>;
export type PaymentRow = typeof payments.$inferSelect;

/** The state a client sees: a pending payment due before `today` (the school's) is overdue. */
export function reportedStatus(
  row: { status: PaymentRow['status']; dueDate: string },
  today: string,
): ReportedStatus {
  return row.status === 'pending' && row.dueDate < today ? 'overdue' : row.status;
}

/** Payments reported in `status` on `today`, as a filter. */
export function statusFilter(status: ReportedStatus, today: string): SQL {
  switch (status) {
    case 'overdue':
      return and(eq(payments.status, 'pending'), lt(payments.dueDate, today))!;
    case 'pending':
      return and(eq(payments.status, 'pending'), gte(payments.dueDate, today))!;
    default:
      return eq(payments.status, status);
  }
}

const paymentColumns = {
  payment: payments,
  studentName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
  className: classes.name,
};

type PaymentJoinRow = { payment: PaymentRow; studentName: string; className: string | null };

export function toPayment(row: PaymentJoinRow, today: string): Payment {
  const p = row.payment;
  return {
    id: p.id,
    student_id: p.studentId,
    student: { id: p.studentId, full_name: row.studentName },
    enrollment_id: p.enrollmentId,
    class_id: p.classId,
    class: p.classId === null ? null : { id: p.classId, name: row.className! },
    concept: p.concept,
    description: p.description,
    amount: toMoney(p.amount)!,
    currency: p.currency,
    due_date: p.dueDate,
    period: p.period,
    status: reportedStatus(p, today),
    payment_method: p.paymentMethod,
    paid_date: p.paidDate,
    receipt_number: p.receiptNumber,
    notes: p.notes,
    created_by: p.createdBy,
    ...timestampsOut(p),
  };
}

/** Payments of a school with their student's name and class, newest due date first, in one statement. */
export function selectPayments(db: Database, schoolId: string, where?: SQL) {
  return db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(
      students,
      and(eq(students.schoolId, payments.schoolId), eq(students.id, payments.studentId)),
    )
    .leftJoin(
      classes,
      and(eq(classes.schoolId, payments.schoolId), eq(classes.id, payments.classId)),
    )
    .where(and(eq(payments.schoolId, schoolId), where))
    .orderBy(desc(payments.dueDate), desc(payments.createdAt), desc(payments.id));
}

/*
 * Audit snapshots: a payment's own fields (snake_case, amount as a number, the stored status),
 * written from a row in TypeScript or from a whole set of rows in SQL, with the same keys.
 */

const SNAPSHOT_FIELDS = [
  'id',
  'studentId',
  'enrollmentId',
  'classId',
  'concept',
  'description',
  'amount',
  'currency',
  'dueDate',
  'period',
  'status',
  'paymentMethod',
  'paidDate',
  'receiptNumber',
  'notes',
] as const satisfies readonly (keyof PaymentRow)[];

const columns = getTableColumns(payments);

export function paymentSnapshot(row: PaymentRow): Record<string, unknown> {
  return Object.fromEntries(
    SNAPSHOT_FIELDS.map((field) => [
      columns[field].name,
      field === 'amount' ? toMoney(row.amount) : row[field],
    ]),
  );
}

/** The same snapshot as a `jsonb` expression over the payment rows named `alias` in a statement. */
export function paymentSnapshotSql(alias: string): SQL {
  const pairs = SNAPSHOT_FIELDS.map((field) => {
    const name = columns[field].name;
    return sql`${sql.raw(`'${name}'`)}, ${sql.identifier(alias)}.${sql.identifier(name)}`;
  });
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}
