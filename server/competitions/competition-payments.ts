import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { competitionEntries, competitionPayments, students } from '@/db/schema';
import { invalidField, notFound } from '../kernel/errors';
import { router, schoolProcedure, type School } from '../kernel/trpc/init';
import { paginate, paginatedSchema, paginationInput, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { moneyValue } from '../kernel/fields/record-fields';
import { countAll, referenceInSchool, timestampsOut, toMoney } from '../kernel/records';
import {
  competitionPaymentFields,
  competitionPaymentIdInput,
  competitionPaymentListFilters,
  competitionPaymentRegistrationFields,
  competitionPaymentSchema,
  competitionPaymentUpdateFields,
  requireStudentOrEntry,
  type CompetitionPayment,
  type CompetitionPaymentChange,
} from './competition-payment-schema';
import { competitionIdInput } from './competition-schema';
import { type CompetitionRow, findCompetition, lockCompetition } from './competition-records';
import { paymentSummarySchema, summarizeCompetitionPayments } from './payment-summary';

/*
 * Competition payments (spec 2.6, 4.4): generated from fees when an entry is created, or
 * entered by hand. Paying and cancelling work from any state (DESIGN 6); a cancelled
 * payment is kept. Every write locks the competition row in `key share` mode, so the
 * competition cannot be deleted (409 when a payment is paid) while a payment is being paid.
 */

type PaymentRow = { payment: typeof competitionPayments.$inferSelect; studentName: string };

function toPayment({ payment, studentName }: PaymentRow): CompetitionPayment {
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

function selectPayments(db: Database, schoolId: string, competitionId: string, where?: SQL) {
  return db
    .select({
      payment: competitionPayments,
      studentName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
    })
    .from(competitionPayments)
    .innerJoin(
      students,
      and(
        eq(students.schoolId, competitionPayments.schoolId),
        eq(students.id, competitionPayments.studentId),
      ),
    )
    .where(
      and(
        eq(competitionPayments.schoolId, schoolId),
        eq(competitionPayments.competitionId, competitionId),
        where,
      ),
    )
    .$dynamic();
}

async function findPayment(
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

type PaymentChange = CompetitionPaymentChange;

async function updatePayment(
  db: Database,
  school: School,
  competitionId: string,
  id: string,
  input: PaymentChange,
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

const paymentIdInput = competitionPaymentIdInput;
const one = z.object({ data: competitionPaymentSchema });
const BASE = '/schools/{schoolId}/competitions/{competitionId}/payments';
const TAGS = ['Competition payments'];

export const competitionPaymentsRouter = router({
  list: schoolProcedure('payments.view')
    .meta({
      openapi: {
        method: 'GET',
        path: BASE,
        tags: TAGS,
        summary: 'Payments of a competition, in order of creation',
      },
    })
    .input(
      competitionIdInput
        .extend(paginationInput(50).shape)
        .extend(competitionPaymentListFilters.shape),
    )
    .output(paginatedSchema(competitionPaymentSchema))
    .query(async ({ ctx, input }) => {
      const competition = await findCompetition(ctx.db, ctx.school.id, input.competitionId);
      const where = and(
        input.status ? eq(competitionPayments.status, input.status) : undefined,
        input.concept ? eq(competitionPayments.concept, input.concept) : undefined,
        input.student_id ? eq(competitionPayments.studentId, input.student_id) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        selectPayments(ctx.db, ctx.school.id, competition.id, where)
          .orderBy(asc(competitionPayments.createdAt), asc(competitionPayments.id))
          .limit(input.per_page)
          .offset(pageOffset(input)),
        ctx.db
          .select({ total: countAll })
          .from(competitionPayments)
          .where(
            and(
              eq(competitionPayments.schoolId, ctx.school.id),
              eq(competitionPayments.competitionId, competition.id),
              where,
            ),
          ),
      ]);
      return paginate(rows.map(toPayment), counted?.total ?? 0, input, ctx.url);
    }),

  create: schoolProcedure('payments.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: BASE,
        tags: TAGS,
        summary: 'Create a payment by hand (pending)',
        description:
          "`student_id` may be left out when `entry_id` is given (it is the entry's student); the entry must be of this competition. `due_date` defaults to the competition's date.",
      },
    })
    .input(
      competitionIdInput.extend(competitionPaymentFields.shape).superRefine(requireStudentOrEntry),
    )
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.transaction(async (tx) => {
        const competition = await lockCompetition(
          tx,
          ctx.school.id,
          input.competitionId,
          'key share',
        );
        const parties = await payer(tx, competition, input.entry_id ?? null, input.student_id);
        const [created] = await tx
          .insert(competitionPayments)
          .values({
            schoolId: ctx.school.id,
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
      return { data: await findPayment(ctx.db, ctx.school.id, input.competitionId, id) };
    }),

  summary: schoolProcedure('payments.view')
    .meta({
      openapi: {
        method: 'GET',
        path: `${BASE}/summary`,
        tags: TAGS,
        summary: 'Totals of the competition payments',
        description:
          '`total_expected` sums the payments neither cancelled nor refunded, `total_paid` the paid ones, `total_pending` the pending ones.',
      },
    })
    .input(competitionIdInput)
    .output(z.object({ data: paymentSummarySchema }))
    .query(async ({ ctx, input }) => {
      const competition = await findCompetition(ctx.db, ctx.school.id, input.competitionId);
      return { data: await summarizeCompetitionPayments(ctx.db, ctx.school.id, competition.id) };
    }),

  get: schoolProcedure('payments.view')
    .meta({
      openapi: { method: 'GET', path: `${BASE}/{paymentId}`, tags: TAGS, summary: 'One payment' },
    })
    .input(paymentIdInput)
    .output(one)
    .query(async ({ ctx, input }) => {
      const competition = await findCompetition(ctx.db, ctx.school.id, input.competitionId);
      return { data: await findPayment(ctx.db, ctx.school.id, competition.id, input.paymentId) };
    }),

  update: schoolProcedure('payments.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: `${BASE}/{paymentId}`,
        tags: TAGS,
        summary: 'Update a payment (fields given)',
        description:
          'Any status may be set (refunded only here). A payment set to paid without a paid date gets today. Changing `entry_id` or `student_id` follows the rules of creation.',
      },
    })
    .input(paymentIdInput.extend(competitionPaymentUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      const { schoolId: _, competitionId, paymentId, ...changes } = input;
      await updatePayment(ctx.db, ctx.school, competitionId, paymentId, changes);
      return { data: await findPayment(ctx.db, ctx.school.id, competitionId, paymentId) };
    }),

  pay: schoolProcedure('payments.create')
    .meta({
      openapi: {
        method: 'POST',
        path: `${BASE}/{paymentId}/pay`,
        tags: TAGS,
        summary: 'Mark a payment paid, from any state',
        description:
          "`paid_date` defaults to today in the school's time zone; `receipt_number` and `notes` replace the payment's when sent.",
      },
    })
    .input(paymentIdInput.extend(competitionPaymentRegistrationFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction(async (tx) => {
        const competition = await lockCompetition(
          tx,
          ctx.school.id,
          input.competitionId,
          'key share',
        );
        const current = await lockPayment(tx, competition, input.paymentId);
        await tx
          .update(competitionPayments)
          .set({
            status: 'paid',
            paymentMethod: input.payment_method,
            paidDate: input.paid_date ?? todayIn(ctx.school.timezone),
            receiptNumber: input.receipt_number,
            notes: input.notes,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(competitionPayments.schoolId, ctx.school.id),
              eq(competitionPayments.id, current.id),
            ),
          );
      });
      return {
        data: await findPayment(ctx.db, ctx.school.id, input.competitionId, input.paymentId),
      };
    }),

  remove: schoolProcedure('payments.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: `${BASE}/{paymentId}`,
        tags: TAGS,
        summary: 'Cancel a payment (it is kept), from any state',
      },
    })
    .input(paymentIdInput)
    .output(z.object({ message: z.string(), data: competitionPaymentSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction(async (tx) => {
        const competition = await lockCompetition(
          tx,
          ctx.school.id,
          input.competitionId,
          'key share',
        );
        const current = await lockPayment(tx, competition, input.paymentId);
        await tx
          .update(competitionPayments)
          .set({ status: 'cancelled', updatedAt: sql`now()` })
          .where(
            and(
              eq(competitionPayments.schoolId, ctx.school.id),
              eq(competitionPayments.id, current.id),
            ),
          );
      });
      return {
        message: 'Payment cancelled.',
        data: await findPayment(ctx.db, ctx.school.id, input.competitionId, input.paymentId),
      };
    }),
});
