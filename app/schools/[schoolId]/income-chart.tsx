'use client';

import { useQuery } from '@tanstack/react-query';
import { BarChart, Card, CardTitle, money, QueryState } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { monthLabel, periodLabel } from './payments/payment-labels';
import { todayIn, useSchool } from './school-context';

/** The first day of the month eleven months before `today`'s. */
export function yearAgo(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
}

/** Income of the eleven months before this one, and this one up to today. */
export function IncomeChart() {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const today = todayIn(school.timezone);
  const report = useQuery(
    trpc.reports.financial.queryOptions({ schoolId, start_date: yearAgo(today), end_date: today }),
  );
  const months = report.data?.data.income_by_month ?? [];
  return (
    <Card aria-labelledby="income-heading">
      <CardTitle id="income-heading">Income, last 12 months</CardTitle>
      <QueryState what="the income" query={report} />
      {months.length > 0 && (
        <BarChart
          label="Income per month"
          bars={months.map((m) => ({
            key: periodLabel(m.month),
            label: monthLabel(m.month),
            value: m.total,
          }))}
          format={(value) => money(value, school.currency)}
        />
      )}
    </Card>
  );
}
