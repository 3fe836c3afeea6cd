'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import {
  PAYMENT_METHODS,
  STUD_PAYMENT_STATUSES,
  voidFields,
  type StudPayment,
} from '@/server/stud-finance/payment-schema';
import {
  actionsColumn,
  Badge,
  dateColumn,
  Dialog,
  FilterBar,
  FilterSelect,
  FormActions,
  FormErrorSummary,
  formatDate,
  humanize,
  Pager,
  RowActions,
  TextareaField,
  useListFilters,
  useRecordForm,
  useRefresh,
  useToast,
  type ColumnDef,
  type RowAction,
  TableOrCards,
  wordOptions,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { ListStates } from '../services/breeding-ui';
import { useStud } from '../stud-context';
import { useFinanceKeys, useMoney } from './finance-ui';

type Status = (typeof STUD_PAYMENT_STATUSES)[number];
type Method = (typeof PAYMENT_METHODS)[number];

/** "Void": the payment is reversed, its receivable owes it again and its income entry goes. */
function VoidForm({ payment, onDone }: { payment: StudPayment; onDone: () => void }) {
  const { studId } = useStud();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const keys = useFinanceKeys();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(voidFields, {
    defaultValues: { reason: '' },
    save: (values) => client.studPayments.void.mutate({ studId, paymentId: payment.id, ...values }),
    onSaved: async () => {
      await refresh(keys);
      toast('success', `Receipt ${payment.receipt_number} was voided.`);
      onDone();
    },
  });
  return (
    <form aria-label="Void the payment" className="mt-3" noValidate onSubmit={onSubmit}>
      <p className="mt-0">
        {payment.receivable.client.display_name} will owe {payment.receivable.description} again,
        and its income entry is removed.
      </p>
      <TextareaField form={form} name="reason" label="Why" noun="Reason" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions label="Void payment" pending={pending} onCancel={onDone} cancelLabel="Keep it" />
    </form>
  );
}

/** The payments received, newest first, by status and method; a receipt to print, and void. */
export function PaymentsTab() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const format = useMoney();
  const [voiding, setVoiding] = useState<StudPayment | null>(null);
  const { filters, page, setPage, bind } = useListFilters({
    status: '' as Status | '',
    payment_method: '' as Method | '',
  });
  const payments = useQuery({
    ...trpc.studPayments.list.queryOptions({
      studId,
      page,
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.payment_method ? { payment_method: filters.payment_method } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const rows = payments.data?.data;
  const receiptHref = (p: StudPayment) => `/studs/${studId}/finance/payments/${p.id}`;
  // Voiding asks for its reason in a dialog of its own, so it is not asked about twice.
  const actionsOf = (p: StudPayment): RowAction[] =>
    p.status === 'recorded' && may('finance.edit')
      ? [{ label: 'Void', danger: true, onSelect: () => setVoiding(p) }]
      : [];
  const receiptLink = (p: StudPayment) => (
    <Link href={receiptHref(p)}>
      {p.receipt_number}
      <span className="sr-only"> (receipt)</span>
    </Link>
  );
  const statusOf = (p: StudPayment) => (
    <>
      <Badge status={p.status === 'voided' ? 'cancelled' : 'paid'}>{humanize(p.status)}</Badge>
      {p.void_reason && (
        <span className="block text-sm text-muted-foreground">{p.void_reason}</span>
      )}
    </>
  );
  const columns: ColumnDef<StudPayment>[] = [
    {
      ...dateColumn<StudPayment>('paid_date', 'Paid on'),
      meta: { rowHeader: true, className: 'whitespace-nowrap' },
    },
    { id: 'receipt', header: 'Receipt', cell: ({ row }) => receiptLink(row.original) },
    {
      id: 'client',
      header: 'Client',
      cell: ({ row }) => row.original.receivable.client.display_name,
    },
    { id: 'for', header: 'For', cell: ({ row }) => row.original.receivable.description },
    { id: 'amount', header: 'Amount', cell: ({ row }) => format(row.original.amount) },
    { id: 'method', header: 'Method', cell: ({ row }) => humanize(row.original.payment_method) },
    { id: 'status', header: 'Status', cell: ({ row }) => statusOf(row.original) },
    actionsColumn((p) => (
      <RowActions actions={actionsOf(p)} what={`receipt ${p.receipt_number}`} />
    )),
  ];
  return (
    <>
      <h2 className="mt-0 text-lg">Payments</h2>
      <FilterBar>
        <FilterSelect
          id="payments-status"
          label="Status"
          allLabel="Any status"
          options={wordOptions(STUD_PAYMENT_STATUSES)}
          {...bind('status')}
        />
        <FilterSelect
          id="payments-method"
          label="Method"
          allLabel="Any method"
          options={wordOptions(PAYMENT_METHODS)}
          {...bind('payment_method')}
        />
      </FilterBar>
      <ListStates
        what="the payments"
        query={payments}
        filtered={Boolean(filters.status || filters.payment_method)}
        none="No payment matches these filters."
        empty="No payment received yet: record one from a receivable."
        add={null}
      />
      {rows && rows.length > 0 && (
        <TableOrCards
          label="Payments"
          columns={columns}
          data={rows}
          busy={payments.isFetching}
          cardLabel={(p) => `Receipt ${p.receipt_number}`}
          card={(p) => (
            <>
              <div className="flex items-start justify-between gap-2">
                <h3 className="m-0 text-lg break-words">
                  {format(p.amount)} · {p.receivable.client.display_name}
                </h3>
                <RowActions actions={actionsOf(p)} what={`receipt ${p.receipt_number}`} />
              </div>
              <p className="m-0 mt-1 break-words">{p.receivable.description}</p>
              <p className="m-0 mt-1 text-sm">
                {formatDate(p.paid_date)} · {humanize(p.payment_method)} · receipt {receiptLink(p)}
              </p>
              <div className="mt-1 text-sm">{statusOf(p)}</div>
            </>
          )}
        />
      )}
      {payments.data && (
        <Pager meta={payments.data.meta} onPage={setPage} label="Payment pages" noun="payments" />
      )}
      <Dialog title="Void the payment" open={voiding !== null} onClose={() => setVoiding(null)}>
        {voiding && <VoidForm payment={voiding} onDone={() => setVoiding(null)} />}
      </Dialog>
      {payments.data && payments.data.data.length > 0 && (
        <p className="text-sm text-muted-foreground">
          A receipt opens on its own page, ready to print.
        </p>
      )}
    </>
  );
}
