'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SHIPMENT_STATUSES, type Shipment } from '@/server/stud-breeding/shipment-schema';
import {
  actionsColumn,
  Badge,
  Button,
  Dialog,
  FilterBar,
  FilterSelect,
  formatDate,
  humanize,
  RowActions,
  useListFilters,
  useWriteOutcome,
  type ColumnDef,
  type RowAction,
  TableOrCards,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { sentence } from '../horses/herd-ui';
import { ListStates } from '../services/breeding-ui';
import { NotAllowed, useStud } from '../stud-context';
import { CancelForm, ShipForm } from './move-forms';
import { ShipmentForm } from './shipment-form';
import { useLinkedDialog } from '../use-linked-dialog';

/** What a shipment is: "2 frozen doses". */
const whatOf = (s: Shipment) => `${s.doses} ${s.type} ${s.doses === 1 ? 'dose' : 'doses'}`;

/** The destination in one line: name, city, country. */
const whereTo = (s: Shipment) =>
  s.destination
    ? [s.destination.name, s.destination.city, s.destination.country].filter(Boolean).join(', ')
    : '—';

/** Where it stands: the last step's date, carrier and tracking, or why it was cancelled. */
function progressOf(s: Shipment) {
  if (s.status === 'cancelled') return s.cancelled_reason ?? '';
  return sentence(
    [
      s.shipped_on && `shipped ${formatDate(s.shipped_on)}`,
      s.carrier,
      s.tracking_number && `tracking ${s.tracking_number}`,
      s.delivered_on && `delivered ${formatDate(s.delivered_on)}`,
      s.returned_on && `container back ${formatDate(s.returned_on)}`,
      !s.returned_on &&
        s.container_return_due &&
        `container due ${formatDate(s.container_return_due)}`,
    ]
      .filter(Boolean)
      .join(' · '),
  );
}

/** The next move that needs no more than a click, by the state it moves from. */
const ONE_CLICK: Partial<
  Record<Shipment['status'], { to: 'prepared' | 'delivered' | 'returned'; label: string }>
> = {
  requested: { to: 'prepared', label: 'Prepare' },
  shipped: { to: 'delivered', label: 'Delivered' },
  delivered: { to: 'returned', label: 'Returned' },
};

/**
 * The shipment's next step (Prepare, Ship with carrier and tracking, Delivered, Returned),
 * Cancel before it is shipped, and Delete while requested, as the role allows.
 */
function ShipmentActions({
  shipment,
  onShip,
  onCancel,
}: {
  shipment: Shipment;
  onShip: (s: Shipment) => void;
  onCancel: (s: Shipment) => void;
}) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const { onSuccess, onError } = useWriteOutcome();
  const name = `the shipment for ${shipment.reservation.mare.name}`;
  const keys = [trpc.shipments.pathKey(), trpc.semenBatches.pathKey()];
  const move = useMutation(
    trpc.shipments.move.mutationOptions({
      onSuccess: onSuccess(keys, `${name[0]!.toUpperCase()}${name.slice(1)} was updated.`),
      onError,
    }),
  );
  const remove = useMutation(
    trpc.shipments.remove.mutationOptions({
      onSuccess: onSuccess(keys, `${name[0]!.toUpperCase()}${name.slice(1)} was deleted.`),
      onError,
    }),
  );
  const next = ONE_CLICK[shipment.status];
  const status = shipment.status;
  const edit = may('breeding.edit');
  // The next step first: on a phone it stays a button, Cancel and Delete go behind "More".
  // Cancel asks for its reason in a dialog of its own, so it is not asked about once more.
  const actions: RowAction[] = [
    ...(edit && next
      ? [
          {
            label: next.label,
            disabled: move.isPending,
            onSelect: () => move.mutate({ studId, shipmentId: shipment.id, status: next.to }),
          },
        ]
      : []),
    ...(edit && status === 'prepared' ? [{ label: 'Ship', onSelect: () => onShip(shipment) }] : []),
    ...(edit && (status === 'requested' || status === 'prepared')
      ? [{ label: 'Cancel', danger: true, onSelect: () => onCancel(shipment) }]
      : []),
    ...(may('breeding.delete') && status === 'requested'
      ? [
          {
            label: 'Delete',
            destructive: true,
            disabled: remove.isPending,
            onSelect: () => remove.mutate({ studId, shipmentId: shipment.id }),
          },
        ]
      : []),
  ];
  return <RowActions what={name} actions={actions} />;
}

