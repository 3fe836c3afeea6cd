'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { tagFields, type Tag } from '@/server/stud-crm/tag-schema';
import {
  Button,
  ConfirmButton,
  DataTable,
  Dialog,
  Empty,
  FormActions,
  FormErrorSummary,
  QueryState,
  TextInputField,
  useErrorToast,
  useRecordForm,
  useToast,
  type ColumnDef,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useCrmRefresh } from '../clients/client-form';
import { Swatch } from '../clients/crm-ui';
import { NotAllowed, useStud } from '../stud-context';

/** The clients' tags: each with its colour and how many clients carry it; kept by the clients' permissions. */
export default function TagsPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const refresh = useCrmRefresh();
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const tags = useQuery({
    ...trpc.studTags.list.queryOptions({ studId }),
    enabled: may('clients.view'),
  });
  const remove = useMutation(
    trpc.studTags.remove.mutationOptions({
      onSuccess: async (answer) => {
        await refresh();
        toast('success', answer.message);
      },
      onError: showError,
    }),
  );
  if (!may('clients.view')) return <NotAllowed />;
  const close = () => setEditing(null);

  const columns: ColumnDef<Tag>[] = [
    {
      id: 'name',
      header: 'Tag',
      meta: { rowHeader: true },
      cell: ({ row: { original: t } }) => (
        <span className="inline-flex items-center gap-2">
          <Swatch colour={t.colour} className="size-5" />
          <span className="break-words">{t.name}</span>
        </span>
      ),
    },
    {
      id: 'colour',
      header: 'Colour',
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row: { original: t } }) =>
        t.colour ?? <span className="text-muted-foreground">None</span>,
    },
    {
      id: 'clients',
      header: 'Clients',
      cell: ({ row: { original: t } }) => (
        <Link href={`/studs/${studId}/clients?tag=${t.id}`}>
          {t.clients_count}
          <span className="sr-only">
            {' '}
            {t.clients_count === 1 ? 'client' : 'clients'} tagged {t.name}
          </span>
        </Link>
      ),
    },
  ];
  if (may('clients.edit') || may('clients.delete')) {
    columns.push({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: t } }) => (
        <div className="flex flex-wrap items-center gap-2">
          {may('clients.edit') && (
            <Button variant="outline" size="sm" onClick={() => setEditing(t)}>
              Edit<span className="sr-only"> {t.name}</span>
            </Button>
          )}
          {may('clients.delete') && (
            <ConfirmButton
              label="Delete"
              what={t.name}
              question={
                t.clients_count > 0
                  ? `Delete ${t.name}? It is taken off its ${t.clients_count} ${t.clients_count === 1 ? 'client' : 'clients'}.`
                  : `Delete ${t.name}?`
              }
              disabled={remove.isPending}
              onConfirm={() => remove.mutate({ studId, tagId: t.id })}
            />
          )}
        </div>
      ),
    });
  }

  return (
    <>
      <p className="mb-1">
        <Link href={`/studs/${studId}/clients`}>← Clients</Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Tags</h1>
        {may('clients.create') && (
          <Button size="sm" onClick={() => setEditing('new')}>
            New tag
          </Button>
        )}
      </div>
      <p className="text-muted-foreground">
        Tags group the stud&apos;s clients and prospects: filter the lists by one.
      </p>
      <QueryState what="the tags" query={tags} />
      {tags.data?.data.length === 0 && <Empty>No tags yet.</Empty>}
      {tags.data && tags.data.data.length > 0 && (
        <DataTable
          className="rounded-lg border border-border bg-card p-4"
          label="Tags"
          columns={columns}
          data={tags.data.data}
          getRowId={(t) => t.id}
          busy={tags.isFetching}
        />
      )}
      <Dialog
        title={editing === 'new' ? 'New tag' : `Edit ${editing?.name ?? 'tag'}`}
        open={editing !== null}
        onClose={close}
      >
        {editing !== null && (
          <TagForm tag={editing === 'new' ? undefined : editing} onDone={close} />
        )}
      </Dialog>
    </>
  );
}

/** A new tag, or with `tag` its new name and colour. */
function TagForm({ tag, onDone }: { tag?: Tag; onDone: () => void }) {
  const { studId } = useStud();
  const api = useTRPCClient();
  const toast = useToast();
  const refresh = useCrmRefresh();
  const { form, onSubmit, pending } = useRecordForm(tagFields, {
    defaultValues: { name: tag?.name ?? '', colour: tag?.colour ?? '' },
    save: (input) =>
      tag
        ? api.studTags.update.mutate({ studId, tagId: tag.id, ...input })
        : api.studTags.create.mutate({ studId, ...input }),
    onSaved: async (_, { data }) => {
      await refresh();
      toast('success', `${data.name} was ${tag ? 'saved' : 'added'}.`);
      onDone();
    },
  });
  const colour = form.watch('colour') ?? '';
  const valid = /^#[0-9A-Fa-f]{6}$/.test(colour);
  return (
    <form className="mt-3" noValidate aria-label={tag ? 'Edit tag' : 'New tag'} onSubmit={onSubmit}>
      <TextInputField form={form} name="name" label="Name" required autoComplete="off" />
      <div className="flex items-start gap-3">
        <TextInputField
          form={form}
          name="colour"
          label="Colour"
          hint="#RRGGBB, or empty for none."
          className="min-w-0 flex-1"
          autoComplete="off"
          spellCheck={false}
        />
        <div className="mb-4">
          <label htmlFor="tag-colour-picker" className="mb-1 block font-semibold">
            Pick<span className="sr-only"> a colour</span>
          </label>
          <input
            id="tag-colour-picker"
            type="color"
            className="h-11 w-14 cursor-pointer rounded-md border border-input bg-card p-1"
            value={valid ? colour.toLowerCase() : '#888888'}
            onChange={(event) =>
              form.setValue('colour', event.target.value, {
                shouldDirty: true,
                shouldValidate: true,
              })
            }
          />
        </div>
      </div>
      <FormErrorSummary form={form} />
      <FormActions label={tag ? 'Save tag' : 'Create tag'} pending={pending} onCancel={onDone} />
    </form>
  );
}
