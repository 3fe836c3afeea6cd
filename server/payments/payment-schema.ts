import { z } from 'zod';
import {
  PAYMENT_AUDIT_ACTIONS,
  PAYMENT_CONCEPTS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '@/db/schema/payment-values';
import { fieldMessage } from '../kernel/validation';
import { dateField } from '../kernel/fields/calendar';
import { pathId, schoolIdInput } from '../kernel/fields/params';
import { calendarDateField, moneyField, optionalText } from '../kernel/fields/record-fields';

/*
 * The school payment (spec 2.5, DESIGN 6) as the API takes and answers it. Client-safe (zod
 * only): the payments page takes its value lists from here.
 */

export { PAYMENT_AUDIT_ACTIONS, PAYMENT_CONCEPTS, PAYMENT_METHODS, PAYMENT_STATUSES };

/** Reported states: `overdue` is a pending payment whose due date has passed (DESIGN 6). */
export const REPORTED_STATUSES = ['pending', 'overdue', 'paid', 'cancelled'] as const;
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

export const paymentIdInput = schoolIdInput.extend({ paymentId: pathId });

/** The orders of GET /payments; the first (newest due date first) by default. */
export const PAYMENT_SORTS = [
  'due_date_desc',
  'due_date_asc',
  'amount_desc',
  'amount_asc',
  'student',
] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

const isReportedStatus = (value: string): value is ReportedStatus =>
  (REPORTED_STATUSES as readonly string[]).includes(value);

/**
 * One reported status, or several separated by commas (`pending,overdue`: all that is still
 * owed). A plain string to the OpenAPI document, as a query parameter cannot be an array there.
 */
export const paymentStatusesField = z
  .string()
  .meta({
    description: `${REPORTED_STATUSES.join(', ')}, or several of them separated by commas.`,
    pattern: `^(${REPORTED_STATUSES.join('|')})(,(${REPORTED_STATUSES.join('|')}))*$`,
    example: 'pending,overdue',
  })
  .transform((value, ctx) => {
    const statuses = value.split(',');
    if (!statuses.every(isReportedStatus)) {
      ctx.addIssue({ code: 'invalid_value', values: [...REPORTED_STATUSES], input: value });
      return z.NEVER;
    }
    return [...new Set(statuses)];
  });

/** GET /payments filters; `start_date`/`end_date` bound the due date. */
export const paymentListFilters = z.object({
  student_id: z.uuid().optional(),
  status: paymentStatusesField.optional(),
  /** The student's name, the receipt number, the description or the concept. */
  search: z.string().trim().max(255).optional(),
  sort: z.enum(PAYMENT_SORTS).default('due_date_desc'),
  start_date: dateField.optional(),
  end_date: dateField.optional(),
});

export type PaymentListFilters = z.infer<typeof paymentListFilters>;

export const registrationFields = z.object({
  payment_method: z.enum(PAYMENT_METHODS),
  /** Defaults to today in the school's time zone. */
  paid_date: paymentDateField.optional(),
  /** Generated when absent (`R-2026-000123`). */
  receipt_number: optionalText(50),
  notes: optionalText(5000),
});

export const monthlyChargeFields = z.object({
  month: monthField,
  due_day: z.number().int().min(1).max(31).default(10),
  dry_run: z.boolean().default(false),
});

export const monthlyChargeSchema = z.object({
  data: z.object({
    created: z.number().int(),
    skipped: z.number().int(),
    total_amount: z.number(),
  }),
});

const snapshotSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  action: z.enum(PAYMENT_AUDIT_ACTIONS),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  at: z.string(),
  before: snapshotSchema,
  after: snapshotSchema,
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;
