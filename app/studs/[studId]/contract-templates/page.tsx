'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { CONTRACT_KINDS, type Template } from '@/server/stud-contracts/contract-schema';
import {
  actionsColumn,
  Badge,
  Button,
  ConfirmButton,
  DataTable,
  Dialog,
  Empty,
  FilterBar,
  FilterSelect,
  humanize,
  QueryState,
  useListFilters,
  useWriteOutcome,
  type ColumnDef,
  wordOptions,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { TemplateForm } from './template-form';

type Kind = (typeof CONTRACT_KINDS)[number];

/**
 * The stud's contract templates: Markdown bodies with placeholders that a contract copies
 * and fills when it is sent; by kind and whether still offered for new contracts. Writing one
 * in a dialog with the placeholders' help and a live preview.
 */
export default function ContractTemplatesPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const { onSuccess, onError } = useWriteOutcome();
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const { filters, bind } = useListFilters({
    kind: '' as Kind | '',
    active: '' as 'true' | 'false' | '',
  });
  const allowed = may('contracts.view');
  const templates = useQuery({
    ...trpc.studContractTemplates.list.queryOptions({
      studId,
      ...(filters.kind ? { kind: filters.kind } : {}),
      ...(filters.active ? { active: filters.active } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const remove = useMutation(
    trpc.studContractTemplates.remove.mutationOptions({
      onSuccess: onSuccess([trpc.studContractTemplates.pathKey()], 'The template was deleted.'),
      onError,
    }),
  );
  if (!allowed) return <NotAllowed />;
  const rows = templates.data?.data;
  const filtered = Boolean(filters.kind || filters.active);
  const close = () => setEditing(null);
  const add = may('contracts.create') && (
    <Button size="sm" onClick={() => setEditing('new')}>
      New template
    </Button>
  );

  const columns: ColumnDef<Template>[] = [
    {
      id: 'name',
      header: 'Template',
      meta: { rowHeader: true },
      cell: ({ row: { original: t } }) => (
        <>
          <span className="break-words">{t.name}</span>
          <span className="block text-sm font-normal break-words text-muted-foreground">
            {t.placeholders.length > 0
              ? t.placeholders.map((p) => `{{${p}}}`).join(' ')
              : 'No placeholders'}
          </span>
        </>
      ),
    },
    {
      id: 'kind',
      header: 'Kind',
      cell: ({ row: { original: t } }) => humanize(t.kind),
    },
    {
      id: 'active',
      header: 'Offered',
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row: { original: t } }) =>
        t.active ? <Badge tone="ok">Active</Badge> : <Badge>Inactive</Badge>,
    },
  ];
  if (may('contracts.edit') || may('contracts.delete'))
    columns.push(
      actionsColumn((t) => (
        <div className="flex flex-wrap items-center gap-2">
          {may('contracts.edit') && (
            <Button variant="outline" size="sm" onClick={() => setEditing(t)}>
              Edit<span className="sr-only"> {t.name}</span>
            </Button>
          )}
          {may('contracts.delete') && (
            <ConfirmButton
              label="Delete"
              what={t.name}
              question={`Delete ${t.name}? Contracts made from it keep their text.`}
              disabled={remove.isPending}
              onConfirm={() => remove.mutate({ studId, templateId: t.id })}
            />
          )}
        </div>
      )),
    );

  return (
    <>
      <p className="mb-1">
        <Link href={`/studs/${studId}/contracts`}>← Contracts</Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Contract templates</h1>
        {add}
      </div>
      <p className="text-muted-foreground">
        A contract copies its template’s text; the placeholders are filled when it is sent.
      </p>
      <FilterBar>
        <FilterSelect
          id="templates-kind"
          label="Kind"
          allLabel="Every kind"
          options={wordOptions(CONTRACT_KINDS)}
          {...bind('kind')}
        />
        <FilterSelect
          id="templates-active"
          label="Offered"
          allLabel="Active and inactive"
          options={[
            { value: 'true' as const, label: 'Active only' },
            { value: 'false' as const, label: 'Inactive only' },
          ]}
          {...bind('active')}
        />
      </FilterBar>
      <QueryState what="the templates" query={templates} />
      {rows?.length === 0 && (
        <Empty>
          {filtered ? (
            'No template matches these filters.'
          ) : (
            <>No templates yet: write the stud’s breeding, boarding or sale contract once. {add}</>
          )}
        </Empty>
      )}
      {rows && rows.length > 0 && (
        <DataTable
          className="rounded-lg border border-border bg-card p-4"
          label="Contract templates"
          columns={columns}
          data={rows}
          getRowId={(t) => t.id}
          busy={templates.isFetching}
        />
      )}
      <Dialog
        title={editing === 'new' ? 'New template' : `Edit ${editing?.name ?? 'template'}`}
        open={editing !== null}
        onClose={close}
        className="w-[min(72rem,95vw)]"
      >
        {editing !== null && (
          <TemplateForm
            key={editing === 'new' ? 'new' : editing.id}
            template={editing === 'new' ? undefined : editing}
            onDone={close}
          />
        )}
      </Dialog>
    </>
  );
}
