'use client';

import { useMutation } from '@tanstack/react-query';
import {
  actionsColumn,
  Button,
  ConfirmButton,
  DataTable,
  money,
  statusColumn,
  type ColumnDef,
  useWriteOutcome,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { useSchool } from '../../school-context';
import { feeConceptLabel } from '../../words';
import type { CompetitionPayment } from './competition-queries';

/** A page of a competition's payments; a pending one can be paid or cancelled by those who may. */
export function CompetitionPaymentsTable({
  competitionId,
  payments,
  busy,
  onPay,
}: {
  competitionId: string;
  payments: CompetitionPayment[];
  busy: boolean;
  onPay: (payment: CompetitionPayment) => void;
}) {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const write = useWriteOutcome();
  const cancel = useMutation(
    trpc.competitionPayments.remove.mutationOptions({
      onSuccess: write.onSuccess(
        [trpc.competitionPayments.pathKey()],
        (result: { message: string }) => result.message,
      ),
      onError: write.onError,
    }),
  );
  const columns: ColumnDef<CompetitionPayment>[] = [
    { id: 'rider', header: 'Rider', cell: ({ row }) => row.original.student.full_name },
    {
      id: 'concept',
      header: 'Concept',
      cell: ({ row: { original: p } }) => p.concept_detail ?? feeConceptLabel(p.concept),
    },
    {
      id: 'amount',
      header: 'Amount',
      cell: ({ row }) => money(row.original.amount, school.currency),
    },
    statusColumn((p) => p.receipt_number),
    actionsColumn((p) => {
      if (p.status !== 'pending') return null;
      const what = `${p.student.full_name}, ${p.concept_detail ?? feeConceptLabel(p.concept)}`;
      return (
        <div className="flex flex-wrap items-center gap-2">
          {may('payments.create') && (
            <Button size="sm" aria-label={`Pay ${what}`} onClick={() => onPay(p)}>
              Pay
            </Button>
          )}
          {may('payments.delete') && (
            <ConfirmButton
              label="Cancel payment"
              question={`Cancel the payment of ${what}?`}
              onConfirm={() => cancel.mutate({ schoolId, competitionId, paymentId: p.id })}
            />
          )}
        </div>
      );
    }),
  ];
  return (
    <DataTable
      label="Competition payments"
      columns={columns}
      data={payments}
      getRowId={(p) => p.id}
      busy={busy}
    />
  );
}
