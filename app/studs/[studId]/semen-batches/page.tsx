'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SemenBatch } from '@/server/stud-breeding/batch-schema';
import {
  actionsColumn,
  Button,
  ConfirmButton,
  dateColumn,
  Dialog,
  FilterBar,
  FilterSelect,
  formatDate,
  useListFilters,
  useWriteOutcome,
  type ColumnDef,
  TableOrCards,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { ListStates, stallionOptions } from '../services/breeding-ui';
import { BatchForm } from './batch-form';

/** The doses left of the total, as a figure and a meter (low under a fifth). */
function Doses({ batch }: { batch: SemenBatch }) {
  const { doses_available: available, doses_total: total } = batch;
  return (
    <span className="block min-w-32">
      <span className="block">
        {available} of {total} doses available
      </span>
      <meter
        aria-hidden
        className="block w-full"
        min={0}
        max={total}
        low={total / 5}
        optimum={total}
        value={available}
      />
    </span>
  );
}

/** Storage, motility and straws in a line, those known. */
function detailsOf(batch: SemenBatch) {
  return [
    `${batch.straws_per_dose} ${batch.straws_per_dose === 1 ? 'straw' : 'straws'} a dose`,
    batch.storage,
    batch.post_thaw_motility !== null && `post-thaw motility ${batch.post_thaw_motility}%`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Edit, and delete (asked once more; a batch whose doses were used is kept), as allowed. */
function BatchActions({ batch, onEdit }: { batch: SemenBatch; onEdit: (b: SemenBatch) => void }) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const { onSuccess, onError } = useWriteOutcome();
  const name = `${batch.stallion.name}'s batch of ${formatDate(batch.collected_on)}`;
  const remove = useMutation(
    trpc.semenBatches.remove.mutationOptions({
      onSuccess: onSuccess([trpc.semenBatches.pathKey()], `${name} was deleted.`),
      onError,
    }),
  );
  const used = batch.doses_available < batch.doses_total;
  return (
    <div className="flex flex-wrap gap-2">
      {may('breeding.edit') && (
        <Button variant="outline" size="sm" onClick={() => onEdit(batch)}>
          Edit<span className="sr-only"> {name}</span>
        </Button>
      )}
      {may('breeding.delete') && !used && (
        <ConfirmButton
          label="Delete"
          what={name}
          question={`Delete ${name}?`}
          disabled={remove.isPending}
          onConfirm={() => remove.mutate({ studId, semenBatchId: batch.id })}
        />
      )}
    </div>
  );
}

/** One stallion's batches: a table from a tablet's width, cards on a phone. */
function StallionBatches({
  name,
  batches,
  onEdit,
  busy,
}: {
  name: string;
  batches: SemenBatch[];
  onEdit: (batch: SemenBatch) => void;
  busy: boolean;
}) {
  const label = `${name}'s semen batches`;
  const columns: ColumnDef<SemenBatch>[] = [
    { ...dateColumn<SemenBatch>('collected_on', 'Collected on'), meta: { rowHeader: true } },
    { id: 'doses', header: 'Doses', cell: ({ row }) => <Doses batch={row.original} /> },
    { id: 'straws', header: 'Straws a dose', cell: ({ row }) => row.original.straws_per_dose },
    { id: 'storage', header: 'Storage', cell: ({ row }) => row.original.storage ?? '—' },
    {
      id: 'motility',
      header: 'Post-thaw motility',
      cell: ({ row }) =>
        row.original.post_thaw_motility === null ? '—' : `${row.original.post_thaw_motility}%`,
    },
    {
      id: 'notes',
      header: 'Notes',
      meta: { className: 'text-sm whitespace-pre-line' },
      cell: ({ row }) => row.original.notes,
    },
    actionsColumn((batch) => <BatchActions batch={batch} onEdit={onEdit} />),
  ];
  return (
    <section className="mb-4" aria-label={label}>
      <h2 className="mb-2">{name}</h2>
      <TableOrCards
        label={label}
        columns={columns}
        data={batches}
        busy={busy}
        cardLabel={(batch) => `Collected on ${formatDate(batch.collected_on)}`}
        card={(batch) => (
          <>
            <h3 className="m-0 text-lg">Collected on {formatDate(batch.collected_on)}</h3>
            <div className="mt-1">
              <Doses batch={batch} />
            </div>
            <p className="m-0 mt-1 text-sm">{detailsOf(batch)}</p>
            {batch.notes && (
              <p className="m-0 mt-1 text-sm whitespace-pre-line text-muted-foreground">
                {batch.notes}
              </p>
            )}
            <div className="mt-2">
              <BatchActions batch={batch} onEdit={onEdit} />
            </div>
          </>
        )}
      />
    </section>
  );
}

/** The batches by stallion (by name), each stallion's newest collection first. */
function byStallion(batches: SemenBatch[]) {
  const groups = new Map<string, { name: string; batches: SemenBatch[] }>();
  for (const batch of batches) {
    const group = groups.get(batch.stallion_id) ?? { name: batch.stallion.name, batches: [] };
    group.batches.push(batch);
    groups.set(batch.stallion_id, group);
  }
  return [...groups.entries()].sort(([, a], [, b]) => a.name.localeCompare(b.name));
}

/**
 * The stud's frozen semen stock by stallion: when each batch was collected, its doses left of
 * the total, straws a dose, storage and post-thaw motility; by stallion and whether doses are
 * left. Adding, editing and deleting (an unused batch) as the role allows.
 */
export default function SemenBatchesPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const [editing, setEditing] = useState<SemenBatch | 'new' | null>(null);
  const { filters, bind } = useListFilters({
    stallion: '',
    available: '' as 'true' | 'false' | '',
  });
  const allowed = may('breeding.view');
  const every = useQuery({
    ...trpc.semenBatches.list.queryOptions({ studId }),
    enabled: allowed,
  });
  const batches = useQuery({
    ...trpc.semenBatches.list.queryOptions({
      studId,
      ...(filters.stallion ? { stallion_id: filters.stallion } : {}),
      ...(filters.available ? { available: filters.available } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) return <NotAllowed />;
  const rows = batches.data?.data;
  const filtered = Boolean(filters.stallion || filters.available);
  const close = () => setEditing(null);
  const add = may('breeding.create') && (
    <Button size="sm" onClick={() => setEditing('new')}>
      New batch
    </Button>
  );

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Semen stock</h1>
        {add}
      </div>
      <FilterBar>
        <FilterSelect
          id="batches-stallion"
          label="Stallion"
          allLabel="Every stallion"
          options={stallionOptions(every.data?.data ?? [])}
          {...bind('stallion')}
        />
        <FilterSelect
          id="batches-available"
          label="Doses"
          allLabel="Any"
          options={[
            { value: 'true' as const, label: 'Doses left' },
            { value: 'false' as const, label: 'Used up' },
          ]}
          {...bind('available')}
        />
      </FilterBar>
      <ListStates
        what="the semen stock"
        query={batches}
        filtered={filtered}
        none="No batch matches these filters."
        empty="No frozen semen in stock: record a stallion's collection and its doses."
        add={add}
      />
      {rows &&
        byStallion(rows).map(([id, group]) => (
          <StallionBatches
            key={id}
            name={group.name}
            batches={group.batches}
            onEdit={setEditing}
            busy={batches.isFetching}
          />
        ))}
      <Dialog
        title={editing === 'new' ? 'New semen batch' : 'Edit semen batch'}
        open={editing !== null}
        onClose={close}
        className="w-[min(40rem,95vw)]"
      >
        {editing && (
          <BatchForm
            key={editing === 'new' ? 'new' : editing.id}
            batch={editing === 'new' ? undefined : editing}
            stallionId={filters.stallion}
            onDone={close}
          />
        )}
      </Dialog>
    </>
  );
}
