'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { todayIn } from '@/server/kernel/fields/calendar';
import type { StudPayment } from '@/server/stud-finance/payment-schema';
import type { Receivable } from '@/server/stud-finance/receivable-schema';
import {
  Button,
  type ColumnDef,
  DataTable,
  dateColumn,
  formatDate,
  humanize,
  QueryState,
} from '../../../../../components/ui';
import { useTRPC } from '../../../../../trpc';
import { ReceivableStatus, useMoney } from '../../../finance/finance-ui';
import { printTable } from '../../../reports/season-report';
import { NotAllowed, useStud } from '../../../stud-context';

/** The most a statement lists of each (the lists' largest page). */
const LIMIT = 100;

/** Cents, so that totals of amounts add up exactly. */
const cents = (amount: number) => Math.round(amount * 100);

/**
 * A client's statement, to print or send: what the stud charged them (cancelled charges left
 * out), what they paid, and what is still outstanding, as of the stud's today.
 */
export default function ClientStatementPage() {
  const { clientId } = useParams<{ clientId: string }>();
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const format = useMoney();
  const allowed = may('finance.view') && may('clients.view');
  const client = useQuery({
    ...trpc.studClients.get.queryOptions({ studId, clientId }),
    enabled: allowed,
  });
  const charges = useQuery({
    ...trpc.studReceivables.list.queryOptions({ studId, client_id: clientId, per_page: LIMIT }),
    enabled: allowed,
  });
  const payments = useQuery({
    ...trpc.studPayments.list.queryOptions({ studId, client_id: clientId, per_page: LIMIT }),
    enabled: allowed,
  });
  if (!allowed) return <NotAllowed />;
  const name = client.data?.data.display_name;
  const owed = (charges.data?.data ?? []).filter((r) => r.status !== 'cancelled');
  const received = payments.data?.data ?? [];
  const total = (values: number[]) => values.reduce((sum, v) => sum + cents(v), 0) / 100;

  const chargeColumns: ColumnDef<Receivable>[] = [
    dateColumn<Receivable>('due_date', 'Due'),
    { accessorKey: 'description', header: 'Charge', meta: { rowHeader: true } },
    { id: 'amount', header: 'Amount', cell: ({ row }) => format(row.original.amount) },
    { id: 'paid', header: 'Paid', cell: ({ row }) => format(row.original.paid_amount) },
    {
      id: 'outstanding',
      header: 'Outstanding',
      cell: ({ row }) => format(row.original.outstanding),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <ReceivableStatus receivable={row.original} />,
    },
  ];
  const paymentColumns: ColumnDef<StudPayment>[] = [
    dateColumn<StudPayment>('paid_date', 'Paid on'),
    { accessorKey: 'receipt_number', header: 'Receipt', meta: { rowHeader: true } },
    { id: 'for', header: 'For', cell: ({ row }) => row.original.receivable.description },
    { id: 'method', header: 'Method', cell: ({ row }) => humanize(row.original.payment_method) },
    {
      id: 'amount',
      header: 'Amount',
      cell: ({ row }) =>
        row.original.status === 'voided'
          ? `${format(row.original.amount)} (voided)`
          : format(row.original.amount),
    },
  ];

  return (
    <article aria-labelledby="statement-heading">
      <div className="no-print mb-3 flex flex-wrap items-center justify-between gap-2">
        <Link href={`/studs/${studId}/clients/${clientId}`}>← {name ?? 'Client'}</Link>
        {name && <Button onClick={() => window.print()}>Print</Button>}
      </div>
      <h1 id="statement-heading">Statement{name && `: ${name}`}</h1>
      <p className="mt-0 text-muted-foreground">
        {stud.name} · as of {formatDate(todayIn(stud.timezone))}
      </p>
      <QueryState what="the client" query={client} />
      <QueryState what="the charges" query={charges} />
      <QueryState what="the payments" query={payments} />
      {charges.data && payments.data && (
        <>
          <dl aria-label="Totals" className="grid grid-cols-[auto_1fr] gap-x-4">
            <dt>Charged</dt>
            <dd className="m-0">{format(total(owed.map((r) => r.amount)))}</dd>
            <dt>Paid</dt>
            <dd className="m-0">{format(total(owed.map((r) => r.paid_amount)))}</dd>
            <dt>Outstanding</dt>
            <dd className="m-0">
              <strong>{format(total(owed.map((r) => r.outstanding)))}</strong>
            </dd>
          </dl>
          <h2>Charges</h2>
          {owed.length === 0 ? (
            <p className="text-muted-foreground">Nothing was charged.</p>
          ) : (
            <DataTable
              label="Charges"
              columns={chargeColumns}
              data={owed}
              getRowId={(row) => row.id}
              className={printTable}
            />
          )}
          <h2>Payments</h2>
          {received.length === 0 ? (
            <p className="text-muted-foreground">No payment was received.</p>
          ) : (
            <DataTable
              label="Payments received"
              columns={paymentColumns}
              data={received}
              getRowId={(row) => row.id}
              className={printTable}
            />
          )}
          {(charges.data.meta.total > LIMIT || payments.data.meta.total > LIMIT) && (
            <p role="note">
              The statement lists the first {LIMIT} charges and payments; the Finance page has them
              all.
            </p>
          )}
        </>
      )}
    </article>
  );
}
