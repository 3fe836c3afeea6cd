import { addMonths, differenceInCalendarMonths, format, lastDayOfMonth, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import {
  competitionPayments,
  PAYMENT_METHODS,
  paymentDayTotals,
  payments,
  students,
} from '@/db/schema';
import { invalidField } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { todayIn } from '../kernel/fields/calendar';
import { toMoney } from '../kernel/records';
import { MAX_REPORT_MONTHS, type FinancialReport } from './report-schema';

/*
 * The financial report of a school over a date range (issue 5): income (paid payments by paid
 * date) by kind, month and payment method; receivables (unpaid payments by due date) and top
 * debtors. School payments and competition payments both count; every sum is SQL numeric, so
 * cents are exact.
 */

const TOP_DEBTORS = 10;

/** The range of a report: each bound defaults to the current month's (school's time zone). */
export function reportRange(
  timezone: string,
  start?: string,
  end?: string,
): { start: string; end: string } {
  const today = todayIn(timezone);
  const monthStart = `${today.slice(0, 7)}-01`;
  const range = {
    start: start ?? monthStart,
    end: end ?? format(lastDayOfMonth(parseISO(monthStart)), 'yyyy-MM-dd'),
  };
  if (range.end < range.start) {
    throw invalidField(
      'end_date',
      'The end date field must be a date after or equal to start date.',
    );
  }
  if (differenceInCalendarMonths(parseISO(range.end), parseISO(range.start)) >= MAX_REPORT_MONTHS) {
    throw invalidField('end_date', `The report may span at most ${MAX_REPORT_MONTHS} months.`);
  }
  return range;
}

type Kind = 'school_tuition' | 'school_other' | 'competition';

type IncomeRow = { month: string | null; kind: Kind | null; count: number; amount: string };
type MethodRow = { payment_method: string; count: number; amount: string };
type ReceivableRow = {
  pending_count: number;
  pending_amount: string;
  overdue_count: number;
  overdue_amount: string;
  competition_count: number;
  competition_amount: string;
};
type DebtorRow = {
  student_id: string;
  full_name: string;
  payments_count: number;
  unpaid_amount: string;
  overdue_amount: string;
};

const money = (value: string) => toMoney(value)!;

/**
 * The report in four statements whatever the size of the school. Competition payments are
 * never overdue (their states are pending, paid, cancelled, refunded), so their unpaid ones are
 * `competition_pending`; top debtors count both.
 */
export async function financialReport(
  db: Database,
  school: School,
  range: { start: string; end: string },
): Promise<FinancialReport> {
  const today = todayIn(school.timezone);
  const { start, end } = range;
  // Income and receivables are sums of the day totals (db/schema/summaries.ts, kept exact by
  // triggers): a row per day, kind, status and method instead of every payment of the range.
  const paid = sql`
    paid as (
      select day, kind, payment_method, count, amount from ${paymentDayTotals}
      where school_id = ${school.id} and status = 'paid' and day between ${start}::date and ${end}::date
    )`;
  // Top debtors need each unpaid payment's student: read from the payments themselves.
  const unpaid = sql`
    unpaid as (
      select student_id, amount, due_date < ${today}::date as overdue
      from ${payments}
      where school_id = ${school.id} and status = 'pending' and due_date between ${start}::date and ${end}::date
      union all
      select student_id, amount, false
      from ${competitionPayments}
      where school_id = ${school.id} and status = 'pending' and due_date between ${start}::date and ${end}::date
    )`;

  const [incomeRows, methodRows, [receivables], debtors] = await Promise.all([
    // Every total of the income, by month and kind, in one pass: the grouping sets give the
    // per-month, per-kind and overall sums as SQL numeric.
    queryRows<IncomeRow>(
      db,
      sql`with ${paid}
          select to_char(day, 'YYYY-MM') as month, kind, coalesce(sum(count), 0)::int as count,
                 coalesce(sum(amount), 0)::text as amount
          from paid
          group by grouping sets ((to_char(day, 'YYYY-MM'), kind), (to_char(day, 'YYYY-MM')), (kind), ())`,
    ),
    queryRows<MethodRow>(
      db,
      sql`with ${paid}
          select payment_method, sum(count)::int as count, sum(amount)::text as amount
          from paid group by payment_method`,
    ),
    queryRows<ReceivableRow>(
      db,
      sql`with pending as (
            select day < ${today}::date as overdue, kind = 'competition' as competition, count, amount
            from ${paymentDayTotals}
            where school_id = ${school.id} and status = 'pending' and day between ${start}::date and ${end}::date
          )
          select coalesce(sum(count) filter (where not competition and not overdue), 0)::int as pending_count,
                 coalesce(sum(amount) filter (where not competition and not overdue), 0)::text as pending_amount,
                 coalesce(sum(count) filter (where not competition and overdue), 0)::int as overdue_count,
                 coalesce(sum(amount) filter (where not competition and overdue), 0)::text as overdue_amount,
                 coalesce(sum(count) filter (where competition), 0)::int as competition_count,
                 coalesce(sum(amount) filter (where competition), 0)::text as competition_amount
          from pending`,
    ),
    // Summed per student first (a hash on the id), names joined to those sums only.
    queryRows<DebtorRow>(
      db,
      sql`with ${unpaid},
          owed as (
            select student_id, count(*)::int as payments_count, sum(amount) as unpaid,
                   coalesce(sum(amount) filter (where overdue), 0) as overdue
            from unpaid group by student_id
          )
          select o.student_id, s.first_name || ' ' || s.last_name as full_name, o.payments_count,
                 o.unpaid::text as unpaid_amount, o.overdue::text as overdue_amount
          from owed o
          join ${students} s on s.school_id = ${school.id} and s.id = o.student_id
          order by o.unpaid desc, full_name, o.student_id
          limit ${TOP_DEBTORS}`,
    ),
  ]);

  const cell = (month: string | null, kind: Kind | null) =>
    incomeRows.find((row) => row.month === month && row.kind === kind);
  const kindFigure = (kind: Kind | null) => {
    const row = cell(null, kind);
    return { count: row?.count ?? 0, amount: row ? money(row.amount) : 0 };
  };
  const amountOf = (month: string, kind: Kind | null) => {
    const row = cell(month, kind);
    return row ? money(row.amount) : 0;
  };
  const months = Array.from(
    { length: differenceInCalendarMonths(parseISO(end), parseISO(start)) + 1 },
    (_, i) => format(addMonths(parseISO(start), i), 'yyyy-MM'),
  );

  return {
    school: { id: school.id, name: school.name },
    start_date: start,
    end_date: end,
    currency: school.currency,
    income: {
      total: kindFigure(null),
      school_tuition: kindFigure('school_tuition'),
      school_other: kindFigure('school_other'),
      competition: kindFigure('competition'),
    },
    income_by_month: months.map((month) => ({
      month,
      school_tuition: amountOf(month, 'school_tuition'),
      school_other: amountOf(month, 'school_other'),
      competition: amountOf(month, 'competition'),
      total: amountOf(month, null),
      count: cell(month, null)?.count ?? 0,
    })),
    income_by_payment_method: PAYMENT_METHODS.map((method) => {
      const row = methodRows.find((r) => r.payment_method === method);
      return {
        payment_method: method,
        count: row?.count ?? 0,
        amount: row ? money(row.amount) : 0,
      };
    }),
    pending: { count: receivables!.pending_count, amount: money(receivables!.pending_amount) },
    overdue: { count: receivables!.overdue_count, amount: money(receivables!.overdue_amount) },
    competition_pending: {
      count: receivables!.competition_count,
      amount: money(receivables!.competition_amount),
    },
    top_debtors: debtors.map((d) => ({
      student_id: d.student_id,
      full_name: d.full_name,
      payments_count: d.payments_count,
      unpaid_amount: money(d.unpaid_amount),
      overdue_amount: money(d.overdue_amount),
    })),
  };
}
