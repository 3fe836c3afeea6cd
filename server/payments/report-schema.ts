import { z } from 'zod';
import { PAYMENT_METHODS } from '@/db/schema/payment-values';

/** The financial report of a school (GET /reports/financial) as the API answers it. Client-safe. */

/** Months a report may span: its monthly table lists every one of them. */
export const MAX_REPORT_MONTHS = 120;

const figure = z.object({ count: z.number().int(), amount: z.number() });

export const financialReportSchema = z.object({
  school: z.object({ id: z.string(), name: z.string() }),
  start_date: z.string(),
  end_date: z.string(),
  currency: z.string(),
  income: z.object({
    total: figure,
    school_tuition: figure,
    school_other: figure,
    competition: figure,
  }),
  income_by_month: z.array(
    z.object({
      month: z.string(),
      school_tuition: z.number(),
      school_other: z.number(),
      competition: z.number(),
      total: z.number(),
      count: z.number().int(),
    }),
  ),
  income_by_payment_method: z.array(
    z.object({
      payment_method: z.enum(PAYMENT_METHODS),
      count: z.number().int(),
      amount: z.number(),
    }),
  ),
  pending: figure,
  overdue: figure,
  competition_pending: figure,
  top_debtors: z.array(
    z.object({
      student_id: z.string(),
      full_name: z.string(),
      payments_count: z.number().int(),
      unpaid_amount: z.number(),
      overdue_amount: z.number(),
    }),
  ),
});

export type FinancialReport = z.infer<typeof financialReportSchema>;
