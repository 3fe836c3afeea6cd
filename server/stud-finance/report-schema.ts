import { z } from 'zod';
import {
  AGEING_BUCKETS,
  EXPENSE_CATEGORIES,
  INCOME_CATEGORIES,
} from '@/db/schema/stud-finance-values';
import { calendarDateField } from '../kernel/fields/record-fields';
import { studIdInput } from '../studs/tenant';

/*
 * The stud's dashboard and reports (DESIGN-MODULES B.10), as the API answers them. Client-safe
 * (zod only): the dashboard and report pages read these types.
 */

export { AGEING_BUCKETS };

const named = z.object({ id: z.string(), name: z.string() });
const client = z.object({ id: z.string(), display_name: z.string() });

/** GET /dashboard: the school dashboard's pattern. */
export const studDashboardSchema = z.object({
  stats: z.object({
    horses: z.object({
      total: z.number().int(),
      stallions: z.number().int(),
      mares: z.number().int(),
      foals: z.number().int(),
    }),
    /** This season's (the stud's current year) reservations by state. */
    reservations: z.object({
      requested: z.number().int(),
      confirmed: z.number().int(),
      in_progress: z.number().int(),
      pregnant: z.number().int(),
    }),
  }),
  today: z.object({
    /** Open tasks due today or before. */
    tasks_due: z.number().int(),
    /** Suggested pregnancy checks due today or before and not done. */
    checks_due: z.number().int(),
    foalings_next_30_days: z.number().int(),
  }),
  finances: z.object({
    /** Income entries dated this calendar month (stud's time zone). */
    month_income: z.number(),
    /** Open receivables (pending or partially paid). */
    pending_receivables: z.number().int(),
    /** What is outstanding on them. */
    pending_amount: z.number(),
  }),
});

export type StudDashboard = z.infer<typeof studDashboardSchema>;

export const seasonReportInput = studIdInput.extend({
  /** Default: the stud's current year. */
  season: z.string().trim().min(1).max(20).optional(),
});

const seasonFigures = z.object({
  /** Reservations booked (confirmed to completed, and failed). */
  mares_booked: z.number().int(),
  /** Distinct mares with a breeding event. */
  mares_bred: z.number().int(),
  /** Breeding cycles: the pregnancies the breedings opened. */
  cycles: z.number().int(),
  /** Cycles confirmed in foal (confirmed, later lost or foaled). */
  pregnancies: z.number().int(),
  /** pregnancies / cycles, 0–1 with 4 decimals; null without cycles. */
  pregnancy_rate_per_cycle: z.number().nullable(),
  /** Mares confirmed in foal / mares bred; null without mares bred. */
  pregnancy_rate_per_mare: z.number().nullable(),
  /** Pregnancies lost, and births without a live foal. */
  losses: z.number().int(),
  live_foals: z.number().int(),
  /** Doses of shipments shipped, delivered or returned. */
  doses_shipped: z.number().int(),
});

export const seasonReportSchema = z.object({
  season: z.string(),
  stallions: z.array(seasonFigures.extend({ stallion: named })),
  totals: seasonFigures,
});

export type SeasonReport = z.infer<typeof seasonReportSchema>;

export const dateRangeInput = studIdInput.extend({
  start_date: calendarDateField.optional(),
  end_date: calendarDateField.optional(),
});

const categoryLine = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object({ category: z.enum(values), amount: z.number(), count: z.number().int() });

export const financialReportInput = dateRangeInput.extend({
  format: z.enum(['json', 'csv']).optional(),
});

/** GET /reports/financial: every category and every month of the range, zeros included. */
export const studFinancialReportSchema = z.object({
  stud: z.object({ id: z.string(), name: z.string() }),
  /** Default: the first day of the stud's current year. */
  start_date: z.string(),
  /** Default: the stud's today. */
  end_date: z.string(),
  currency: z.string(),
  income: z.object({
    total: z.number(),
    count: z.number().int(),
    by_category: z.array(categoryLine(INCOME_CATEGORIES)),
  }),
  expenses: z.object({
    total: z.number(),
    count: z.number().int(),
    by_category: z.array(categoryLine(EXPENSE_CATEGORIES)),
  }),
  /** income.total − expenses.total. */
  net: z.number(),
  months: z.array(
    z.object({
      /** `YYYY-MM`. */
      month: z.string(),
      income: z.number(),
      expenses: z.number(),
      net: z.number(),
      income_by_category: z.record(z.enum(INCOME_CATEGORIES), z.number()),
      expenses_by_category: z.record(z.enum(EXPENSE_CATEGORIES), z.number()),
    }),
  ),
});

export type StudFinancialReport = z.infer<typeof studFinancialReportSchema>;

const ageing = z.object({
  current: z.number(),
  days_1_30: z.number(),
  days_31_60: z.number(),
  days_61_90: z.number(),
  over_90: z.number(),
  total: z.number(),
});

/** GET /reports/receivables: what is outstanding per client by days past due. */
export const receivablesReportSchema = z.object({
  /** The stud's today. */
  as_of: z.string(),
  clients: z.array(ageing.extend({ client, receivables: z.number().int() })),
  totals: ageing.extend({ receivables: z.number().int() }),
});

export type ReceivablesReport = z.infer<typeof receivablesReportSchema>;

/** GET /reports/foaling: open pregnancies due in the range, soonest first. */
export const foalingReportSchema = z.object({
  /** Default: the stud's today. */
  start_date: z.string(),
  /** Default: 90 days after the start. */
  end_date: z.string(),
  foalings: z.array(
    z.object({
      pregnancy_id: z.string(),
      mare: named,
      stallion: named,
      /** The mare's owner (the reservation's client); null for the stud's own mare. */
      owner: client.nullable(),
      reservation_id: z.string().nullable(),
      status: z.string(),
      base_date: z.string(),
      due_date: z.string(),
      window_start: z.string(),
      window_end: z.string(),
      /** Days of gestation today. */
      day: z.number().int(),
      twins: z.boolean(),
    }),
  ),
});

export type FoalingReport = z.infer<typeof foalingReportSchema>;
