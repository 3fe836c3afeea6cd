'use client';

import { useQuery } from '@tanstack/react-query';
import type { ReceivablesReport } from '@/server/stud-finance/report-schema';
import {
  Card,
  CardTitle,
  DataTable,
  formatDate,
  QueryState,
  type ColumnDef,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useMoney } from '../finance/finance-ui';
import { useStud } from '../stud-context';
import { printTable } from './season-report';

type Row = ReceivablesReport['totals'] & { id: string; name: string };

/** What each client owes, by days past due, as of the stud's today. */
export function AgeingReportSection() {
  const { studId } = useStud();
  const trpc = useTRPC();
  const format = useMoney();
  const report = useQuery(trpc.studReports.receivables.queryOptions({ studId }));
  const r = report.data?.data;
  const rows: Row[] = r
    ? [
        ...r.clients.map((c) => ({ ...c, id: c.client.id, name: c.client.display_name })),
        { ...r.totals, id: 'totals', name: 'All clients' },
      ]
    : [];
  const amount = (key: keyof ReceivablesReport['totals'], header: string): ColumnDef<Row> => ({
    id: key,
    header,
    cell: ({ row }) => format(row.original[key]),
  });
  const columns: ColumnDef<Row>[] = [
    { accessorKey: 'name', header: 'Client', meta: { rowHeader: true } },
    { accessorKey: 'receivables', header: 'Open' },
    amount('current', 'Not yet due'),
    amount('days_1_30', '1–30 days'),
    amount('days_31_60', '31–60 days'),
    amount('days_61_90', '61–90 days'),
    amount('over_90', 'Over 90 days'),
    amount('total', 'Total'),
  ];
  return (
    <Card aria-labelledby="ageing-report-heading" className="print-category">
      <CardTitle id="ageing-report-heading">Receivables by age</CardTitle>
      {!r && <QueryState what="the receivables report" query={report} />}
      {r && <p className="mt-0 text-muted-foreground">As of {formatDate(r.as_of)}.</p>}
      {r && r.clients.length === 0 && (
        <p className="text-muted-foreground">No client owes the stud anything.</p>
      )}
      {r && r.clients.length > 0 && (
        <DataTable
          label="Receivables by age per client"
          columns={columns}
          data={rows}
          getRowId={(row) => row.id}
          className={printTable}
          rowClassName={(row) => (row.id === 'totals' ? 'font-semibold' : undefined)}
        />
      )}
    </Card>
  );
}
