'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addDaysTo, todayIn } from '@/server/kernel/fields/calendar';
import type { FoalingReport } from '@/server/stud-finance/report-schema';
import {
  Card,
  CardTitle,
  DataTable,
  dateColumn,
  fieldErrorsOf,
  formatDate,
  QueryState,
  type ColumnDef,
  DateRange,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';
import { printTable } from './season-report';

type Foaling = FoalingReport['foalings'][number];

/** The foalings expected in a range (the next 90 days at first), soonest first. */
export function FoalingReportSection() {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const today = todayIn(stud.timezone);
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState(addDaysTo(today, 90));
  const report = useQuery({
    ...trpc.studReports.foaling.queryOptions({ studId, start_date: start, end_date: end }),
    placeholderData: keepPreviousData,
    enabled: Boolean(start && end),
    retry: false,
  });
  const r = report.data?.data;
  const columns: ColumnDef<Foaling>[] = [
    {
      ...dateColumn<Foaling>('due_date', 'Due'),
      meta: { rowHeader: true, className: 'whitespace-nowrap' },
    },
    {
      id: 'mare',
      header: 'Mare',
      cell: ({ row }) => `${row.original.mare.name}${row.original.twins ? ' (twins)' : ''}`,
    },
    { id: 'stallion', header: 'Stallion', cell: ({ row }) => row.original.stallion.name },
    {
      id: 'owner',
      header: 'Owner',
      cell: ({ row }) => row.original.owner?.display_name ?? 'The stud',
    },
    {
      id: 'window',
      header: 'Window',
      cell: ({ row }) =>
        `${formatDate(row.original.window_start)} to ${formatDate(row.original.window_end)}`,
    },
    { accessorKey: 'day', header: 'Day of gestation' },
  ];
  return (
    <Card aria-labelledby="foaling-heading" className="print-category">
      <CardTitle id="foaling-heading">Expected foalings</CardTitle>
      <DateRange
        name="Foaling report range"
        start={start}
        end={end}
        onStart={setStart}
        onEnd={setEnd}
        errors={fieldErrorsOf(report.error)}
      />
      {!r && <QueryState what="the foaling report" query={report} />}
      {r && r.foalings.length === 0 && (
        <p className="text-muted-foreground">
          No foaling expected from {formatDate(r.start_date)} to {formatDate(r.end_date)}.
        </p>
      )}
      {r && r.foalings.length > 0 && (
        <DataTable
          label="Expected foalings"
          columns={columns}
          data={r.foalings}
          getRowId={(f) => f.pregnancy_id}
          busy={report.isFetching}
          className={printTable}
        />
      )}
    </Card>
  );
}
