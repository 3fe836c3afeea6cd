'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FieldValues, Path, PathValue } from 'react-hook-form';
import { z } from 'zod';
import {
  interestFields,
  PIPELINE_STATUSES,
  prospectFields,
  type Client,
} from '@/server/stud-crm/client-schema';
import {
  blankAs,
  money,
  numberText,
  SelectInputField,
  TextInputField,
  type FormOf,
  wordOptions,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { personDefaults, personForm, requireNames } from '../clients/client-fields';
import { CrmForm, useCrmForm } from '../clients/client-form';
import { serviceName } from '../services/service-terms';
import { useStud } from '../stud-context';

const shape = prospectFields.shape;

/**
 * A prospect's form: the client fields with the pipeline status, the stallion and service of
 * interest and the expected value.
 */
const prospectForm = z
  .object({
    ...personForm,
    pipeline_status: shape.pipeline_status,
    interest: z.object({
      stallion_id: blankAs(interestFields.shape.stallion_id, null),
      service_id: blankAs(interestFields.shape.service_id, null),
    }),
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

/**
 * The service of interest: the stud's active services, only the chosen stallion's when one is
 * chosen (the server refuses another's). Choosing another stallion clears a service of the
 * one before. A service no longer offered stays a choice while it is the prospect's.
 */
function ServiceField<T extends FieldValues>({ form }: { form: FormOf<T> }) {
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const services = useQuery({
    ...trpc.studServices.list.queryOptions({ studId, active: 'true' }),
    enabled: may('services.view'),
  });
  const stallionId: string = form.watch('interest.stallion_id' as Path<T>) ?? '';
  const serviceId: string = form.watch('interest.service_id' as Path<T>) ?? '';
  const active = services.data?.data ?? [];
  const chosen = active.find((s) => s.id === serviceId);
  useEffect(() => {
    if (chosen && stallionId && chosen.stallion_id !== stallionId)
      form.setValue('interest.service_id' as Path<T>, '' as PathValue<T, Path<T>>);
  }, [chosen, stallionId, form]);
  if (!may('services.view')) return null;
  const listed = active
    .filter((s) => !stallionId || s.stallion_id === stallionId)
    .map((s) => ({
      value: s.id,
      label: `${stallionId ? '' : `${s.stallion.name}, `}${s.season}: ${serviceName(s).toLowerCase()}, ${money(s.stud_fee, stud.currency)}`,
    }));
  const kept =
    serviceId && services.data && !chosen
      ? [{ value: serviceId, label: 'A service no longer offered' }]
      : [];
  return (
    <SelectInputField
      form={form}
      name={'interest.service_id' as Path<T>}
      label="Service of interest"
      hint={stallionId ? "The stallion's active services." : 'Active services of the stud.'}
      options={[{ value: '', label: services.isPending ? 'Loading…' : 'None' }, ...kept, ...listed]}
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
  const record = useCrmForm(prospectForm, {
    editing: Boolean(prospect),
    defaultValues: {
      ...personDefaults(prospect),
      pipeline_status: prospect?.pipeline_status ?? 'new',
      interest: {
        stallion_id: prospect?.interest.stallion_id ?? '',
        service_id: prospect?.interest.service_id ?? '',
      },
      expected_value: prospect?.expected_value?.toString() ?? '',
    },
    save: (input) =>
      prospect
        ? api.studProspects.update.mutate({ studId, prospectId: prospect.id, ...input })
        : api.studProspects.create.mutate({ studId, ...input }),
    onDone,
  });
  const { form } = record;
  return (
    <CrmForm record={record} noun="prospect" editing={Boolean(prospect)} onCancel={onCancel}>
      <fieldset className="mb-3 rounded-md border border-border p-3">
        <legend className="px-1 font-semibold">Pipeline</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <SelectInputField
            form={form}
            name="pipeline_status"
            label="Pipeline status"
            options={wordOptions(PIPELINE_STATUSES)}
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
          <ServiceField form={form} />
        </div>
      </fieldset>
    </CrmForm>
  );
}
