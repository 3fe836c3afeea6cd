import { z } from 'zod';
import { PAYMENT_METHODS } from '@/db/schema/payment-values';
import { RECEIVABLE_KINDS, STUD_PAYMENT_STATUSES } from '@/db/schema/stud-finance-values';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { paginationInput } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';
import { positiveAmount } from './receivable-schema';

/* A payment received against a receivable (DESIGN-MODULES B.9). Client-safe (zod only). */

export { PAYMENT_METHODS, STUD_PAYMENT_STATUSES };

export const PAYMENTS_PER_PAGE = 25;

export const paymentFields = z.object({
  receivable_id: z.uuid(),
  /** At most what is outstanding (422). */
  amount: positiveAmount,
  /** Default: the stud's today; not after it. */
  paid_date: calendarDateField.optional(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** Default: the next `R-YYYY-NNNNNN` of the stud; unique per stud (422). */
  receipt_number: z.string().trim().min(1).max(50).optional(),
  notes: optionalText(2000),
});

export type PaymentFields = z.infer<typeof paymentFields>;

export const paymentIdInput = studIdInput.extend({ paymentId: pathId });

export const voidFields = z.object({ reason: optionalText(500) });

export const paymentFilters = paginationInput(PAYMENTS_PER_PAGE).extend({
  receivable_id: z.uuid().optional(),
  client_id: z.uuid().optional(),
  status: z.enum(STUD_PAYMENT_STATUSES).optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  from: calendarDateField.optional(),
  to: calendarDateField.optional(),
});

export type PaymentFilters = z.infer<typeof paymentFilters>;

export const paymentSchema = z.object({
  id: z.string(),
  receivable_id: z.string(),
  receivable: z.object({
    id: z.string(),
    kind: z.enum(RECEIVABLE_KINDS),
    description: z.string(),
    client: z.object({ id: z.string(), display_name: z.string() }),
  }),
  amount: z.number(),
  paid_date: z.string(),
  payment_method: z.enum(PAYMENT_METHODS),
  receipt_number: z.string(),
  notes: z.string().nullable(),
  status: z.enum(STUD_PAYMENT_STATUSES),
  /** The income entry the payment wrote; null once voided. */
  income_id: z.string().nullable(),
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type StudPayment = z.infer<typeof paymentSchema>;
