import type { FinancialReport } from './report-schema';

/*
 * The financial report as CSV for accountants (issue 5): blocks separated by an empty line,
 * amounts with two decimals, UTF-8 with a BOM so that spreadsheets read accented names.
 */

/**
 * One cell. A text starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be run
 * as a formula by a spreadsheet: it is prefixed with `'` (OWASP, CSV injection). Such a cell,
 * and every cell holding a separator a spreadsheet may split on (`,`, `;`, tab), a quote or a
 * line break, is quoted: a spreadsheet that splits `Ana;=1+1` on `;` would otherwise run the
 * second half, since the formula character then starts a cell of its own.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  let text = value;
  const formula = /^[=+\-@\t\r]/.test(text);
  if (formula) text = `'${text}`;
  return formula || /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const amount = (value: number) => value.toFixed(2);

export function financialReportCsv(report: FinancialReport): { filename: string; body: string } {
  const rows: (string | number)[][] = [
    ['Financial report', report.school.name],
    ['Start date', report.start_date],
    ['End date', report.end_date],
    ['Currency', report.currency],
    [],
    ['Income', 'Count', 'Amount'],
    ['Total', report.income.total.count, amount(report.income.total.amount)],
    [
      'School tuition',
      report.income.school_tuition.count,
      amount(report.income.school_tuition.amount),
    ],
    ['School other', report.income.school_other.count, amount(report.income.school_other.amount)],
    ['Competition', report.income.competition.count, amount(report.income.competition.amount)],
    [],
    ['Month', 'School tuition', 'School other', 'Competition', 'Total', 'Count'],
    ...report.income_by_month.map((m) => [
      m.month,
      amount(m.school_tuition),
      amount(m.school_other),
      amount(m.competition),
      amount(m.total),
      m.count,
    ]),
    [],
    ['Payment method', 'Count', 'Amount'],
    ...report.income_by_payment_method.map((m) => [m.payment_method, m.count, amount(m.amount)]),
    [],
    ['Receivables', 'Count', 'Amount'],
    ['Pending', report.pending.count, amount(report.pending.amount)],
    ['Overdue', report.overdue.count, amount(report.overdue.amount)],
    [
      'Competition pending',
      report.competition_pending.count,
      amount(report.competition_pending.amount),
    ],
    [],
    ['Top debtor', 'Student ID', 'Payments', 'Unpaid amount', 'Overdue amount'],
    ...report.top_debtors.map((d) => [
      d.full_name,
      d.student_id,
      d.payments_count,
      amount(d.unpaid_amount),
      amount(d.overdue_amount),
    ]),
  ];
  const body = `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
  return { filename: `financial-report-${report.start_date}-${report.end_date}.csv`, body };
}
