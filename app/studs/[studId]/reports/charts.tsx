'use client';

import type { SeasonReport, StudFinancialReport } from '@/server/stud-finance/report-schema';
import { BarChart } from '../../../components/ui';

/*
 * The dashboard's and the reports' charts: the season's pregnancy rate per stallion (the
 * kit's bar chart), and income beside expenses by month (a grouped variant of it).
 */

export const percent = (rate: number | null) =>
  rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`;

/** The pregnancy rate per cycle of each stallion of the season, as percentages. */
export function PregnancyRateChart({ report }: { report: SeasonReport }) {
  const stallions = report.stallions.filter((s) => s.pregnancy_rate_per_cycle !== null);
  if (stallions.length === 0)
    return <p className="text-muted-foreground">No breeding cycle in {report.season} yet.</p>;
  const drawn = stallions.some((s) => (s.pregnancy_rate_per_cycle ?? 0) > 0);
  return (
    <>
      {drawn && (
        <BarChart
          label={`Pregnancy rate per cycle, ${report.season}`}
          bars={stallions.map((s) => ({
            key: s.stallion.name,
            label: s.stallion.name.slice(0, 8),
            value: Math.round((s.pregnancy_rate_per_cycle ?? 0) * 1000) / 10,
          }))}
          format={(value) => `${value}%`}
          barWidth={64}
          table={false}
        />
      )}
      {/* The figures in words, for everyone; with no pregnancy yet, no empty chart. */}
      <ul className="m-0 list-none p-0 text-sm">
        {stallions.map((s) => (
          <li key={s.stallion.id}>
            <strong>{s.stallion.name}</strong>: {percent(s.pregnancy_rate_per_cycle)} per cycle (
            {s.pregnancies} in foal of {s.cycles} {s.cycles === 1 ? 'cycle' : 'cycles'})
          </li>
        ))}
      </ul>
    </>
  );
}

type Month = StudFinancialReport['months'][number];

const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** `2025-03` → "Mar". */
export const monthName = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;

/** `2025-03` → "Mar 2025". */
export const monthText = (month: string) => `${monthName(month)} ${month.slice(0, 4)}`;

/**
 * Income and expenses of each month side by side (SVG, `role="img"`), with a legend and a
 * screen-reader table of the same figures.
 */
export function IncomeExpenseChart({
  months,
  format,
  label,
}: {
  months: Month[];
  format: (value: number) => string;
  label: string;
}) {
  const height = 160;
  const group = 48;
  const bar = 16;
  const max = Math.max(1, ...months.flatMap((m) => [m.income, m.expenses]));
  const width = Math.max(months.length, 1) * group;
  const top = (value: number) => height - Math.round((value / max) * height);
  return (
    <>
      <p className="m-0 mb-1 flex flex-wrap gap-4 text-sm" aria-hidden>
        <span>
          <span className="mr-1 inline-block size-3 rounded-sm bg-primary align-middle" />
          Income
        </span>
        <span>
          <span className="mr-1 inline-block size-3 rounded-sm bg-muted-foreground align-middle" />
          Expenses
        </span>
      </p>
      <svg
        className="max-h-56 w-full"
        viewBox={`0 0 ${width} ${height + 30}`}
        role="img"
        aria-label={`${label}, highest ${format(max)}`}
      >
        {months.map((m, i) => (
          <g key={m.month}>
            <title>{`${monthText(m.month)}: income ${format(m.income)}, expenses ${format(m.expenses)}`}</title>
            <rect
              x={i * group + 7}
              y={top(m.income)}
              width={bar}
              height={height - top(m.income)}
              className="fill-primary"
            />
            <rect
              x={i * group + 7 + bar + 2}
              y={top(m.expenses)}
              width={bar}
              height={height - top(m.expenses)}
              className="fill-muted-foreground"
            />
            <text
              x={i * group + group / 2}
              y={height + 18}
              textAnchor="middle"
              className="fill-muted-foreground text-[11px]"
            >
              {monthName(m.month)}
            </text>
          </g>
        ))}
      </svg>
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Income</th>
            <th scope="col">Expenses</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthText(m.month)}</th>
              <td>{format(m.income)}</td>
              <td>{format(m.expenses)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
