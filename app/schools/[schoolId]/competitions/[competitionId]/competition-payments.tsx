'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  COMPETITION_PAYMENT_METHODS,
  COMPETITION_PAYMENT_STATUSES,
} from '@/server/competitions/competition-payment-schema';
import {
  Badge,
  Button,
  Card,
  CardTitle,
  ConfirmButton,
  DataTable,
  Dialog,
  Empty,
  Label,
  NativeSelect,
  Options,
  Pager,
  QueryState,
  useErrorToast,
  useToast,
  type ColumnDef,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { money } from '../../../../ui';
import { PayForm } from '../../pay-form';
import { useSchool } from '../../school-context';
import type { CompetitionPayment } from './competition-queries';

type Status = (typeof COMPETITION_PAYMENT_STATUSES)[number] | '';

/**
 * The competition's payments: what its fees are expected to bring and how much is paid, the
 * list by status, paying one in a dialog and cancelling one after a confirmation.
 */
export function CompetitionPayments({ competitionId }: { competitionId: string }) {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('');
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<CompetitionPayment | null>(null);
  const summary = useQuery(
    trpc.competitionPayments.summary.queryOptions({ schoolId, competitionId }),
  );
  const payments = useQuery({
    ...trpc.competitionPayments.list.queryOptions({
      schoolId,
      competitionId,
      page,
      per_page: 20,
      ...(status ? { status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation(
    trpc.competitionPayments.remove.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.competitionPayments.pathKey() });
        toast('success', result.message);
      },
      onError: showError,
    }),
  );
  const format = (amount: number) => money(amount, school.currency);
  const s = summary.data?.data;
  const meta = payments.data?.meta;
  const columns: ColumnDef<CompetitionPayment>[] = [
    { id: 'rider', header: 'Rider', cell: ({ row }) => row.original.student.full_name },
    {
      id: 'concept',
      header: 'Concept',
      cell: ({ row: { original: p } }) => p.concept_detail ?? p.concept.replace('_', ' '),
    },
    { id: 'amount', header: 'Amount', cell: ({ row }) => format(row.original.amount) },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: p } }) => (
        <>
          <Badge status={p.status}>{p.status}</Badge>
          {p.receipt_number && <span className="text-muted-foreground"> {p.receipt_number}</span>}
        </>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: p } }) => {
        if (p.status !== 'pending') return null;
        const what = `${p.student.full_name}, ${p.concept_detail ?? p.concept}`;
        return (
          <div className="flex flex-wrap items-center gap-2">
            {may('payments.create') && (
              <Button size="sm" aria-label={`Pay ${what}`} onClick={() => setPaying(p)}>
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
      },
    },
  ];

  return (
    <Card aria-labelledby="competition-payments-heading">
      <CardTitle id="competition-payments-heading">Payments</CardTitle>
      {!s && <QueryState what="the payment summary" query={summary} />}
      {s && (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt>Expected</dt>
            <dd>{format(s.total_expected)}</dd>
            <dt>Paid</dt>
            <dd>{format(s.total_paid)}</dd>
            <dt>Pending</dt>
            <dd>{format(s.total_pending)}</dd>
          </dl>
          <p className="text-muted-foreground">
            {s.by_status.map((row) => `${row.count} ${row.status}`).join(' · ')}
          </p>
        </>
      )}
      <div className="mb-3 max-w-xs">
        <Label htmlFor="competition-payment-status">Payment status</Label>
        <NativeSelect
          id="competition-payment-status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Status);
            setPage(1);
          }}
        >
          <Options
            options={['', ...COMPETITION_PAYMENT_STATUSES].map((value) => ({
              value,
              label: value || 'all',
            }))}
          />
        </NativeSelect>
      </div>
      {!payments.data && <QueryState what="the payments" query={payments} />}
      {payments.data && payments.data.data.length === 0 && (
        <Empty>No payments{status ? ` with status ${status}` : ''}.</Empty>
      )}
      {payments.data && payments.data.data.length > 0 && (
        <DataTable
          label="Competition payments"
          columns={columns}
          data={payments.data.data}
          getRowId={(p) => p.id}
          busy={payments.isFetching}
        />
      )}
      {meta && <Pager meta={meta} onPage={setPage} label="Payment pages" />}
      <Dialog title="Pay competition fee" open={paying !== null} onClose={() => setPaying(null)}>
        {paying && <RegisterPayment payment={paying} onDone={() => setPaying(null)} />}
      </Dialog>
    </Card>
  );
}

function RegisterPayment({ payment, onDone }: { payment: CompetitionPayment; onDone: () => void }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const pay = useMutation(
    trpc.competitionPayments.pay.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.competitionPayments.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
        ]);
        toast('success', `Payment of ${payment.student.full_name} registered.`);
        onDone();
      },
      onError: showError,
    }),
  );
  return (
    <PayForm
      summary={
        <>
          {payment.student.full_name} · {payment.concept_detail ?? payment.concept} ·{' '}
          <strong>{money(payment.amount, school.currency)}</strong>
        </>
      }
      methods={COMPETITION_PAYMENT_METHODS}
      pending={pay.isPending}
      error={pay.error}
      onSubmit={(values) =>
        pay.mutate({
          schoolId,
          competitionId: payment.competition_id,
          paymentId: payment.id,
          ...values,
          payment_method: values.payment_method as (typeof COMPETITION_PAYMENT_METHODS)[number],
        })
      }
      onDone={onDone}
    />
  );
}
