import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { competitionPayments, students } from '@/db/schema';
import { notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { countAll, timestampsOut, toMoney } from '../kernel/records';
import type {
  CompetitionPayment,
  CompetitionPaymentListFilters,
} from './competition-payment-schema';
import { findCompetition, studentOf } from './competition-records';
import { summarizeCompetitionPayments } from './payment-summary';

type PaymentRow = { payment: typeof competitionPayments.$inferSelect; studentName: string };

export function toPayment({ payment, studentName }: PaymentRow): CompetitionPayment {
  return {
    id: payment.id,
    competition_id: payment.competitionId,
    entry_id: payment.entryId,
    student_id: payment.studentId,
    student: { id: payment.studentId, full_name: studentName },
    horse_id: payment.horseId,
    concept: payment.concept,
    concept_detail: payment.conceptDetail,
    amount: toMoney(payment.amount)!,
    due_date: payment.dueDate,
    status: payment.status,
    payment_method: payment.paymentMethod,
    paid_date: payment.paidDate,
    receipt_number: payment.receiptNumber,
    notes: payment.notes,
    ...timestampsOut(payment),
  };
}

export function selectPayments(db: Database, schoolId: string, competitionId: string, where?: SQL) {
  return db
    .select({
      payment: competitionPayments,
      studentName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
    })
    .from(competitionPayments)
    .innerJoin(students, studentOf(competitionPayments))
    .where(
      and(
        eq(competitionPayments.schoolId, schoolId),
        eq(competitionPayments.competitionId, competitionId),
        where,
      ),
    )
    .$dynamic();
}

export async function findPayment(
  db: Database,
  schoolId: string,
  competitionId: string,
  id: string,
): Promise<CompetitionPayment> {
  const [row] = isUuid(id)
    ? await selectPayments(db, schoolId, competitionId, eq(competitionPayments.id, id)).limit(1)
    : [];
  if (!row) throw notFound('Payment');
  return toPayment(row);
}

/** A page of a competition's payments, in order of creation. */
export async function listCompetitionPayments(
  db: Database,
  school: School,
  competitionId: string,
  input: CompetitionPaymentListFilters & PageRequest,
  url: URL,
) {
  const competition = await findCompetition(db, school.id, competitionId);
  const where = and(
    input.status ? eq(competitionPayments.status, input.status) : undefined,
    input.concept ? eq(competitionPayments.concept, input.concept) : undefined,
    input.student_id ? eq(competitionPayments.studentId, input.student_id) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectPayments(db, school.id, competition.id, where)
      .orderBy(asc(competitionPayments.createdAt), asc(competitionPayments.id))
      .limit(input.per_page)
      .offset(pageOffset(input)),
    db
      .select({ total: countAll })
      .from(competitionPayments)
      .where(
        and(
          eq(competitionPayments.schoolId, school.id),
          eq(competitionPayments.competitionId, competition.id),
          where,
        ),
      ),
  ]);
  return paginate(rows.map(toPayment), counted?.total ?? 0, input, url);
}

export async function getCompetitionPayment(
  db: Database,
  school: School,
  competitionId: string,
  paymentId: string,
): Promise<CompetitionPayment> {
  const competition = await findCompetition(db, school.id, competitionId);
  return findPayment(db, school.id, competition.id, paymentId);
}

export async function getCompetitionPaymentSummary(
  db: Database,
  school: School,
  competitionId: string,
) {
  const competition = await findCompetition(db, school.id, competitionId);
  return summarizeCompetitionPayments(db, school.id, competition.id);
}
