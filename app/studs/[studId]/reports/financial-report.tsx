'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { todayIn } from '@/server/kernel/fields/calendar';
import type { StudFinancialReport } from '@/server/stud-finance/report-schema';
import {
  Button,
  Card,
  CardTitle,
  DataTable,
  fieldErrorsOf,
  formatDate,
  humanize,
  plural,
  QueryState,
  Stat,
  StatGrid,
  type ColumnDef,
  DateRange,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';
import { useMoney } from '../finance/finance-ui';
import { IncomeExpenseChart, monthText } from './charts';
import { printTable } from './season-report';

type Line = { category: string; amount: number; count: number };
type Month = StudFinancialReport['months'][number];

/** Income and expenses of a range (this year to today at first) by category and month. */
export function FinancialReportSection() {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const format = useMoney();
  const today = todayIn(stud.timezone);
  const [start, setStart] = useState(`${today.slice(0, 4)}-01-01`);
  const [end, setEnd] = useState(today);
  const report = useQuery({
    ...trpc.studReports.financial.queryOptions({ studId, start_date: start, end_date: end }),
    placeholderData: keepPreviousData,
    enabled: Boolean(start && end),
    retry: false,
  });
  const r = report.data?.data;
  const csv = `/api/studs/${studId}/reports/financial?format=csv&start_date=${start}&end_date=${end}`;
  const lineColumns: ColumnDef<Line>[] = [
    {
      id: 'category',
      header: 'Category',
      meta: { rowHeader: true },
      cell: ({ row }) => humanize(row.original.category),
    },
    { accessorKey: 'count', header: 'Entries' },
    { id: 'amount', header: 'Amount', cell: ({ row }) => format(row.original.amount) },
  ];
  const monthColumns: ColumnDef<Month>[] = [
    {
      id: 'month',
      header: 'Month',
      meta: { rowHeader: true },
      cell: ({ row }) => monthText(row.original.month),
    },
    { id: 'income', header: 'Income', cell: ({ row }) => format(row.original.income) },
    { id: 'expenses', header: 'Expenses', cell: ({ row }) => format(row.original.expenses) },
    { id: 'net', header: 'Net', cell: ({ row }) => format(row.original.net) },
  ];
  return (
    <Card aria-labelledby="financial-heading" className="print-category">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="financial-heading">Income and expenses</CardTitle>
        <Button asChild variant="outline" size="sm" className="no-print mb-3">
          <a href={csv} download>
            Download CSV
          </a>
        </Button>
      </div>
      <DateRange
        name="Financial report range"
        start={start}
        end={end}
        onStart={setStart}
        onEnd={setEnd}
        errors={fieldErrorsOf(report.error)}
      />
      {!r && <QueryState what="the financial report" query={report} />}
      {r && (
        <>
          <StatGrid>
            <Stat
              label="Income"
              value={format(r.income.total)}
              note={plural(r.income.count, 'entry', 'entries')}
            />
            <Stat
              label="Expenses"
              value={format(r.expenses.total)}
              note={plural(r.expenses.count, 'entry', 'entries')}
            />
            <Stat
              label="Net"
              value={format(r.net)}
              note={`${formatDate(r.start_date)} to ${formatDate(r.end_date)}`}
            />
          </StatGrid>
          <IncomeExpenseChart
            months={r.months}
            format={format}
            label="Income and expenses per month"
          />
          <div className="grid gap-x-4 lg:grid-cols-2">
            <DataTable
              caption="Income by category"
              columns={lineColumns}
              data={r.income.by_category}
              getRowId={(l) => l.category}
              className={printTable}
            />
            <DataTable
              caption="Expenses by category"
              columns={lineColumns}
              data={r.expenses.by_category}
              getRowId={(l) => l.category}
              className={printTable}
            />
          </div>
          <DataTable
            caption="By month"
            columns={monthColumns}
            data={r.months}
            getRowId={(m) => m.month}
            className={printTable}
          />
        </>
      )}
    </Card>
  );
}