/**
 * The stud's semen shipments, newest first, by status: the mare and her owner, the stallion,
 * what goes where, and how far it got, with each one's next step. "New shipment" opens the
 * form (prefilled with `?reservation=<id>`, as the season page links it).
 */
export default function ShipmentsPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const { opened, open, close } = useLinkedDialog('reservation');
  const [shipping, setShipping] = useState<Shipment | null>(null);
  const [cancelling, setCancelling] = useState<Shipment | null>(null);
  const { filters, bind } = useListFilters({ status: '' as Shipment['status'] | '' });
  const allowed = may('breeding.view');
  const shipments = useQuery({
    ...trpc.shipments.list.queryOptions({
      studId,
      ...(filters.status ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) return <NotAllowed />;
  const rows = shipments.data?.data;
  const add = may('breeding.create') && (
    <Button size="sm" onClick={() => open('')}>
      New shipment
    </Button>
  );
  const actions = (s: Shipment) => (
    <ShipmentActions shipment={s} onShip={setShipping} onCancel={setCancelling} />
  );
  const columns: ColumnDef<Shipment>[] = [
    {
      id: 'requested_for',
      header: 'Wanted on',
      meta: { rowHeader: true },
      cell: ({ row }) =>
        row.original.requested_for ? formatDate(row.original.requested_for) : '—',
    },
    {
      id: 'mare',
      header: 'Mare',
      cell: ({ row }) => (
        <>
          {row.original.reservation.mare.name}
          {row.original.reservation.client && (
            <span className="block text-sm text-muted-foreground">
              {row.original.reservation.client.display_name}
            </span>
          )}
        </>
      ),
    },
    { id: 'stallion', header: 'Stallion', cell: ({ row }) => row.original.stallion.name },
    { id: 'what', header: 'Semen', cell: ({ row }) => whatOf(row.original) },
    { id: 'to', header: 'Destination', cell: ({ row }) => whereTo(row.original) },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <>
          <Badge status={row.original.status}>{humanize(row.original.status)}</Badge>
          <span className="block text-sm text-muted-foreground">{progressOf(row.original)}</span>
        </>
      ),
    },
    actionsColumn(actions),
  ];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Shipments</h1>
        {add}
      </div>
      <FilterBar>
        <FilterSelect
          id="shipments-status"
          label="Status"
          allLabel="Any status"
          options={SHIPMENT_STATUSES.map((value) => ({ value, label: humanize(value) }))}
          {...bind('status')}
        />
      </FilterBar>
      <ListStates
        what="the shipments"
        query={shipments}
        filtered={Boolean(filters.status)}
        none="No shipment in this status."
        empty="No semen shipped yet: request a shipment for a reservation of a shipped service."
        add={add}
      />
      {rows && rows.length > 0 && (
        <TableOrCards
          label="Shipments"
          columns={columns}
          data={rows}
          busy={shipments.isFetching}
          cardLabel={(s) =>
            `${s.reservation.mare.name}, ${humanize(s.status, { midSentence: true })}`
          }
          card={(s) => (
            <>
              <h2 className="m-0 text-lg break-words">
                {s.reservation.mare.name} × {s.stallion.name}
              </h2>
              <p className="m-0 mt-1 text-sm">
                <Badge status={s.status}>{humanize(s.status)}</Badge> {whatOf(s)}
                {s.requested_for && ` · wanted on ${formatDate(s.requested_for)}`}
              </p>
              <p className="m-0 mt-1 text-sm break-words">To {whereTo(s)}</p>
              {progressOf(s) && (
                <p className="m-0 mt-1 text-sm break-words text-muted-foreground">
                  {progressOf(s)}
                </p>
              )}
              <div className="mt-2">{actions(s)}</div>
            </>
          )}
        />
      )}
      <Dialog
        title="New shipment"
        open={opened !== null && Boolean(may('breeding.create'))}
        onClose={close}
        className="w-[min(40rem,95vw)]"
      >
        {opened !== null && <ShipmentForm reservationId={opened} onDone={close} />}
      </Dialog>
      <Dialog
        title="Ship"
        open={shipping !== null}
        onClose={() => setShipping(null)}
        className="w-[min(32rem,95vw)]"
      >
        {shipping && <ShipForm shipment={shipping} onDone={() => setShipping(null)} />}
      </Dialog>
      <Dialog
        title="Cancel the shipment"
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        className="w-[min(32rem,95vw)]"
      >
        {cancelling && <CancelForm shipment={cancelling} onDone={() => setCancelling(null)} />}
      </Dialog>
    </>
  );
}
