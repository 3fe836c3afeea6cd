import { and, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { classes, payments, students } from '@/db/schema';
import { timestampsOut, toMoney } from '../kernel/records';
import type { Payment, ReportedStatus } from './payment-schema';

/*
 * The school payment record (spec 2.5, DESIGN 6): the one query that reads it and its output,
 * shared by the payments routes and the student detail.
 */

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

/**
 * Payments of a school with their student's name and class, newest due date first, in one
 * statement; `extra` adds columns (a list's total).
 */
export function selectPayments<Extra extends Record<string, SQL> = Record<never, SQL>>(
  db: Database,
  schoolId: string,
  where?: SQL,
  extra?: Extra,
) {
  return db
    .select({ ...paymentColumns, ...(extra as Extra) })
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
