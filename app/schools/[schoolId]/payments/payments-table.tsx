'use client';

import { useMutation } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import type { AppRouter } from '@/server/router';
import {
  actionsColumn,
  Button,
  cardClass,
  ConfirmButton,
  DataTable,
  money,
  statusColumn,
  type ColumnDef,
  useWriteOutcome,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';

export type Payment = inferRouterOutputs<AppRouter>['payments']['list']['data'][number];

/** A page of payments, each open one with "Register payment" and "Cancel charge" for those who may. */
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
          {p.description ?? p.concept}
          {p.period && <span className="text-muted-foreground"> {p.period}</span>}
        </>
      ),
    },
    {
      id: 'amount',
      header: 'Amount',
      cell: ({ row: { original: p } }) => money(p.amount, p.currency),
    },
    { accessorKey: 'due_date', header: 'Due' },
    statusColumn((p) => p.receipt_number),
    actionsColumn((p) => (
      <div className="flex flex-wrap items-center gap-2">
        {may('payments.edit') && open(p) && (
          <Button
            size="sm"
            onClick={() => onPay(p)}
            aria-label={`Register payment of ${p.student.full_name}, ${p.description ?? p.concept}`}
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
