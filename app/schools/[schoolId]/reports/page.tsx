'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, DateRange, fieldErrorsOf, money, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { yearAgo } from '../income-chart';
import { NotAllowed, todayIn, useSchool } from '../school-context';
import { AttendanceReport } from './attendance-report';
import { FinancialReport } from './financial-report';

/**
 * The financial report (income by month, kind and method, receivables, top debtors) and,
 * over the same date range, the attendance report (by status and per class).
 */
export default function ReportsPage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const today = todayIn(school.timezone);
  const [start, setStart] = useState(() => yearAgo(today));
  const [end, setEnd] = useState(today);
  const report = useQuery({
    ...trpc.reports.financial.queryOptions({ schoolId, start_date: start, end_date: end }),
    placeholderData: keepPreviousData,
    enabled: may('reports.view') && Boolean(start && end),
    retry: false,
  });
  if (!may('reports.view')) return <NotAllowed />;
  const errors = fieldErrorsOf(report.error);
  const r = report.data?.data;
  const format = (value: number) => money(value, school.currency);
  const csv = `/api/schools/${schoolId}/reports/financial?format=csv&start_date=${start}&end_date=${end}`;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Financial report</h1>
        <Button asChild variant="outline" size="sm">
          <a href={csv} download>
            Download CSV
          </a>
        </Button>
      </div>
      <DateRange
        name="Report range"
        start={start}
        end={end}
        onStart={setStart}
        onEnd={setEnd}
        errors={errors}
      />
      {!r && <QueryState what="the report" query={report} />}
      {r && <FinancialReport r={r} format={format} />}
      {may('attendance.view') && start && end && <AttendanceReport start={start} end={end} />}
    </>
  );
}
