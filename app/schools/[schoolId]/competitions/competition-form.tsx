'use client';

import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { COMPETITION_STATUSES } from '@/server/competitions/competition-schema';
import type { AppRouter } from '@/server/router';
import {
  cardClass,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextInputField,
  useRecordForm,
  useToast,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useSchool } from '../school-context';
import { wordOptions } from '@/app/components/ui';
import { CategoryFields } from './category-fields';
import { competitionForm, newFee } from './competition-form-schema';
import { FeeFields } from './fee-fields';

export type Competition = inferRouterOutputs<AppRouter>['competitions']['get']['data'];

/**
 * A competition's profile, categories and fees: creates one, or with `competition` edits it
 * (the fees sent replace the list; a category that has entries cannot be removed, which the
 * server answers beside the categories).
 */
export function CompetitionForm({
  competition,
  onCancel,
  onSaved,
}: {
  competition?: Competition;
  onCancel: () => void;
  onSaved: (saved: Competition) => void;
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending } = useRecordForm(competitionForm, {
    defaultValues: {
      name: competition?.name ?? '',
      date: competition?.date ?? '',
      location: competition?.location ?? '',
      status: competition?.status ?? 'upcoming',
      categories: competition ? competition.categories : [''],
      fees: competition
        ? competition.fees.map((fee) => ({ ...fee, amount: String(fee.amount) }))
        : [newFee('Entry fee')],
    },
    save: ({ status, ...fields }) =>
      competition
        ? client.competitions.update.mutate({
            schoolId,
            competitionId: competition.id,
            ...fields,
            status,
          })
        : client.competitions.create.mutate({ schoolId, ...fields }),
    onSaved: async (_, result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.competitions.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.competitionPayments.pathKey() }),
      ]);
      toast('success', `${result.data.name} was ${competition ? 'saved' : 'created'}.`);
      onSaved(result.data);
    },
  });

  return (
    <form
      className={cardClass}
      noValidate
      aria-label={competition ? 'Edit competition' : 'New competition'}
      onSubmit={onSubmit}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="name" label="Name" required />
        <TextInputField form={form} name="date" label="Date" type="date" required />
        <TextInputField form={form} name="location" label="Location" />
        {competition && (
          <SelectInputField
            form={form}
            name="status"
            label="Status"
            options={wordOptions(COMPETITION_STATUSES)}
          />
        )}
      </div>
      <CategoryFields form={form} />
      <FeeFields form={form} />
      <FormErrorSummary form={form} />
      <FormActions
        label={competition ? 'Save competition' : 'Create competition'}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
