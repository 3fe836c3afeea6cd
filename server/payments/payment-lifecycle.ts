import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import {
  classes,
  enrollments,
  paymentAudit,
  paymentReceiptCounters,
  payments,
  PAYMENT_AUDIT_ACTIONS,
  PAYMENT_METHODS,
  students,
} from '@/db/schema';
import { conflict, invalidField, notFound, registerUniqueField } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { moneyValue } from '../kernel/fields/record-fields';
import { referenceInSchool } from '../kernel/records';
import { paymentSnapshot, selectPayments, toPayment, type PaymentRow } from './payment-records';
import type { Payment, PaymentInput, PaymentUpdate } from './payment-schema';

/*
 * A school payment's life (DESIGN 6, spec 3): created pending, then paid or cancelled, both
 * final; terms can change only while it is pending (overdue included). Every change locks the
 * row, checks the state, and writes its audit row in the same transaction.
 */

export const RECEIPT_TAKEN = 'The receipt number has already been taken.';
registerUniqueField('payments_school_receipt_number_key', 'receipt_number', RECEIPT_TAKEN);

export const PERIOD_CHARGED = 'The student already has a tuition charge for this period.';
registerUniqueField('payments_tuition_period_key', 'period', PERIOD_CHARGED);

type Actor = { id: string };
type AuditAction = (typeof PAYMENT_AUDIT_ACTIONS)[number];

async function audit(
  tx: Database,
  action: AuditAction,
  actor: Actor,
  before: PaymentRow | null,
  after: PaymentRow,
): Promise<void> {
  await tx.insert(paymentAudit).values({
    schoolId: after.schoolId,
    paymentId: after.id,
    action,
    actorId: actor.id,
    before: before && paymentSnapshot(before),
    after: paymentSnapshot(after),
  });
}

/** The payment record as the routes answer it, read inside the change's transaction. */
async function readPayment(tx: Database, school: School, id: string): Promise<Payment> {
  const [row] = await selectPayments(tx, school.id, eq(payments.id, id));
  return toPayment(row!, todayIn(school.timezone));
}

/** The row of a path id, locked for the change; 404 when it is not this school's. */
async function lockPayment(tx: Database, schoolId: string, id: string): Promise<PaymentRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(payments)
        .where(and(eq(payments.schoolId, schoolId), eq(payments.id, id)))
        .for('update')
    : [];
  if (!row) throw notFound('Payment');
  return row;
}

/** A tuition charge is for a month: the one given, else its due date's. */
const tuitionPeriod = (concept: string, period: string | null | undefined, dueDate: string) =>
  concept === 'tuition' ? (period ?? dueDate.slice(0, 7)) : (period ?? null);

export async function createPayment(
  db: Database,
  school: School,
  actor: Actor,
  input: PaymentInput,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    await referenceInSchool(tx, students, school.id, input.student_id, 'student_id');
    let classId = input.class_id ?? null;
    if (input.enrollment_id) {
      const enrollment = await referenceInSchool(
        tx,
        enrollments,
        school.id,
        input.enrollment_id,
        'enrollment_id',
      );
      if (enrollment.studentId !== input.student_id) {
        throw invalidField(
          'enrollment_id',
          'The selected enrollment is not an enrollment of the selected student.',
        );
      }
      if (classId !== null && classId !== enrollment.classId) {
        throw invalidField(
          'class_id',
          'The selected class is not the class of the selected enrollment.',
        );
      }
      classId = enrollment.classId;
    } else if (classId !== null) {
      await referenceInSchool(tx, classes, school.id, classId, 'class_id');
    }
    const concept = input.concept ?? 'other';
    // A second live tuition charge for the month is the unique index's 422 on period.
    const [created] = await tx
      .insert(payments)
      .values({
        schoolId: school.id,
        studentId: input.student_id,
        enrollmentId: input.enrollment_id ?? null,
        classId,
        concept,
        description: input.description ?? null,
        amount: moneyValue(input.amount),
        currency: school.currency,
        dueDate: input.due_date,
        period: tuitionPeriod(concept, input.period, input.due_date),
        notes: input.notes ?? null,
        createdBy: actor.id,
      })
      .returning();
    await audit(tx, 'create', actor, null, created!);
    return readPayment(tx, school, created!.id);
  });
}

