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
  DataTable,
  dateColumn,
  humanize,
  money,
  RowActions,
  type ColumnDef,
  type RowAction,
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
 * A page of payments: each open one with "Register payment" first and "Cancel charge" (red,
 * asked once more) for those who may, both named with the row; each paid one with its receipt.
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
    actionsColumn((p) => {
      const what = `${p.student.full_name}, ${conceptOf(p)}`;
      if (p.status === 'paid') {
        return (
          <Button asChild variant="outline" size="sm">
            <Link href={receiptHref(schoolId, p.id)} aria-label={`Receipt of ${what}`}>
              Receipt
            </Link>
          </Button>
        );
      }
      if (!open(p)) return null;
      const actions: (RowAction | false)[] = [
        may('payments.edit') && {
          label: 'Register payment',
          name: `Register payment of ${what}`,
          onSelect: () => onPay(p),
        },
        may('payments.delete') && {
          label: 'Cancel charge',
          name: `Cancel charge of ${what}`,
          destructive: true,
          confirm: `Cancel the charge of ${what}?`,
          onSelect: () => cancel.mutate({ schoolId, paymentId: p.id }),
        },
      ];
      return (
        <RowActions
          what={what}
          actions={actions.filter((action): action is RowAction => action !== false)}
        />
      );
    }),
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
