'use client';

import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CLIENT_STAGES, clientFields, type Client } from '@/server/stud-crm/client-schema';
import {
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextareaField,
  useRecordForm,
  useToast,
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
} from './client-fields';
import { optionsOf } from './crm-ui';

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
  const toast = useToast();
  const refresh = useCrmRefresh();
  const { form, onSubmit, pending } = useRecordForm(clientForm, {
    defaultValues: { stage: client?.stage ?? 'client', ...personDefaults(client) },
    save: (values) => {
      const input = namesOfKind(values);
      return client
        ? api.studClients.update.mutate({ studId, clientId: client.id, ...input })
        : api.studClients.create.mutate({ studId, ...input });
    },
    onSaved: async (_, { data }) => {
      await refresh();
      toast('success', `${data.display_name} was ${client ? 'saved' : 'added'}.`);
      onDone(data);
    },
    renamePath: crmPath,
  });
  return (
    <form
      className="mt-3"
      noValidate
      aria-label={client ? 'Edit client' : 'New client'}
      onSubmit={onSubmit}
    >
      <PersonFields form={form} />
      <SelectInputField
        form={form}
        name="stage"
        label="Stage"
        className="sm:max-w-60"
        options={optionsOf(CLIENT_STAGES)}
      />
      <TagsField form={form} />
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions
        label={client ? 'Save client' : 'Create client'}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
