'use client';

import { useMutation } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import type { AppRouter } from '@/server/router';
import {
  actionsColumn,
  Badge,
  Button,
  cardClass,
  ConfirmButton,
  DataTable,
  dateColumn,
  humanize,
  money,
  type ColumnDef,
  useWriteOutcome,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';
import { conceptOf, periodLabel } from './payment-labels';

export type Payment = inferRouterOutputs<AppRouter>['payments']['list']['data'][number];

/** Where a paid payment's printable receipt is. */
export const receiptHref = (schoolId: string, paymentId: string) =>
  `/schools/${schoolId}/payments/${paymentId}/receipt`;

/**
 * A page of payments: each open one with "Register payment" and "Cancel charge" for those who
 * may, each paid one with its receipt.
 */
export function PaymentsTable({
  payments,
  busy,
  onPay,
}: {
  payments: Payment[];
  busy: boolean;
  onPay: (payment: Payment) => void;
}) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const write = useWriteOutcome();
  const cancel = useMutation(
    trpc.payments.cancel.mutationOptions({
      onSuccess: write.onSuccess([trpc.payments.pathKey()], 'The payment was cancelled.'),
      onError: write.onError,
    }),
  );
  const open = (p: Payment) => p.status === 'pending' || p.status === 'overdue';
  const columns: ColumnDef<Payment>[] = [
    {
      id: 'student',
      header: 'Student',
      cell: ({ row: { original: p } }) => (
        <Link href={`/schools/${schoolId}/students/${p.student_id}`}>{p.student.full_name}</Link>
      ),
    },
    {
      id: 'concept',
      header: 'Concept',
      cell: ({ row: { original: p } }) => (
        <>
          {conceptOf(p)}
          {p.period && <span className="text-muted-foreground"> · {periodLabel(p.period)}</span>}
        </>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      cell: ({ row: { original: p } }) => money(p.amount, p.currency),
    },
    dateColumn<Payment>('due_date', 'Due'),
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: p } }) => (
        <>
          <Badge status={p.status}>{humanize(p.status)}</Badge>
          {p.receipt_number && <span className="text-muted-foreground"> {p.receipt_number}</span>}
        </>
      ),
    },
    actionsColumn((p) => (
      <div className="flex flex-wrap items-center gap-2">
        {may('payments.edit') && open(p) && (
          <Button
            size="sm"
            onClick={() => onPay(p)}
            aria-label={`Register payment of ${p.student.full_name}, ${conceptOf(p)}`}
          >
            Register payment
          </Button>
        )}
        {may('payments.delete') && open(p) && (
          <ConfirmButton
            label="Cancel charge"
            question="Cancel this charge?"
            onConfirm={() => cancel.mutate({ schoolId, paymentId: p.id })}
          />
        )}
        {p.status === 'paid' && (
          <Button asChild variant="outline" size="sm">
            <Link
              href={receiptHref(schoolId, p.id)}
              aria-label={`Receipt of ${p.student.full_name}, ${conceptOf(p)}`}
            >
              Receipt
            </Link>
          </Button>
        )}
      </div>
    )),
  ];

  return (
    <DataTable
      className={cardClass}
      columns={columns}
      data={payments}
      getRowId={(p) => p.id}
      busy={busy}
    />
  );
}
