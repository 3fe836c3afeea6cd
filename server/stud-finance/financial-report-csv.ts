import { EXPENSE_CATEGORIES, INCOME_CATEGORIES } from '@/db/schema/stud-finance-values';
import { csvCell } from '../payments/financial-report-csv';
import type { StudFinancialReport } from './report-schema';

/*
 * The stud's financial report as CSV for accountants, as the school's (server/payments/
 * financial-report-csv.ts): blocks separated by an empty line, amounts with two decimals,
 * UTF-8 with a BOM, formula-like cells neutralised.
 */

/** An amount: written with two decimals as it is, since a net below zero is a number, not a formula. */
type Amount = { amount: number };
const amount = (value: number): Amount => ({ amount: value });
const cell = (value: string | number | Amount) =>
  typeof value === 'object' ? value.amount.toFixed(2) : csvCell(value);

export function studFinancialReportCsv(report: StudFinancialReport): {
  filename: string;
  body: string;
} {
  const rows: (string | number | Amount)[][] = [
    ['Financial report', report.stud.name],
    ['Start date', report.start_date],
    ['End date', report.end_date],
    ['Currency', report.currency],
    [],
    ['Income', 'Count', 'Amount'],
    ['Total', report.income.count, amount(report.income.total)],
    ...report.income.by_category.map((c) => [c.category, c.count, amount(c.amount)]),
    [],
    ['Expenses', 'Count', 'Amount'],
    ['Total', report.expenses.count, amount(report.expenses.total)],
    ...report.expenses.by_category.map((c) => [c.category, c.count, amount(c.amount)]),
    [],
    ['Net', amount(report.net)],
    [],
    [
      'Month',
      'Income',
      'Expenses',
      'Net',
      ...INCOME_CATEGORIES.map((category) => `Income ${category}`),
      ...EXPENSE_CATEGORIES.map((category) => `Expenses ${category}`),
    ],
    ...report.months.map((m) => [
      m.month,
      amount(m.income),
      amount(m.expenses),
      amount(m.net),
      ...INCOME_CATEGORIES.map((category) => amount(m.income_by_category[category])),
      ...EXPENSE_CATEGORIES.map((category) => amount(m.expenses_by_category[category])),
    ]),
  ];
  const body = `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
  return { filename: `stud-financial-report-${report.start_date}-${report.end_date}.csv`, body };
}
