import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { competitionEntries, competitionPayments, students } from '@/db/schema';
import { invalidField, notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { moneyValue } from '../kernel/fields/record-fields';
import { referenceInSchool } from '../kernel/records';
import { findPayment } from './competition-payment-queries';
import type {
  CompetitionPayment,
  CompetitionPaymentChange,
  CompetitionPaymentInput,
  CompetitionPaymentRegistration,
} from './competition-payment-schema';
import { lockCompetition, type CompetitionRow } from './competition-records';

/*
 * Competition payments (spec 2.6, 4.4): generated from fees when an entry is created, or
 * entered by hand. Paying and cancelling work from any state (DESIGN 6); a cancelled
 * payment is kept. Every write locks the competition row in `key share` mode, so the
 * competition cannot be deleted (409 when a payment is paid) while a payment is being paid.
 */

/** The payment of a path id in this competition, row-locked, or 404. */
async function lockPayment(tx: Database, competition: CompetitionRow, id: string) {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(competitionPayments)
        .where(
          and(
            eq(competitionPayments.schoolId, competition.schoolId),
            eq(competitionPayments.competitionId, competition.id),
            eq(competitionPayments.id, id),
          ),
        )
        .for('update')
    : [];
  if (!row) throw notFound('Payment');
  return row;
}

/**
 * Who a payment is for: with an entry, the entry's student (and horse), and a student sent
 * with it must be that one; without, a student of this school.
 */
async function payer(
  tx: Database,
  competition: CompetitionRow,
  entryId: string | null,
  studentId: string | undefined,
): Promise<{ entryId: string | null; studentId: string; horseId: string | null }> {
  if (entryId === null) {
    const student = await referenceInSchool(
      tx,
      students,
      competition.schoolId,
      studentId!,
      'student_id',
    );
    return { entryId: null, studentId: student.id, horseId: null };
  }
  const entry = await referenceInSchool(
    tx,
    competitionEntries,
    competition.schoolId,
    entryId,
    'entry_id',
  );
  if (entry.competitionId !== competition.id) {
    throw invalidField('entry_id', 'The selected entry belongs to another competition.');
  }
  if (studentId !== undefined && studentId !== entry.studentId) {
    throw invalidField('student_id', "The student id must be the entry's student.");
  }
  return { entryId: entry.id, studentId: entry.studentId, horseId: entry.horseId };
}

async function writePaymentChange(
  db: Database,
  school: School,
  competitionId: string,
  id: string,
  input: CompetitionPaymentChange,
) {
  await db.transaction(async (tx) => {
    const competition = await lockCompetition(tx, school.id, competitionId, 'key share');
    const current = await lockPayment(tx, competition, id);
    const parties =
      input.entry_id !== undefined || input.student_id !== undefined
        ? await payer(
            tx,
            competition,
            input.entry_id !== undefined ? input.entry_id : current.entryId,
            input.student_id ?? (input.entry_id ? undefined : current.studentId),
          )
        : undefined;
    const status = input.status ?? current.status;
    // A payment marked paid has a paid date: the one sent, the one it had, or today.
    const paidDate = input.paid_date !== undefined ? input.paid_date : current.paidDate;
    await tx
      .update(competitionPayments)
      .set({
        ...(parties ?? {}),
        concept: input.concept,
        conceptDetail: input.concept_detail,
        amount: moneyValue(input.amount),
        dueDate: input.due_date,
        notes: input.notes,
        status,
        paymentMethod: input.payment_method,
        paidDate: status === 'paid' && paidDate === null ? todayIn(school.timezone) : paidDate,
        receiptNumber: input.receipt_number,
        updatedAt: sql`now()`,
      })
      .where(
        and(eq(competitionPayments.schoolId, school.id), eq(competitionPayments.id, current.id)),
      );
  });
}

/** POST: a pending payment by hand; `due_date` defaults to the competition's date. */
export async function createCompetitionPayment(
  db: Database,
  school: School,
  competitionId: string,
  input: CompetitionPaymentInput,
): Promise<CompetitionPayment> {
  const id = await db.transaction(async (tx) => {
    const competition = await lockCompetition(tx, school.id, competitionId, 'key share');
    const parties = await payer(tx, competition, input.entry_id ?? null, input.student_id);
    const [created] = await tx
      .insert(competitionPayments)
      .values({
        schoolId: school.id,
        competitionId: competition.id,
        ...parties,
        concept: input.concept,
        conceptDetail: input.concept_detail ?? null,
        amount: moneyValue(input.amount),
        dueDate: input.due_date ?? competition.date,
        notes: input.notes ?? null,
      })
      .returning({ id: competitionPayments.id });
    return created!.id;
  });
  return findPayment(db, school.id, competitionId, id);
}

/** PUT: the fields given, any status; a payment set to paid without a paid date gets today. */
export async function updateCompetitionPayment(
  db: Database,
  school: School,
  competitionId: string,
  id: string,
  input: CompetitionPaymentChange,
): Promise<CompetitionPayment> {
  await writePaymentChange(db, school, competitionId, id, input);
  return findPayment(db, school.id, competitionId, id);
}

/** A state change (pay, cancel): locks the competition and the payment, then sets `changes`. */
async function setPayment(
  db: Database,
  school: School,
  competitionId: string,
  id: string,
  changes: Partial<typeof competitionPayments.$inferInsert>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const competition = await lockCompetition(tx, school.id, competitionId, 'key share');
    const current = await lockPayment(tx, competition, id);
    await tx
      .update(competitionPayments)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(
        and(eq(competitionPayments.schoolId, school.id), eq(competitionPayments.id, current.id)),
      );
  });
}

/** POST pay: paid from any state; `paid_date` defaults to today in the school's time zone. */
export async function payCompetitionPayment(
  db: Database,
  school: School,
  competitionId: string,
  id: string,
  input: CompetitionPaymentRegistration,
): Promise<CompetitionPayment> {
  await setPayment(db, school, competitionId, id, {
    status: 'paid',
    paymentMethod: input.payment_method,
    paidDate: input.paid_date ?? todayIn(school.timezone),
    receiptNumber: input.receipt_number,
    notes: input.notes,
  });
  return findPayment(db, school.id, competitionId, id);
}

/** DELETE: cancelled from any state, and kept. */
export async function cancelCompetitionPayment(
  db: Database,
  school: School,
  competitionId: string,
  id: string,
): Promise<CompetitionPayment> {
  await setPayment(db, school, competitionId, id, { status: 'cancelled' });
  return findPayment(db, school.id, competitionId, id);
}
