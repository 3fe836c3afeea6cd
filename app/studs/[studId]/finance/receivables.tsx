'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  RECEIVABLE_KINDS,
  RECEIVABLE_STATUS_FILTERS,
  type Receivable,
} from '@/server/stud-finance/receivable-schema';
import {
  actionsColumn,
  Button,
  dateColumn,
  Dialog,
  FilterBar,
  FilterSelect,
  formatDate,
  humanize,
  Label,
  Pager,
  plural,
  QueryState,
  RowActions,
  Stat,
  StatGrid,
  useListFilters,
  useWriteOutcome,
  type ColumnDef,
  type ComboboxOption,
  type RowAction,
  TableOrCards,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { ClientPicker } from '../horses/pickers';
import { ListStates } from '../services/breeding-ui';
import { useStud } from '../stud-context';
import { ReceivableStatus, useFinanceKeys, useMoney } from './finance-ui';
import { EditReceivableForm, NewReceivableForm, PaymentForm } from './receivable-forms';

type StatusFilter = (typeof RECEIVABLE_STATUS_FILTERS)[number];
type Kind = (typeof RECEIVABLE_KINDS)[number];

const STATUS_LABELS: Record<StatusFilter, string> = {
  open: 'Open (not fully paid)',
  overdue: 'Overdue',
  pending: 'Pending',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

const isOpen = (r: Receivable) => r.status === 'pending' || r.status === 'partially_paid';

/** What is outstanding by days past due, from the receivables report. */
function AgeingSummary() {
  const { studId } = useStud();
  const trpc = useTRPC();
  const format = useMoney();
  const report = useQuery(trpc.studReports.receivables.queryOptions({ studId }));
  const totals = report.data?.data.totals;
  return (
    <section aria-labelledby="ageing-heading">
      <h2 id="ageing-heading" className="mt-0 mb-2 text-lg">
        Outstanding by days past due
      </h2>
      <QueryState what="the ageing" query={report} />
      {totals && (
        <StatGrid>
          <Stat
            label="Outstanding"
            value={format(totals.total)}
            note={plural(totals.receivables, 'open receivable')}
          />
          <Stat label="Not yet due" value={format(totals.current)} note="current" />
          <Stat label="1–30 days" value={format(totals.days_1_30)} note="past due" />
          <Stat label="31–60 days" value={format(totals.days_31_60)} note="past due" />
          <Stat label="61–90 days" value={format(totals.days_61_90)} note="past due" />
          <Stat label="Over 90 days" value={format(totals.over_90)} note="past due" />
        </StatGrid>
      )}
    </section>
  );
}

/**
 * The receivables, soonest due first, by status (overdue and open included), kind and
 * client; record a payment, edit or cancel each as the role allows.
 */
export function ReceivablesTab() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const format = useMoney();
  const keys = useFinanceKeys();
  const { onSuccess, onError } = useWriteOutcome();
  const clientFilterId = useId();
  const [adding, setAdding] = useState(false);
  const [paying, setPaying] = useState<Receivable | null>(null);
  const [editing, setEditing] = useState<Receivable | null>(null);
  const [cancelling, setCancelling] = useState<Receivable | null>(null);
  const [clientOption, setClientOption] = useState<ComboboxOption | null>(null);
  const { filters, page, setPage, bind } = useListFilters({
    status: 'open' as StatusFilter | '',
    kind: '' as Kind | '',
  });
  const clientId = clientOption?.value;
  const receivables = useQuery({
    ...trpc.studReceivables.list.queryOptions({
      studId,
      page,
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.kind ? { kind: filters.kind } : {}),
      ...(clientId ? { client_id: clientId } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation(
    trpc.studReceivables.remove.mutationOptions({
      onSuccess: async (result) => {
        await onSuccess(keys, 'The receivable was cancelled.')(result);
        setCancelling(null);
      },
      onError,
    }),
  );
  const rows = receivables.data?.data;
  const add = may('finance.create') && (
    <Button size="sm" onClick={() => setAdding(true)}>
      New receivable
    </Button>
  );
  // Recording a payment first: the task of the day, a button on a phone too. Cancelling asks
  // in a dialog of its own (who will no longer owe what), so it is not asked about twice.
  const actionsOf = (r: Receivable): RowAction[] => {
    const open = isOpen(r);
    return [
      ...(open && may('finance.create')
        ? [{ label: 'Record payment', onSelect: () => setPaying(r) }]
        : []),
      ...(open && may('finance.edit') ? [{ label: 'Edit', onSelect: () => setEditing(r) }] : []),
      ...(open && r.paid_amount === 0 && may('finance.delete')
        ? [{ label: 'Cancel', danger: true, onSelect: () => setCancelling(r) }]
        : []),
    ];
  };
  const whatOf = (r: Receivable) => `${r.description} of ${r.client.display_name}`;
  const forOf = (r: Receivable) =>
    r.reservation
      ? `${r.reservation.mare.name} × ${r.reservation.stallion.name}, ${r.reservation.season}`
      : null;
  const columns: ColumnDef<Receivable>[] = [
    {
      ...dateColumn<Receivable>('due_date', 'Due'),
      meta: { rowHeader: true, className: 'whitespace-nowrap' },
    },
    { id: 'client', header: 'Client', cell: ({ row }) => row.original.client.display_name },
    {
      id: 'what',
      header: 'What',
      cell: ({ row }) => (
        <>
          {row.original.description}
          <span className="block text-sm text-muted-foreground">
            {[humanize(row.original.kind), forOf(row.original)].filter(Boolean).join(' · ')}
          </span>
        </>
      ),
    },
    { id: 'amount', header: 'Amount', cell: ({ row }) => format(row.original.amount) },
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
    actionsColumn((r) => <RowActions actions={actionsOf(r)} what={whatOf(r)} />),
  ];

  return (
    <>
      {may('reports.view') && <AgeingSummary />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="m-0 text-lg">Receivables</h2>
        {add}
      </div>
      <FilterBar className="mt-2">
        <FilterSelect
          id="receivables-status"
          label="Status"
          allLabel="Any status"
          options={RECEIVABLE_STATUS_FILTERS.map((value) => ({
            value,
            label: STATUS_LABELS[value],
          }))}
          {...bind('status')}
        />
        <FilterSelect
          id="receivables-kind"
          label="Kind"
          allLabel="Any kind"
          options={RECEIVABLE_KINDS.map((value) => ({ value, label: humanize(value) }))}
          {...bind('kind')}
        />
        <div className="w-full max-w-xs">
          <Label htmlFor={clientFilterId}>Client</Label>
          <ClientPicker
            id={clientFilterId}
            value={clientOption}
            onChange={(option) => {
              setClientOption(option);
              setPage(1);
            }}
          />
        </div>
      </FilterBar>
      <ListStates
        what="the receivables"
        query={receivables}
        filtered={Boolean(filters.status || filters.kind || clientId)}
        none="No receivable matches these filters."
        empty="Nobody owes the stud anything yet: contract terms write receivables, or add one."
        add={add}
      />
      {rows && rows.length > 0 && (
        <TableOrCards
          label="Receivables"
          columns={columns}
          data={rows}
          busy={receivables.isFetching}
          rowClassName={(r) => (r.overdue ? 'bg-row-error' : undefined)}
          cardLabel={whatOf}
          card={(r) => (
            <>
              <h3 className="m-0 text-lg break-words">{r.client.display_name}</h3>
              <p className="m-0 mt-1 break-words">
                {r.description}
                <span className="block text-sm text-muted-foreground">
                  {[humanize(r.kind), forOf(r)].filter(Boolean).join(' · ')}
                </span>
              </p>
              <p className="m-0 mt-1 text-sm">
                <ReceivableStatus receivable={r} /> due {formatDate(r.due_date)} ·{' '}
                <strong>{format(r.outstanding)}</strong> of {format(r.amount)} outstanding
              </p>
              <div className="mt-2">
                <RowActions actions={actionsOf(r)} what={whatOf(r)} />
              </div>
            </>
          )}
        />
      )}
      {receivables.data && (
        <Pager
          meta={receivables.data.meta}
          onPage={setPage}
          label="Receivable pages"
          noun="receivables"
        />
      )}
      <Dialog title="New receivable" open={adding} onClose={() => setAdding(false)}>
        {adding && <NewReceivableForm onDone={() => setAdding(false)} />}
      </Dialog>
      <Dialog title="Record payment" open={paying !== null} onClose={() => setPaying(null)}>
        {paying && <PaymentForm receivable={paying} onDone={() => setPaying(null)} />}
      </Dialog>
      <Dialog title="Edit receivable" open={editing !== null} onClose={() => setEditing(null)}>
        {editing && <EditReceivableForm receivable={editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <Dialog
        title="Cancel the receivable"
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
      >
        {cancelling && (
          <>
            <p>
              {cancelling.client.display_name} will no longer owe {cancelling.description} (
              {format(cancelling.amount)}).
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="destructive"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate({ studId, receivableId: cancelling.id })}
              >
                Cancel receivable
              </Button>
              <Button variant="outline" onClick={() => setCancelling(null)}>
                Keep it
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
