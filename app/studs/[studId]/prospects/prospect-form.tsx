'use client';

import { useQuery } from '@tanstack/react-query';
import type { FieldValues, Path } from 'react-hook-form';
import { z } from 'zod';
import {
  interestFields,
  PIPELINE_STATUSES,
  prospectFields,
  type Client,
} from '@/server/stud-crm/client-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useToast,
  type FormOf,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import {
  namesOfKind,
  personDefaults,
  personForm,
  PersonFields,
  requireNames,
  TagsField,
} from '../clients/client-fields';
import { crmPath, useCrmRefresh } from '../clients/client-form';
import { optionsOf } from '../clients/crm-ui';
import { useStud } from '../stud-context';

const shape = prospectFields.shape;

/**
 * A prospect's form: the client fields with the pipeline status, the stallion of interest and
 * the expected value. The interest's service is left out: the stud has no services yet.
 */
const prospectForm = z
  .object({
    ...personForm,
    pipeline_status: shape.pipeline_status,
    interest: z.object({ stallion_id: blankAs(interestFields.shape.stallion_id, null) }),
    expected_value: numberText(shape.expected_value, null),
  })
  .superRefine(requireNames);

/** The stud's stallions, by name, for a prospect's interest. */
export function useStallions() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  return useQuery({
    ...trpc.stallions.list.queryOptions({ studId }),
    enabled: may('horses.view'),
  });
}

function StallionField<T extends FieldValues>({ form }: { form: FormOf<T> }) {
  const stallions = useStallions();
  return (
    <SelectInputField
      form={form}
      name={'interest.stallion_id' as Path<T>}
      label="Stallion of interest"
      options={[
        { value: '', label: stallions.isPending ? 'Loading…' : 'None' },
        ...(stallions.data?.data.map((s) => ({ value: s.id, label: s.name })) ?? []),
      ]}
    />
  );
}

/** A new prospect, or with `prospect` changes to one; `onDone` gets the saved prospect. */
export function ProspectForm({
  prospect,
  onDone,
  onCancel,
}: {
  prospect?: Client;
  onDone: (saved: Client) => void;
  onCancel: () => void;
}) {
  const { stud, studId } = useStud();
  const api = useTRPCClient();
  const toast = useToast();
  const refresh = useCrmRefresh();
  const { form, onSubmit, pending } = useRecordForm(prospectForm, {
    defaultValues: {
      ...personDefaults(prospect),
      pipeline_status: prospect?.pipeline_status ?? 'new',
      interest: { stallion_id: prospect?.interest.stallion_id ?? '' },
      expected_value: prospect?.expected_value?.toString() ?? '',
    },
    save: (values) => {
      const input = namesOfKind(values);
      return prospect
        ? api.studProspects.update.mutate({ studId, prospectId: prospect.id, ...input })
        : api.studProspects.create.mutate({ studId, ...input });
    },
    onSaved: async (_, { data }) => {
      await refresh();
      toast('success', `${data.display_name} was ${prospect ? 'saved' : 'added'}.`);
      onDone(data);
    },
    renamePath: crmPath,
  });
  return (
    <form
      className="mt-3"
      noValidate
      aria-label={prospect ? 'Edit prospect' : 'New prospect'}
      onSubmit={onSubmit}
    >
      <PersonFields form={form} />
      <fieldset className="mb-3 rounded-md border border-border p-3">
        <legend className="px-1 font-semibold">Pipeline</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectInputField
            form={form}
            name="pipeline_status"
            label="Pipeline status"
            options={optionsOf(PIPELINE_STATUSES)}
          />
          <TextInputField
            form={form}
            name="expected_value"
            label={`Expected value (${stud.currency})`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
          />
          <StallionField form={form} />
        </div>
      </fieldset>
      <TagsField form={form} />
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions
        label={prospect ? 'Save prospect' : 'Create prospect'}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
