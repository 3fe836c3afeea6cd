import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { paginatedSchema, paginationInput } from '../kernel/trpc/pagination';
import { schoolIdInput } from '../kernel/fields/params';
import { generateMonthlyCharges } from './monthly-charges';
import { cancelPayment, createPayment, payPayment, updatePayment } from './payment-lifecycle';
import { getPayment, listPaymentAudit, listPayments } from './payment-queries';
import {
  auditEntrySchema,
  monthlyChargeFields,
  monthlyChargeSchema,
  paymentFields,
  paymentIdInput,
  paymentListFilters,
  paymentSchema,
  paymentUpdateFields,
  registrationFields,
} from './payment-schema';

const one = z.object({ data: paymentSchema });

export const paymentsRouter = router({
  list: schoolProcedure('payments.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/payments',
        tags: ['Payments'],
        summary: 'School payments, newest due date first by default',
        description:
          "`status=overdue` keeps pending payments whose due date has passed in the school's time zone (they are reported as overdue, never as pending); several statuses separated by commas keep any of them (`status=pending,overdue`: all that is unpaid). `search` matches the student's name, the receipt number, the description or the concept (case-insensitive). `sort`: `due_date_desc` (default), `due_date_asc`, `amount_desc`, `amount_asc` or `student` (last name, first name); ties newest due date first. `start_date`/`end_date` filter on the due date.",
      },
    })
    .input(schoolIdInput.extend(paginationInput(20).shape).extend(paymentListFilters.shape))
    .output(paginatedSchema(paymentSchema))
    .query(({ ctx, input }) => listPayments(ctx.db, ctx.school, input, ctx.url)),

  create: schoolProcedure('payments.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/payments',
        tags: ['Payments'],
        summary: 'Charge a student (a pending payment)',
        description:
          "`concept` defaults to `other`; a `tuition` charge is for a `period` (YYYY-MM, by default its due date's month), at most one live one per student and month. The currency is the school's. With an `enrollment_id`, `class_id` is that enrollment's class.",
      },
    })
    .input(schoolIdInput.extend(paymentFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await createPayment(ctx.db, ctx.school, ctx.caller.user, input),
    })),

  // Static segment before the `{paymentId}` routes: the first matching path wins.
  generateMonthly: schoolProcedure('payments.create')
    .meta({
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/payments/generate-monthly',
        tags: ['Payments'],
        summary: "Charge every active student the month's tuition",
        description:
          "One pending `tuition` payment per active student whose enrollments active in the month (status active, started by its last day, not ended before its first) are in classes priced `monthly`: the sum of those prices, none when it is 0. `due_day` (default 10) is clamped to the month's last day. Students already charged for the month (even if that charge was cancelled) are `skipped`; running it again, or concurrently, creates nothing twice. `dry_run: true` answers the same without writing.",
      },
    })
    .input(schoolIdInput.extend(monthlyChargeFields.shape))
    .output(monthlyChargeSchema)
    .mutation(async ({ ctx, input }) => ({
      data: await generateMonthlyCharges(ctx.db, ctx.school, ctx.caller.user.id, {
        month: input.month,
        dueDay: input.due_day,
        dryRun: input.dry_run,
      }),
    })),

  get: schoolProcedure('payments.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/payments/{paymentId}',
        tags: ['Payments'],
        summary: 'A school payment',
      },
    })
    .input(paymentIdInput)
    .output(one)
    .query(async ({ ctx, input }) => ({
      data: await getPayment(ctx.db, ctx.school, input.paymentId),
    })),

  update: schoolProcedure('payments.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/payments/{paymentId}',
        tags: ['Payments'],
        summary: "Change a pending or overdue payment's terms",
        description:
          'Amount, due date, concept, period, description and notes; the student, enrollment and class stay. A paid or cancelled payment cannot change (409).',
      },
    })
    .input(paymentIdInput.extend(paymentUpdateFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await updatePayment(ctx.db, ctx.school, ctx.caller.user, input.paymentId, input),
    })),

  cancel: schoolProcedure('payments.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/payments/{paymentId}',
        tags: ['Payments'],
        summary: 'Cancel a pending or overdue payment (the record is kept)',
        description: 'A paid or already cancelled payment cannot be cancelled (409).',
      },
    })
    .input(paymentIdInput)
    .output(z.object({ message: z.string(), data: paymentSchema }))
    .mutation(async ({ ctx, input }) => ({
      message: 'Payment cancelled.',
      data: await cancelPayment(ctx.db, ctx.school, ctx.caller.user, input.paymentId),
    })),

  pay: schoolProcedure('payments.edit')
    .meta({
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/payments/{paymentId}/pay',
        tags: ['Payments'],
        summary: 'Register the payment of a pending or overdue payment',
        description:
          "`paid_date` defaults to today in the school's time zone and may not lie after it. Without `receipt_number` the next one of the school for the paid date's year is issued (`R-2026-000123`); a receipt number is unique within the school (422). Any state but pending or overdue → 409.",
      },
    })
    .input(paymentIdInput.extend(registrationFields.shape))
    .output(one)
    .mutation(async ({ ctx, input }) => ({
      data: await payPayment(ctx.db, ctx.school, ctx.caller.user, input.paymentId, input),
    })),

  audit: schoolProcedure('payments.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/payments/{paymentId}/audit',
        tags: ['Payments'],
        summary: "A payment's audit trail, oldest first",
        description:
          "`before`/`after` hold the payment's own fields (stored status: an overdue payment is `pending` there); `before` is null for the creation.",
      },
    })
    .input(paymentIdInput)
    .output(z.object({ data: z.array(auditEntrySchema) }))
    .query(async ({ ctx, input }) => ({
      data: await listPaymentAudit(ctx.db, ctx.school, input.paymentId),
    })),
});
