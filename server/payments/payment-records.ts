import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '@/db/client';
import { classes, payments, students } from '@/db/schema';
import { PAYMENT_STATUSES } from '@/db/schema/payment-values';
import { timestampsOut, toMoney } from '../kernel/records';
import type { Payment, PaymentSort, ReportedStatus } from './payment-schema';

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

/**
 * Payments reported in any of `statuses` on `today`, as a filter. Pending and overdue
 * together are every stored pending payment, one condition that the partial index of pending
 * payments answers.
 */
export function statusFilter(statuses: readonly ReportedStatus[], today: string): SQL {
  const wanted = new Set(statuses);
  const stored = PAYMENT_STATUSES.filter((status) => status !== 'pending' && wanted.has(status));
  const conditions: SQL[] = stored.length > 0 ? [inArray(payments.status, stored)] : [];
  if (wanted.has('pending') && wanted.has('overdue'))
    conditions.push(eq(payments.status, 'pending'));
  else if (wanted.has('pending'))
    conditions.push(and(eq(payments.status, 'pending'), gte(payments.dueDate, today))!);
  else if (wanted.has('overdue'))
    conditions.push(and(eq(payments.status, 'pending'), lt(payments.dueDate, today))!);
  return conditions.length === 1 ? conditions[0]! : or(...conditions)!;
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

/** The newest due date first; ties by creation, then id, so that pages never overlap. */
const NEWEST_DUE_FIRST = [desc(payments.dueDate), desc(payments.createdAt), desc(payments.id)];

/** Each order of the list, with the newest due date first among equals. */
export const PAYMENT_ORDERS: Record<PaymentSort, SQL[]> = {
  due_date_desc: NEWEST_DUE_FIRST,
  due_date_asc: [asc(payments.dueDate), asc(payments.createdAt), asc(payments.id)],
  amount_desc: [desc(payments.amount), ...NEWEST_DUE_FIRST],
  amount_asc: [asc(payments.amount), ...NEWEST_DUE_FIRST],
  student: [asc(students.lastName), asc(students.firstName), asc(students.id), ...NEWEST_DUE_FIRST],
};

/**
 * Payments of a school with their student's name and class, in one statement, newest due
 * date first unless `orderBy` says otherwise; `extra` adds columns (a list's total).
 */
export function selectPayments<Extra extends Record<string, SQL> = Record<never, SQL>>(
  db: Database,
  schoolId: string,
  where?: SQL,
  extra?: Extra,
  orderBy: SQL[] = NEWEST_DUE_FIRST,
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
    .orderBy(...orderBy);
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
