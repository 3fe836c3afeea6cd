import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import {
  cancelCompetitionPayment,
  createCompetitionPayment,
  payCompetitionPayment,
  updateCompetitionPayment,
} from './competition-payment-lifecycle';
import {
  getCompetitionPayment,
  getCompetitionPaymentSummary,
  listCompetitionPayments,
} from './competition-payment-queries';
import {
  competitionPaymentFields,
  competitionPaymentIdInput,
  competitionPaymentListFilters,
  competitionPaymentRegistrationFields,
  competitionPaymentSchema,
  competitionPaymentUpdateFields,
  paymentSummarySchema,
  requireStudentOrEntry,
} from './competition-payment-schema';
import { competitionIdInput } from './competition-schema';

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
    .query(({ ctx, input }) =>
      listCompetitionPayments(ctx.db, ctx.school, input.competitionId, input, ctx.url),
    ),

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
      const { schoolId: _, competitionId, ...fields } = input;
      return { data: await createCompetitionPayment(ctx.db, ctx.school, competitionId, fields) };
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
    .query(async ({ ctx, input }) => ({
      data: await getCompetitionPaymentSummary(ctx.db, ctx.school, input.competitionId),
    })),

  get: schoolProcedure('payments.view')
    .meta({
      openapi: { method: 'GET', path: `${BASE}/{paymentId}`, tags: TAGS, summary: 'One payment' },
    })
    .input(paymentIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getCompetitionPayment(ctx.db, ctx.school, input.competitionId, input.paymentId),
    })),

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
      return {
        data: await updateCompetitionPayment(ctx.db, ctx.school, competitionId, paymentId, changes),
      };
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
      const { schoolId: _, competitionId, paymentId, ...registration } = input;
      return {
        data: await payCompetitionPayment(
          ctx.db,
          ctx.school,
          competitionId,
          paymentId,
          registration,
        ),
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
    .mutation(async ({ ctx, input }) => ({
      message: 'Payment cancelled.',
      data: await cancelCompetitionPayment(
        ctx.db,
        ctx.school,
        input.competitionId,
        input.paymentId,
      ),
    })),
});
