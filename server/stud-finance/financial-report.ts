import { addMonths, differenceInCalendarMonths, format, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { EXPENSE_CATEGORIES, INCOME_CATEGORIES } from '@/db/schema';
import { todayIn } from '../kernel/fields/calendar';
import type { Organization } from '../kernel/trpc/init';
import { reportRange } from '../payments/financial-report';
import type { StudFinancialReport } from './report-schema';

/*
 * The stud's financial report (B.10): income entries and expenses dated in a range, by
 * category and by month, and the net. Every sum, differences included, is SQL numeric, so
 * cents are exact.
 */

/**
 * The report's range: from the first day of the stud's current year to its today unless given;
 * the school report's checks (end not before start, at most `MAX_REPORT_MONTHS` months) → 422
 * on `end_date`.
 */
export function studReportRange(timezone: string, start?: string, end?: string) {
  const today = todayIn(timezone);
  return reportRange(timezone, start ?? `${today.slice(0, 4)}-01-01`, end ?? today);
}

type Side = 'income' | 'expense';

/** A cell of the grouping sets: a null side is a net, a null month or category a subtotal. */
type Cell = {
  side: Side | null;
  month: string | null;
  category: string | null;
  count: number;
  amount: number;
  net: number;
};

/** The report in one statement whatever the size of the stud. */
export async function studFinancialReport(
  db: Database,
  stud: Organization,
  range: { start: string; end: string },
): Promise<StudFinancialReport> {
  const { start, end } = range;
  const cells = await queryRows<Cell>(
    db,
    sql`
      with entries as (
        select 'income' as side, to_char(date, 'YYYY-MM') as month, category, amount, amount as signed
          from stud_income
         where stud_id = ${stud.id} and date between ${start}::date and ${end}::date
        union all
        select 'expense', to_char(date, 'YYYY-MM'), category, amount, -amount
          from stud_expenses
         where stud_id = ${stud.id} and date between ${start}::date and ${end}::date
      )
      select side, month, category, count(*)::int as count,
             sum(amount)::float8 as amount, sum(signed)::float8 as net
        from entries
       group by grouping sets ((side, month, category), (side, month), (side, category), (side),
                               (month), ())
    `,
  );
  const cell = (side: Side | null, month: string | null, category: string | null) =>
    cells.find((c) => c.side === side && c.month === month && c.category === category);
  const amountOf = (side: Side, month: string | null, category: string | null) =>
    cell(side, month, category)?.amount ?? 0;
  const byCategory = <C extends string>(side: Side, categories: readonly C[]) =>
    categories.map((category) => ({
      category,
      amount: amountOf(side, null, category),
      count: cell(side, null, category)?.count ?? 0,
    }));
  const perCategory = <C extends string>(side: Side, month: string, categories: readonly C[]) =>
    Object.fromEntries(
      categories.map((category) => [category, amountOf(side, month, category)]),
    ) as Record<C, number>;
  const months = Array.from(
    { length: differenceInCalendarMonths(parseISO(end), parseISO(start)) + 1 },
    (_, i) => format(addMonths(parseISO(start), i), 'yyyy-MM'),
  );

  return {
    stud: { id: stud.id, name: stud.name },
    start_date: start,
    end_date: end,
    currency: stud.currency,
    income: {
      total: amountOf('income', null, null),
      count: cell('income', null, null)?.count ?? 0,
      by_category: byCategory('income', INCOME_CATEGORIES),
    },
    expenses: {
      total: amountOf('expense', null, null),
      count: cell('expense', null, null)?.count ?? 0,
      by_category: byCategory('expense', EXPENSE_CATEGORIES),
    },
    net: cell(null, null, null)?.net ?? 0,
    months: months.map((month) => ({
      month,
      income: amountOf('income', month, null),
      expenses: amountOf('expense', month, null),
      net: cell(null, month, null)?.net ?? 0,
      income_by_category: perCategory('income', month, INCOME_CATEGORIES),
      expenses_by_category: perCategory('expense', month, EXPENSE_CATEGORIES),
    })),
  };
}
