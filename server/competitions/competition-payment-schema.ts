import { z } from 'zod';
import {
  COMPETITION_PAYMENT_METHODS,
  COMPETITION_PAYMENT_STATUSES,
  FEE_CONCEPTS,
} from '@/db/schema/competition-values';
import { fieldMessage } from '../kernel/validation';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, moneyField, optionalText } from '../kernel/fields/record-fields';
import { competitionIdInput } from './competition-schema';

/*
 * A competition payment (spec 2.6, 4.4) as the API takes and answers it. Client-safe (zod
 * only): the competition page takes its payment value lists from here.
 */

export { COMPETITION_PAYMENT_METHODS, COMPETITION_PAYMENT_STATUSES };

export const competitionPaymentIdInput = competitionIdInput.extend({ paymentId: pathId });

/** GET payments filters. */
export const competitionPaymentListFilters = z.object({
  status: z.enum(COMPETITION_PAYMENT_STATUSES).optional(),
  concept: z.enum(FEE_CONCEPTS).optional(),
  student_id: z.uuid().optional(),
});

export type CompetitionPaymentListFilters = z.infer<typeof competitionPaymentListFilters>;

export const competitionPaymentFields = z.object({
  entry_id: z.uuid().nullable().optional(),
  student_id: z.uuid().optional(),
  concept: z.enum(FEE_CONCEPTS),
  concept_detail: optionalText(255),
  amount: moneyField,
  /** Defaults to the competition's date. */
  due_date: calendarDateField.optional(),
  notes: optionalText(5000),
});

/** POST: the student may be left out when the payment is for an entry (it is the entry's). */
export function requireStudentOrEntry(
  input: { entry_id?: string | null; student_id?: string },
  ctx: z.RefinementCtx,
): void {
  if (!input.entry_id && input.student_id === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['student_id'],
      message: fieldMessage('field is required when entry id is not present.'),
    });
  }
}

/** PUT: any payment field, the status and the registration fields included. */
export const competitionPaymentUpdateFields = competitionPaymentFields.partial().extend({
  status: z.enum(COMPETITION_PAYMENT_STATUSES).optional(),
  payment_method: z.enum(COMPETITION_PAYMENT_METHODS).nullable().optional(),
  paid_date: calendarDateField.nullable().optional(),
  receipt_number: optionalText(100),
});

/** POST pay (spec 2.6 "Competition payment registration"). */
export const competitionPaymentRegistrationFields = z.object({
  payment_method: z.enum(COMPETITION_PAYMENT_METHODS),
  /** Defaults to today in the school's time zone. */
  paid_date: calendarDateField.optional(),
  receipt_number: optionalText(100),
  notes: optionalText(5000),
});

export const competitionPaymentSchema = z.object({
  id: z.string(),
  competition_id: z.string(),
  entry_id: z.string().nullable(),
  student_id: z.string(),
  student: z.object({ id: z.string(), full_name: z.string() }),
  horse_id: z.string().nullable(),
  concept: z.enum(FEE_CONCEPTS),
  concept_detail: z.string().nullable(),
  amount: z.number(),
  due_date: z.string(),
  status: z.enum(COMPETITION_PAYMENT_STATUSES),
  payment_method: z.enum(COMPETITION_PAYMENT_METHODS).nullable(),
  paid_date: z.string().nullable(),
  receipt_number: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type CompetitionPayment = z.infer<typeof competitionPaymentSchema>;
export type CompetitionPaymentInput = z.infer<typeof competitionPaymentFields>;
export type CompetitionPaymentChange = z.infer<typeof competitionPaymentUpdateFields>;
export type CompetitionPaymentRegistration = z.infer<typeof competitionPaymentRegistrationFields>;

/** Figures of competition payments: expected, paid, pending, by concept and by status. */
export const paymentSummarySchema = z.object({
  total_expected: z.number(),
  total_paid: z.number(),
  total_pending: z.number(),
  by_concept: z
    .array(
      z.object({
        concept: z.enum(FEE_CONCEPTS),
        total: z.number(),
        paid: z.number(),
        pending: z.number(),
        count: z.number().int(),
      }),
    )
    .describe(
      'Concepts that have expected payments, in the order of the concept list; `count` counts the expected payments.',
    ),
  by_status: z
    .array(
      z.object({
        status: z.enum(COMPETITION_PAYMENT_STATUSES),
        count: z.number().int(),
        amount: z.number(),
      }),
    )
    .describe('Every status, in the order pending, paid, cancelled, refunded.'),
});

export type PaymentSummary = z.infer<typeof paymentSummarySchema>;
