import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PAYMENT_AUDIT_ACTIONS, PAYMENT_METHODS, paymentAudit, payments, users } from '@/db/schema';
import { invalidField, notFound } from '../kernel/errors';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { paginate, paginatedSchema, paginationInput, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { dateField, todayIn } from '../kernel/fields/calendar';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { optionalText } from '../kernel/fields/record-fields';
import { countAll } from '../kernel/records';
import { generateMonthlyCharges } from './monthly-charges';
import { cancelPayment, createPayment, payPayment, updatePayment } from './payment-lifecycle';
import {
  monthField,
  paymentDateField,
  paymentFields,
  paymentSchema,
  paymentUpdateFields,
  REPORTED_STATUSES,
  selectPayments,
  statusFilter,
  toPayment,
} from './payment-records';

const paymentIdInput = schoolIdInput.extend({ paymentId: pathId });
const one = z.object({ data: paymentSchema });

const registrationFields = z.object({
  payment_method: z.enum(PAYMENT_METHODS),
  /** Defaults to today in the school's time zone. */
  paid_date: paymentDateField.optional(),
  /** Generated when absent (`R-2026-000123`). */
  receipt_number: optionalText(50),
  notes: optionalText(5000),
});

const monthlyChargeFields = z.object({
  month: monthField,
  due_day: z.number().int().min(1).max(31).default(10),
  dry_run: z.boolean().default(false),
});

const monthlyChargeSchema = z.object({
  data: z.object({
    created: z.number().int(),
    skipped: z.number().int(),
    total_amount: z.number(),
  }),
});

const snapshotSchema = z.record(z.string(), z.unknown()).nullable();

const auditEntrySchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  action: z.enum(PAYMENT_AUDIT_ACTIONS),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  at: z.string(),
  before: snapshotSchema,
  after: snapshotSchema,
});

export const paymentsRouter = router({
  list: schoolProcedure('payments.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/payments',
        tags: ['Payments'],
        summary: 'School payments, newest due date first',
        description:
          "`status=overdue` keeps pending payments whose due date has passed in the school's time zone (they are reported as overdue, never as pending); `start_date`/`end_date` filter on the due date.",
      },
    })
    .input(
      schoolIdInput.extend(paginationInput(20).shape).extend({
        student_id: z.uuid().optional(),
        status: z.enum(REPORTED_STATUSES).optional(),
        start_date: dateField.optional(),
        end_date: dateField.optional(),
      }),
    )
    .output(paginatedSchema(paymentSchema))
    .query(async ({ ctx, input }) => {
      if (input.start_date && input.end_date && input.end_date < input.start_date) {
        throw invalidField(
          'end_date',
          'The end date field must be a date after or equal to start date.',
        );
      }
      const today = todayIn(ctx.school.timezone);
      const filters: (SQL | undefined)[] = [
        input.student_id ? eq(payments.studentId, input.student_id) : undefined,
        input.status ? statusFilter(input.status, today) : undefined,
        input.start_date ? gte(payments.dueDate, input.start_date) : undefined,
        input.end_date ? lte(payments.dueDate, input.end_date) : undefined,
      ];
      const where = and(...filters);
      const [rows, [counted]] = await Promise.all([
        selectPayments(ctx.db, ctx.school.id, where)
          .limit(input.per_page)
          .offset(pageOffset(input)),
        ctx.db
          .select({ total: countAll })
          .from(payments)
          .where(and(eq(payments.schoolId, ctx.school.id), where)),
      ]);
      return paginate(
        rows.map((row) => toPayment(row, today)),
        counted?.total ?? 0,
        input,
        ctx.url,
      );
    }),

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
    .query(async ({ ctx, input }) => {
      const [row] = isUuid(input.paymentId)
        ? await selectPayments(ctx.db, ctx.school.id, eq(payments.id, input.paymentId))
        : [];
      if (!row) throw notFound('Payment');
      return { data: toPayment(row, todayIn(ctx.school.timezone)) };
    }),

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
    .query(async ({ ctx, input }) => {
      const schoolId = ctx.school.id;
      if (!isUuid(input.paymentId)) throw notFound('Payment');
      const [[payment], rows] = await Promise.all([
        ctx.db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.schoolId, schoolId), eq(payments.id, input.paymentId))),
        ctx.db
          .select({ entry: paymentAudit, actorName: users.displayName, actorEmail: users.email })
          .from(paymentAudit)
          .leftJoin(users, eq(users.id, paymentAudit.actorId))
          .where(
            and(eq(paymentAudit.schoolId, schoolId), eq(paymentAudit.paymentId, input.paymentId)),
          )
          .orderBy(
            asc(paymentAudit.at),
            sql`case ${paymentAudit.action} when 'create' then 0 else 1 end`,
            asc(paymentAudit.id),
          ),
      ]);
      if (!payment) throw notFound('Payment');
      return {
        data: rows.map(({ entry, actorName, actorEmail }) => ({
          id: entry.id,
          payment_id: entry.paymentId,
          action: entry.action,
          actor:
            entry.actorId === null
              ? null
              : { id: entry.actorId, name: actorName!, email: actorEmail },
          at: entry.at.toISOString(),
          before: entry.before as Record<string, unknown> | null,
          after: entry.after as Record<string, unknown> | null,
        })),
      };
    }),
});
