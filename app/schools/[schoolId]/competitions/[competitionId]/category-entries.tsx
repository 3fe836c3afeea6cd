'use client';

import { useMutation } from '@tanstack/react-query';
import {
  actionsColumn,
  Card,
  CardTitle,
  ConfirmButton,
  DataTable,
  humanize,
  useWriteOutcome,
  type ColumnDef,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { useSchool } from '../../school-context';
import type { Competition } from '../competition-form';
import { competitionKeys } from './competition-queries';
import { ResultCell } from './result-cell';

type Entry = Competition['entries'][number];

/** One category: its entries in departure order, each with its result and a way to cancel it. */
export function CategoryEntries({
  competition: c,
  category,
}: {
  competition: Competition;
  category: string;
}) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const write = useWriteOutcome();
  const cancel = useMutation(
    trpc.competitionEntries.remove.mutationOptions({
      onSuccess: write.onSuccess(competitionKeys(trpc), 'The entry was cancelled.'),
      onError: write.onError,
    }),
  );
  const entries = c.entries
    .filter((e) => e.category === category && e.status !== 'cancelled')
    .sort((a, b) => (a.order_number ?? Infinity) - (b.order_number ?? Infinity));
  const columns: ColumnDef<Entry>[] = [
    { id: 'order', header: 'Order', cell: ({ row }) => row.original.order_number ?? '—' },
    { id: 'rider', header: 'Rider', cell: ({ row }) => row.original.student.full_name },
    {
      id: 'horse',
      header: 'Horse',
      cell: ({ row }) => (row.original.horse as { name?: string } | null)?.name ?? '—',
    },
    { id: 'status', header: 'Status', cell: ({ row }) => humanize(row.original.status) },
    {
      id: 'result',
      header: 'Result',
      cell: ({ row: { original: e } }) => (
        <ResultCell
          competitionId={c.id}
          entryId={e.id}
          rider={e.student.full_name}
          result={c.results.find((r) => r.entry_id === e.id) ?? null}
        />
      ),
    },
    actionsColumn(
      (e) =>
        may('competitions.delete') &&
        (e.status === 'pending' || e.status === 'confirmed') && (
          <ConfirmButton
            label="Cancel entry"
            question={`Cancel the entry of ${e.student.full_name}?`}
            onConfirm={() => cancel.mutate({ schoolId, competitionId: c.id, entryId: e.id })}
          />
        ),
    ),
  ];
  return (
    <Card aria-label={category}>
      <CardTitle>{category}</CardTitle>
      {entries.length === 0 ? (
        <p className="text-muted-foreground">No entries yet.</p>
      ) : (
        <DataTable columns={columns} data={entries} getRowId={(e) => e.id} />
      )}
    </Card>
  );
}
