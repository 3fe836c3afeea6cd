'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import {
  BarChart,
  Card,
  DataTable,
  Empty,
  humanize,
  plural,
  QueryState,
  type ColumnDef,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';

type ClassRow = inferRouterOutputs<AppRouter>['attendance']['report']['data']['by_class'][number];

const STATUSES = ['present', 'late', 'absent', 'excused'] as const;
const count = (value: number) => String(value);
const percent = (value: number) => `${value}%`;

const columns: ColumnDef<ClassRow>[] = [
  { accessorKey: 'class_name', header: 'Class', meta: { rowHeader: true } },
  ...STATUSES.map((status): ColumnDef<ClassRow> => ({
    accessorKey: status,
    header: humanize(status),
    meta: { className: 'hidden sm:table-cell' },
  })),
  { accessorKey: 'records', header: 'Records' },
  { id: 'rate', header: 'Rate', cell: ({ row }) => percent(row.original.attendance_rate) },
];

/** Attendance over the range: how many of each status, and the rate of each class. */
export function AttendanceReport({ start, end }: { start: string; end: string }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const report = useQuery({
    ...trpc.attendance.report.queryOptions({ schoolId, start_date: start, end_date: end }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const a = report.data?.data;
  return (
    <section aria-labelledby="attendance-heading">
      <h2 id="attendance-heading">Attendance report</h2>
      {!a && <QueryState what="the attendance report" query={report} />}
      {a && a.totals.records === 0 && <Empty>No attendance recorded in this range.</Empty>}
      {a && a.totals.records > 0 && (
        <>
          <div className="grid gap-x-3 sm:grid-cols-2">
            <Card aria-labelledby="by-status-heading">
              <h3 id="by-status-heading" className="mt-0">
                By status
              </h3>
              <p className="text-muted-foreground">
                {plural(a.totals.records, 'record')}, attendance rate{' '}
                {percent(a.totals.attendance_rate)}
              </p>
              <BarChart
                label="Attendance records by status"
                bars={STATUSES.map((status) => ({
                  key: humanize(status),
                  label: humanize(status),
                  value: a.totals[status],
                }))}
                format={count}
              />
            </Card>
            <Card aria-labelledby="by-class-heading">
              <h3 id="by-class-heading" className="mt-0">
                Rate per class
              </h3>
              <BarChart
                label="Attendance rate per class"
                bars={a.by_class.map((c) => ({
                  key: c.class_name,
                  label: c.class_name.length > 6 ? `${c.class_name.slice(0, 5)}…` : c.class_name,
                  value: c.attendance_rate,
                }))}
                format={percent}
              />
            </Card>
          </div>
          <DataTable
            className="mb-3 rounded-lg border border-border bg-card p-4"
            label="Attendance per class"
            columns={columns}
            data={a.by_class}
            getRowId={(c) => c.class_id}
          />
        </>
      )}
    </section>
  );
}
