'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Suspense, useState } from 'react';
import { CLIENT_STAGES, type Client } from '@/server/stud-crm/client-schema';
import {
  Button,
  DataTable,
  Dialog,
  Empty,
  FilterBar,
  FilterSearch,
  FilterSelect,
  Pager,
  QueryState,
  useDebounced,
  useListFilters,
  type ColumnDef,
  wordOptions,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { ClientForm } from './client-form';
import { contactLine, StageBadge, TagChips } from './crm-ui';

type Stage = (typeof CLIENT_STAGES)[number];

export default function ClientsPage() {
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      <Clients />
    </Suspense>
  );
}

/**
 * The stud's clients by name: a search, the stage (clients unless chosen) and a tag; adding
 * one in a dialog. `?tag=` opens the list on a tag's clients of every stage (from the tags).
 */
function Clients() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const tagParam = useSearchParams().get('tag') ?? '';
  const [adding, setAdding] = useState(false);
  const { filters, page, setPage, bind } = useListFilters({
    search: '',
    stage: (tagParam ? '' : 'client') as Stage | '',
    tag: tagParam,
  });
  const search = useDebounced(filters.search.trim());
  const { stage, tag } = filters;
  const clients = useQuery({
    ...trpc.studClients.list.queryOptions({
      studId,
      page,
      ...(search ? { search } : {}),
      ...(stage ? { stage } : {}),
      ...(tag ? { tag } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: may('clients.view'),
  });
  const tags = useQuery({
    ...trpc.studTags.list.queryOptions({ studId }),
    enabled: may('clients.view'),
  });
  if (!may('clients.view')) return <NotAllowed />;
  const filtered = Boolean(search || tag || stage !== 'client');

  const columns: ColumnDef<Client>[] = [
    {
      id: 'name',
      header: 'Client',
      meta: { rowHeader: true },
      cell: ({ row: { original: c } }) => (
        <>
          <Link href={`/studs/${studId}/clients/${c.id}`}>{c.display_name}</Link>
          <span className="block text-sm font-normal break-all text-muted-foreground">
            {contactLine(c) || 'No e-mail or phone'}
          </span>
        </>
      ),
    },
    {
      id: 'tags',
      header: 'Tags',
      cell: ({ row: { original: c } }) => <TagChips tags={c.tags} of={c.display_name} />,
    },
    {
      id: 'stage',
      header: 'Stage',
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row: { original: c } }) => <StageBadge client={c} />,
    },
  ];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Clients</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline" size="sm">
            <Link href={`/studs/${studId}/tags`}>Tags</Link>
          </Button>
          {may('clients.create') && (
            <Button size="sm" onClick={() => setAdding(true)}>
              New client
            </Button>
          )}
        </div>
      </div>
      <FilterBar>
        <FilterSearch
          id="client-search"
          label="Search"
          placeholder="Name, company or e-mail"
          {...bind('search')}
        />
        <FilterSelect
          id="client-stage"
          label="Stage"
          allLabel="All stages"
          options={wordOptions(CLIENT_STAGES)}
          {...bind('stage')}
        />
        <FilterSelect
          id="client-tag"
          label="Tag"
          allLabel="Any tag"
          options={(tags.data?.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          {...bind('tag')}
        />
      </FilterBar>
      <QueryState what="the clients" query={clients} />
      {clients.data?.data.length === 0 && (
        <Empty>
          {filtered
            ? 'No client matches these filters.'
            : 'No clients yet: add the people and companies the stud works with.'}
        </Empty>
      )}
      {clients.data && clients.data.data.length > 0 && (
        <DataTable
          className="rounded-lg border border-border bg-card p-4"
          label="Clients"
          columns={columns}
          data={clients.data.data}
          getRowId={(c) => c.id}
          busy={clients.isFetching}
        />
      )}
      {clients.data && <Pager meta={clients.data.meta} onPage={setPage} noun="clients" />}
      <Dialog
        title="New client"
        open={adding}
        onClose={() => setAdding(false)}
        className="w-[min(40rem,95vw)]"
      >
        <ClientForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Dialog>
    </>
  );
}
