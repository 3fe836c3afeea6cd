'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { useState } from 'react';
import {
  Button,
  formatDate,
  humanize,
  money,
  QueryState,
  RowActions,
  useErrorToast,
  useToast,
  type RowAction,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { NotAllowed, useSchool } from '../../school-context';
import { CompetitionForm } from '../competition-form';
import { CategoryEntries } from './category-entries';
import { CompetitionPayments } from './competition-payments';
import { invalidateCompetition } from './competition-queries';
import { EntryForm } from './entry-form';

/**
 * A competition: its fees, per category the entries in departure order with their results,
 * and its payments; editing and deleting it for those who may.
 */
export default function CompetitionPage() {
  const { competitionId } = useParams<{ competitionId: string }>();
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const competition = useQuery({
    ...trpc.competitions.get.queryOptions({ schoolId, competitionId }),
    enabled: may('competitions.view'),
  });
  const recalculate = useMutation(
    trpc.competitionEntries.recalculateOrder.mutationOptions({
      onSuccess: async (result) => {
        await invalidateCompetition(queryClient, trpc);
        toast('success', result.message);
      },
      onError: showError,
    }),
  );
  const remove = useMutation(
    trpc.competitions.remove.mutationOptions({
      onSuccess: async (result) => {
        toast('success', result.message);
        router.push(`/schools/${schoolId}/competitions`);
        // Only the list: the deleted competition's own queries would answer 404.
        await queryClient.invalidateQueries({ queryKey: trpc.competitions.list.pathKey() });
      },
      onError: showError,
    }),
  );

  if (!may('competitions.view')) return <NotAllowed />;
  if (!competition.data) return <QueryState what="the competition" query={competition} />;
  const c = competition.data.data;
  const open = c.status === 'upcoming' || c.status === 'ongoing';
  const actions: RowAction[] = [
    ...(may('competitions.create')
      ? [
          {
            label: 'Recalculate order',
            disabled: recalculate.isPending,
            onSelect: () => recalculate.mutate({ schoolId, competitionId: c.id }),
          },
        ]
      : []),
    ...(may('competitions.edit') && !editing
      ? [{ label: 'Edit competition', onSelect: () => setEditing(true) }]
      : []),
    ...(may('competitions.delete')
      ? [
          {
            label: 'Delete competition',
            destructive: true,
            confirm: `Delete ${c.name} with its entries, results and payments?`,
            disabled: remove.isPending,
            onSelect: () => remove.mutate({ schoolId, competitionId: c.id }),
          },
        ]
      : []),
  ];
  const fees = c.fees.map(
    (fee) =>
      `${fee.name} ${money(fee.amount, school.currency)}${fee.applies_to === 'entry' ? ' per entry' : ` per ${fee.applies_to}`}`,
  );

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>{c.name}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline" size="sm">
            <Link href={`/schools/${schoolId}/competitions/${c.id}/print`}>Print list</Link>
          </Button>
          <RowActions what={c.name} actions={actions} />
        </div>
      </div>
      {editing && (
        <CompetitionForm
          competition={c}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
      <p className="text-muted-foreground">
        {formatDate(c.date)} · {c.location ?? 'No location'} · {humanize(c.status)}
      </p>
      {fees.length > 0 && <p>Fees: {fees.join(' · ')}</p>}
      {open && may('competitions.create') && (
        // Remounted when the categories are edited, so that it never offers a removed one.
        <EntryForm key={c.categories.join('\n')} competitionId={c.id} categories={c.categories} />
      )}
      {c.categories.map((category) => (
        <CategoryEntries key={category} competition={c} category={category} />
      ))}
      {may('payments.view') && <CompetitionPayments competitionId={c.id} />}
    </>
  );
}
