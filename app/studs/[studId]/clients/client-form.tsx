'use client';

import { useQueryClient } from '@tanstack/react-query';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, Path, UseFormProps } from 'react-hook-form';
import { z } from 'zod';
import { CLIENT_STAGES, clientFields, type Client } from '@/server/stud-crm/client-schema';
import {
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextareaField,
  useRecordForm,
  useToast,
  type FormOf,
  wordOptions,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useStud } from '../stud-context';
import {
  namesOfKind,
  personDefaults,
  personForm,
  PersonFields,
  requireNames,
  TagsField,
  type Names,
} from './client-fields';

const clientForm = z
  .object({ stage: clientFields.shape.stage, ...personForm })
  .superRefine(requireNames);

/** A server path onto the form's field: a tag's error belongs to the tags. */
export const crmPath = (path: string) => (path.startsWith('tag_ids.') ? 'tag_ids' : path);

/**
 * Refreshes every query a client's write may change: clients, prospects and the tags' counts.
 * `listsOnly` leaves out the records' own queries: those of a record just deleted or turned
 * into a client would answer 404.
 */
export function useCrmRefresh({ listsOnly = false }: { listsOnly?: boolean } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = listsOnly
    ? [trpc.studClients.list.pathKey(), trpc.studProspects.list.pathKey(), trpc.studTags.pathKey()]
    : [trpc.studClients.pathKey(), trpc.studProspects.pathKey(), trpc.studTags.pathKey()];
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * The write of a client's or prospect's form: the names of the kind chosen are sent (by
 * `save`), the CRM's lists refreshed and the save announced; `onDone` gets the saved record.
 */
export function useCrmForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  {
    editing,
    defaultValues,
    save,
    onDone,
  }: {
    editing: boolean;
    defaultValues: UseFormProps<z.input<S>, unknown, z.output<S>>['defaultValues'];
    save: (input: z.output<S>) => Promise<{ data: Client }>;
    onDone: (saved: Client) => void;
  },
) {
  const toast = useToast();
  const refresh = useCrmRefresh();
  return useRecordForm(schema, {
    defaultValues,
    save: (values) => save(namesOfKind(values as Names) as z.output<S>),
    onSaved: async (_, { data }) => {
      await refresh();
      toast('success', `${data.display_name} was ${editing ? 'saved' : 'added'}.`);
      onDone(data);
    },
    renamePath: crmPath,
  });
}

/**
 * The form of a client or a prospect: the person and contact fields they share, then the
 * fields of its own (`children`), the tags and notes, and its buttons.
 */
export function CrmForm<T extends FieldValues>({
  record: { form, onSubmit, pending },
  noun,
  editing,
  onCancel,
  children,
}: {
  record: { form: FormOf<T>; onSubmit: (event?: BaseSyntheticEvent) => unknown; pending: boolean };
  noun: 'client' | 'prospect';
  editing: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="mt-3"
      noValidate
      aria-label={`${editing ? 'Edit' : 'New'} ${noun}`}
      onSubmit={onSubmit}
    >
      <PersonFields form={form} />
      {children}
      <TagsField form={form} />
      <TextareaField form={form} name={'notes' as Path<T>} label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions
        label={`${editing ? 'Save' : 'Create'} ${noun}`}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}

/** A new client, or with `client` changes to one; `onDone` gets the saved client. */
export function ClientForm({
  client,
  onDone,
  onCancel,
}: {
  client?: Client;
  onDone: (saved: Client) => void;
  onCancel: () => void;
}) {
  const { studId } = useStud();
  const api = useTRPCClient();
  const record = useCrmForm(clientForm, {
    editing: Boolean(client),
    defaultValues: { stage: client?.stage ?? 'client', ...personDefaults(client) },
    save: (input) =>
      client
        ? api.studClients.update.mutate({ studId, clientId: client.id, ...input })
        : api.studClients.create.mutate({ studId, ...input }),
    onDone,
  });
  return (
    <CrmForm record={record} noun="client" editing={Boolean(client)} onCancel={onCancel}>
      <SelectInputField
        form={record.form}
        name="stage"
        label="Stage"
        className="sm:max-w-60"
        options={wordOptions(CLIENT_STAGES)}
      />
    </CrmForm>
  );
}
