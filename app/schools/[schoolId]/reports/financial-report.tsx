'use client';

import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import {
  BarChart,
  Card,
  CardTitle,
  DataTable,
  DetailList,
  plural,
  Stat,
  StatGrid,
  type ColumnDef,
} from '../../../components/ui';
import { methodLabel, monthLabel, periodLabel } from '../payments/payment-labels';

type Report = inferRouterOutputs<AppRouter>['reports']['financial']['data'];
type Debtor = Report['top_debtors'][number];

/** The financial report's figures: totals, income by month, kind and method, top debtors. */
export function FinancialReport({ r, format }: { r: Report; format: (value: number) => string }) {
  const debtorColumns: ColumnDef<Debtor>[] = [
    { accessorKey: 'full_name', header: 'Student' },
    { id: 'unpaid', header: 'Unpaid', cell: ({ row }) => format(row.original.unpaid_amount) },
    { id: 'overdue', header: 'Overdue', cell: ({ row }) => format(row.original.overdue_amount) },
    { accessorKey: 'payments_count', header: 'Payments' },
  ];
  return (
    <>
      <StatGrid>
        <Stat
          label="Income"
          value={format(r.income.total.amount)}
          note={plural(r.income.total.count, 'payment')}
        />
        <Stat
          label="Not yet due"
          value={format(r.pending.amount)}
          note={`${plural(r.pending.count, 'charge')} due in this range`}
        />
        <Stat
          label="Overdue"
          value={format(r.overdue.amount)}
          note={`${plural(r.overdue.count, 'charge')} past due`}
        />
        <Stat
          label="Competitions unpaid"
          value={format(r.competition_pending.amount)}
          note={plural(r.competition_pending.count, 'payment')}
        />
      </StatGrid>
      <Card aria-labelledby="by-month-heading">
        <CardTitle id="by-month-heading">Income by month</CardTitle>
        <BarChart
          label="Income per month"
          bars={r.income_by_month.map((m) => ({
            key: periodLabel(m.month),
            label: monthLabel(m.month),
            value: m.total,
          }))}
          format={format}
        />
      </Card>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Card aria-labelledby="by-kind-heading">
          <CardTitle id="by-kind-heading">By kind</CardTitle>
          <DetailList>
            <dt>Tuition</dt>
            <dd>{format(r.income.school_tuition.amount)}</dd>
            <dt>Other school charges</dt>
            <dd>{format(r.income.school_other.amount)}</dd>
            <dt>Competitions</dt>
            <dd>{format(r.income.competition.amount)}</dd>
          </DetailList>
        </Card>
        <Card aria-labelledby="by-method-heading">
          <CardTitle id="by-method-heading">By payment method</CardTitle>
          {r.income_by_payment_method.length === 0 ? (
            <p className="text-muted-foreground">No income in this range.</p>
          ) : (
            <DetailList>
              {r.income_by_payment_method.map((m) => (
                <div key={m.payment_method} className="contents">
                  <dt>{methodLabel(m.payment_method)}</dt>
                  <dd>
                    {format(m.amount)} <span className="text-muted-foreground">({m.count})</span>
                  </dd>
                </div>
              ))}
            </DetailList>
          )}
        </Card>
      </div>
      <Card aria-labelledby="debtors-heading">
        <CardTitle id="debtors-heading">Top debtors</CardTitle>
        {r.top_debtors.length === 0 ? (
          <p className="text-muted-foreground">Nobody owes anything in this range.</p>
        ) : (
          <DataTable columns={debtorColumns} data={r.top_debtors} getRowId={(d) => d.student_id} />
        )}
      </Card>
    </>
  );
}
