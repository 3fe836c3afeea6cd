'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { todayIn } from '@/server/kernel/fields/calendar';
import type { SeasonReport } from '@/server/stud-finance/report-schema';
import {
  Card,
  CardTitle,
  DataTable,
  Label,
  NativeSelect,
  QueryState,
  type ColumnDef,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';
import { percent, PregnancyRateChart } from './charts';

type Row = SeasonReport['totals'] & { id: string; name: string };

/** The seasons to choose from: this year, the next, and the four before. */
function seasonsAround(year: number) {
  return Array.from({ length: 6 }, (_, i) => String(year + 1 - i));
}

export const printTable = 'print:overflow-visible';

/** Per stallion: mares booked and bred, cycles, pregnancy rates, losses, foals, doses shipped. */
export function SeasonReportSection() {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const selectId = useId();
  const year = Number(todayIn(stud.timezone).slice(0, 4));
  const [season, setSeason] = useState(String(year));
  const report = useQuery({
    ...trpc.studReports.season.queryOptions({ studId, season }),
    placeholderData: keepPreviousData,
  });
  const r = report.data?.data;
  const rows: Row[] = r
    ? [
        ...r.stallions.map((s) => ({ ...s, id: s.stallion.id, name: s.stallion.name })),
        { ...r.totals, id: 'totals', name: 'All stallions' },
      ]
    : [];
  const columns: ColumnDef<Row>[] = [
    { accessorKey: 'name', header: 'Stallion', meta: { rowHeader: true } },
    { accessorKey: 'mares_booked', header: 'Mares booked' },
    { accessorKey: 'mares_bred', header: 'Mares bred' },
    { accessorKey: 'cycles', header: 'Cycles' },
    { accessorKey: 'pregnancies', header: 'In foal' },
    {
      id: 'per_cycle',
      header: 'Rate per cycle',
      cell: ({ row }) => percent(row.original.pregnancy_rate_per_cycle),
    },
    {
      id: 'per_mare',
      header: 'Rate per mare',
      cell: ({ row }) => percent(row.original.pregnancy_rate_per_mare),
    },
    { accessorKey: 'losses', header: 'Losses' },
    { accessorKey: 'live_foals', header: 'Live foals' },
    { accessorKey: 'doses_shipped', header: 'Doses shipped' },
  ];
  return (
    <Card aria-labelledby="season-heading" className="print-category">
      <CardTitle id="season-heading">Season {season}</CardTitle>
      <div className="no-print mb-3 w-full max-w-xs">
        <Label htmlFor={selectId}>Season</Label>
        <NativeSelect id={selectId} value={season} onChange={(e) => setSeason(e.target.value)}>
          {seasonsAround(year).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </div>
      {!r && <QueryState what="the season report" query={report} />}
      {r && r.stallions.length === 0 && (
        <p className="text-muted-foreground">No stallion had a booking in {r.season}.</p>
      )}
      {r && r.stallions.length > 0 && (
        <>
          <DataTable
            label={`Season ${r.season} per stallion`}
            columns={columns}
            data={rows}
            getRowId={(row) => row.id}
            busy={report.isFetching}
            className={printTable}
            rowClassName={(row) => (row.id === 'totals' ? 'font-semibold' : undefined)}
          />
          <h3 className="mt-4 mb-1 text-base">Pregnancy rate per cycle</h3>
          <PregnancyRateChart report={r} />
        </>
      )}
    </Card>
  );
}
