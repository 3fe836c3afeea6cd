'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { BreedingEvent } from '@/server/stud-breeding/breeding-event-schema';
import {
  actionsColumn,
  Button,
  cardClass,
  ConfirmButton,
  DataTable,
  dateColumn,
  Dialog,
  Empty,
  FilterBar,
  FilterSelect,
  formatDate,
  humanize,
  QueryState,
  useListFilters,
  useWriteOutcome,
  type ColumnDef,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { sentence } from '../horses/herd-ui';
import { NotAllowed, useStud } from '../stud-context';
import { BreedingForm } from './breeding-form';
import { useLinkedDialog } from '../use-linked-dialog';

/** Kind, semen and doses in a few words: "Insemination, frozen, 2 doses". */
function howOf(event: BreedingEvent) {
  return sentence(
    [
      humanize(event.kind),
      event.semen,
      event.doses_used !== null &&
        `${event.doses_used} ${event.doses_used === 1 ? 'dose' : 'doses'}`,
    ]
      .filter(Boolean)
      .join(', '),
  );
}

/** The pregnancy it opened, as a link, or a dash. */
function PregnancyLink({ event }: { event: BreedingEvent }) {
  const { studId } = useStud();
  if (!event.pregnancy_id) return <>—</>;
  return (
    <Link href={`/studs/${studId}/pregnancies/${event.pregnancy_id}`}>
      Pregnancy<span className="sr-only"> of {event.mare.name}</span>
    </Link>
  );
}

/** Delete, asked once more (the pregnancy it opened goes too; refused once it has checks). */
function EventActions({ event }: { event: BreedingEvent }) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const { onSuccess, onError } = useWriteOutcome();
  const name = `${event.mare.name}'s breeding of ${formatDate(event.date)}`;
  const remove = useMutation(
    trpc.breedingEvents.remove.mutationOptions({
      onSuccess: onSuccess(
        [trpc.breedingEvents.pathKey(), trpc.pregnancies.pathKey()],
        `${name} was deleted.`,
      ),
      onError,
    }),
  );
  if (!may('breeding.delete')) return null;
  return (
    <ConfirmButton
      label="Delete"
      what={name}
      question={`Delete ${name}? The pregnancy it opened is deleted with it.`}
      disabled={remove.isPending}
      onConfirm={() => remove.mutate({ studId, breedingEventId: event.id })}
    />
  );
}

/**
 * The stud's covers and inseminations, newest first: mare, stallion, how, who, ovulation and
 * the pregnancy each opened; "Record breeding" opens the form (prefilled with
 * `?reservation=<id>`, as the season page links it).
 */
export default function BreedingPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const { opened, open, close } = useLinkedDialog('reservation');
  const { filters, bind } = useListFilters({ stallion: '' });
  const allowed = may('breeding.view');
  const stallions = useQuery({
    ...trpc.stallions.list.queryOptions({ studId }),
    enabled: may('horses.view'),
  });
  const events = useQuery({
    ...trpc.breedingEvents.list.queryOptions({
      studId,
      ...(filters.stallion ? { stallion_id: filters.stallion } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) return <NotAllowed />;
  const rows = events.data?.data;
  const add = may('breeding.create') && (
    <Button size="sm" onClick={() => open('')}>
      Record breeding
    </Button>
  );
  const columns: ColumnDef<BreedingEvent>[] = [
    { ...dateColumn<BreedingEvent>('date', 'Date'), meta: { rowHeader: true } },
    { id: 'mare', header: 'Mare', cell: ({ row }) => row.original.mare.name },
    { id: 'stallion', header: 'Stallion', cell: ({ row }) => row.original.stallion.name },
    { id: 'how', header: 'How', cell: ({ row }) => howOf(row.original) },
    {
      id: 'ovulation',
      header: 'Ovulation',
      cell: ({ row }) => (row.original.ovulation_on ? formatDate(row.original.ovulation_on) : '—'),
    },
    { id: 'by', header: 'By', cell: ({ row }) => row.original.performed_by ?? '—' },
    {
      id: 'pregnancy',
      header: 'Pregnancy',
      cell: ({ row }) => <PregnancyLink event={row.original} />,
    },
    actionsColumn((event) => <EventActions event={event} />),
  ];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Breeding</h1>
        {add}
      </div>
      <FilterBar>
        <FilterSelect
          id="breeding-stallion"
          label="Stallion"
          allLabel="Every stallion"
          options={(stallions.data?.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          {...bind('stallion')}
        />
      </FilterBar>
      <QueryState what="the breeding events" query={events} />
      {rows?.length === 0 &&
        (filters.stallion ? (
          <Empty>No breeding of this stallion yet.</Empty>
        ) : (
          <Empty>No cover or insemination recorded yet. {add}</Empty>
        ))}
      {rows && rows.length > 0 && (
        <>
          <div className="hidden md:block">
            <DataTable
              label="Breeding events"
              columns={columns}
              data={rows}
              getRowId={(e) => e.id}
              busy={events.isFetching}
            />
          </div>
          <ul
            aria-label="Breeding events"
            aria-busy={events.isFetching}
            className="m-0 list-none p-0 md:hidden"
          >
            {rows.map((event) => (
              <li
                key={event.id}
                aria-label={`${event.mare.name}, ${formatDate(event.date)}`}
                className={cardClass}
              >
                <h2 className="m-0 text-lg break-words">
                  {event.mare.name} × {event.stallion.name}
                </h2>
                <p className="m-0 mt-1 text-sm">
                  {formatDate(event.date)} · {howOf(event)}
                  {event.ovulation_on && ` · ovulation ${formatDate(event.ovulation_on)}`}
                </p>
                {event.performed_by && (
                  <p className="m-0 mt-1 text-sm text-muted-foreground">By {event.performed_by}</p>
                )}
                {event.notes && (
                  <p className="m-0 mt-1 text-sm whitespace-pre-line text-muted-foreground">
                    {event.notes}
                  </p>
                )}
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <PregnancyLink event={event} />
                  <EventActions event={event} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <Dialog
        title="Record breeding"
        open={opened !== null && Boolean(may('breeding.create'))}
        onClose={close}
        className="w-[min(40rem,95vw)]"
      >
        {opened !== null && <BreedingForm reservationId={opened} onDone={close} />}
      </Dialog>
    </>
  );
}
