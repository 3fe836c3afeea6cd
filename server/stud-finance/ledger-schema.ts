import { z } from 'zod';
import { PAYMENT_METHODS } from '@/db/schema/payment-values';
import { EXPENSE_CATEGORIES, INCOME_CATEGORIES } from '@/db/schema/stud-finance-values';
import { pathId } from '../kernel/fields/params';
import { calendarDateField, optionalText } from '../kernel/fields/record-fields';
import { paginationInput } from '../kernel/trpc/pagination';
import { studIdInput } from '../studs/tenant';
import { positiveAmount } from './receivable-schema';

/*
 * The stud's income and expenses (DESIGN-MODULES B.9). Client-safe (zod only): the finance
 * pages validate with these.
 */

export { EXPENSE_CATEGORIES, INCOME_CATEGORIES };

export const LEDGER_PER_PAGE = 25;

export const incomeFields = z.object({
  /** Default: the stud's today. */
  date: calendarDateField.optional(),
  category: z.enum(INCOME_CATEGORIES),
  amount: positiveAmount,
  description: optionalText(300),
  /** A client of the stud (422 otherwise). */
  client_id: z.uuid().nullable().optional(),
  /** A horse of the stud (422 otherwise). */
  horse_id: z.uuid().nullable().optional(),
});

export type IncomeFields = z.infer<typeof incomeFields>;

export const incomeIdInput = studIdInput.extend({ incomeId: pathId });

export const incomeFilters = paginationInput(LEDGER_PER_PAGE).extend({
  category: z.enum(INCOME_CATEGORIES).optional(),
  client_id: z.uuid().optional(),
  horse_id: z.uuid().optional(),
  from: calendarDateField.optional(),
  to: calendarDateField.optional(),
});

export type IncomeFilters = z.infer<typeof incomeFilters>;

const named = z.object({ id: z.string(), name: z.string() });

export const incomeSchema = z.object({
  id: z.string(),
  date: z.string(),
  category: z.enum(INCOME_CATEGORIES),
  amount: z.number(),
  description: z.string().nullable(),
  client_id: z.string().nullable(),
  client: z.object({ id: z.string(), display_name: z.string() }).nullable(),
  horse_id: z.string().nullable(),
  horse: named.nullable(),
  /** Set on an entry a payment wrote: it is read-only (PUT and DELETE → 409). */
  payment_id: z.string().nullable(),
  receipt_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Income = z.infer<typeof incomeSchema>;

export const expenseFields = z.object({
  /** Default: the stud's today. */
  date: calendarDateField.optional(),
  category: z.enum(EXPENSE_CATEGORIES),
  amount: positiveAmount,
  supplier: optionalText(200),
  description: optionalText(300),
  /** A horse of the stud (422 otherwise). */
  horse_id: z.uuid().nullable().optional(),
  payment_method: z.enum(PAYMENT_METHODS).nullable().optional(),
});

export type ExpenseFields = z.infer<typeof expenseFields>;

export const expenseIdInput = studIdInput.extend({ expenseId: pathId });

export const expenseFilters = paginationInput(LEDGER_PER_PAGE).extend({
  category: z.enum(EXPENSE_CATEGORIES).optional(),
  horse_id: z.uuid().optional(),
  from: calendarDateField.optional(),
  to: calendarDateField.optional(),
  /** Supplier or description contains (case- and accent-insensitive as the other searches). */
  search: z.string().trim().max(100).optional(),
});

export type ExpenseFilters = z.infer<typeof expenseFilters>;

export const expenseSchema = z.object({
  id: z.string(),
  date: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  amount: z.number(),
  supplier: z.string().nullable(),
  description: z.string().nullable(),
  horse_id: z.string().nullable(),
  horse: named.nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  /** The medical record that booked it (`record_expense`), if any. */
  medical_record_id: z.string().nullable(),
  /** Upload with the stud's media routes, `subject_type: expense`. */
  receipts: z.array(z.object({ id: z.string(), filename: z.string(), content_type: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Expense = z.infer<typeof expenseSchema>;