const NOT_PENDING: Record<string, string> = {
  paid: 'The payment is already paid.',
  cancelled: 'The payment is cancelled.',
};

export async function updatePayment(
  db: Database,
  school: School,
  actor: Actor,
  id: string,
  input: PaymentUpdate,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const current = await lockPayment(tx, school.id, id);
    if (current.status !== 'pending') {
      throw conflict(
        `${NOT_PENDING[current.status]} Only a pending or overdue payment can be changed.`,
      );
    }
    const concept = input.concept ?? current.concept;
    const dueDate = input.due_date ?? current.dueDate;
    const period = input.period !== undefined ? input.period : current.period;
    const [updated] = await tx
      .update(payments)
      .set({
        concept,
        description: input.description,
        amount: moneyValue(input.amount),
        dueDate,
        period: tuitionPeriod(concept, period, dueDate),
        notes: input.notes,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.schoolId, school.id), eq(payments.id, current.id)))
      .returning();
    await audit(tx, 'update', actor, current, updated!);
    return readPayment(tx, school, current.id);
  });
}

export async function cancelPayment(
  db: Database,
  school: School,
  actor: Actor,
  id: string,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const current = await lockPayment(tx, school.id, id);
    if (current.status !== 'pending') {
      throw conflict(
        `${NOT_PENDING[current.status]} Only a pending or overdue payment can be cancelled.`,
      );
    }
    const [cancelled] = await tx
      .update(payments)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(payments.schoolId, school.id), eq(payments.id, current.id)))
      .returning();
    await audit(tx, 'cancel', actor, current, cancelled!);
    return readPayment(tx, school, current.id);
  });
}

export type Registration = {
  payment_method: (typeof PAYMENT_METHODS)[number];
  paid_date?: string | undefined;
  receipt_number?: string | null | undefined;
  notes?: string | null | undefined;
};

/**
 * The next receipt number of the school for a year, `R-2026-000123`. The counter row's lock
 * serialises concurrent payments; numbers already used by hand are skipped.
 */
async function nextReceiptNumber(tx: Database, schoolId: string, year: number): Promise<string> {
  for (;;) {
    const [counter] = await tx
      .insert(paymentReceiptCounters)
      .values({ schoolId, year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [paymentReceiptCounters.schoolId, paymentReceiptCounters.year],
        set: { lastNumber: sql`${paymentReceiptCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: paymentReceiptCounters.lastNumber });
    const candidate = `R-${year}-${String(counter!.lastNumber).padStart(6, '0')}`;
    const [taken] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.schoolId, schoolId), eq(payments.receiptNumber, candidate)))
      .limit(1);
    if (!taken) return candidate;
  }
}

/** Pay (spec 3): pending or overdue → paid, with method, date (default today) and receipt. */
export async function payPayment(
  db: Database,
  school: School,
  actor: Actor,
  id: string,
  input: Registration,
): Promise<Payment> {
  const today = todayIn(school.timezone);
  const paidDate = input.paid_date ?? today;
  if (paidDate > today)
    throw invalidField('paid_date', 'The paid date field must be a date before or equal to today.');
  return db.transaction(async (tx) => {
    const current = await lockPayment(tx, school.id, id);
    if (current.status !== 'pending') {
      throw conflict(
        `${NOT_PENDING[current.status]} Only a pending or overdue payment can be paid.`,
      );
    }
    // A receipt number given twice is the unique index's 422, also between concurrent requests.
    const receiptNumber =
      input.receipt_number ??
      (await nextReceiptNumber(tx, school.id, Number(paidDate.slice(0, 4))));
    const [paid] = await tx
      .update(payments)
      .set({
        status: 'paid',
        paymentMethod: input.payment_method,
        paidDate,
        receiptNumber,
        notes: input.notes,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.schoolId, school.id), eq(payments.id, current.id)))
      .returning();
    await audit(tx, 'pay', actor, current, paid!);
    return readPayment(tx, school, current.id);
  });
}
