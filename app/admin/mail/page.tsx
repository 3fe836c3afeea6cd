'use client';

import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useSearchParams } from 'next/navigation';
import { Suspense, useState } from 'react';
import { OUTBOX_STATUSES, type OutboxStatus } from '@/db/schema/platform-values';
import type { AppRouter } from '@/server/router';
import {
  Button,
  DataTable,
  Empty,
  FilterSelect,
  humanize,
  useListFilters,
  Pager,
  QueryState,
  statusColumn,
  type ColumnDef,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { AdminShell } from '../admin-shell';
import { wordOptions } from '@/app/components/ui';
import { MessageDetail } from './message-detail';
import { when } from './when';

type Entry = inferRouterOutputs<AppRouter>['admin']['mail']['list']['data'][number];

/** The outbox: every e-mail the platform queued, its delivery state, and retry of a failed one. */
export default function MailOutboxPage() {
  // `?status=failed` (the dashboard's link) is read in the browser: a boundary for the build.
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      <OutboxAtAddress />
    </Suspense>
  );
}

/** A new address (the navigation's link after the dashboard's) starts the filters again. */
function OutboxAtAddress() {
  const status = OUTBOX_STATUSES.find((s) => s === useSearchParams().get('status')) ?? '';
  return <MailOutbox key={status} initialStatus={status} />;
}

function MailOutbox({ initialStatus }: { initialStatus: OutboxStatus | '' }) {
  const trpc = useTRPC();
  const { filters, page, setPage, bind } = useListFilters({ status: initialStatus });
  const { status } = filters;
  const [selected, setSelected] = useState<string | null>(null);
  const list = useQuery(
    trpc.admin.mail.list.queryOptions(
      { page, per_page: 20, ...(status ? { status } : {}) },
      { refetchInterval: 10_000 },
    ),
  );
  const meta = list.data?.meta;
  const columns: ColumnDef<Entry>[] = [
    { id: 'queued', header: 'Queued', cell: ({ row }) => when(row.original.created_at) },
    { accessorKey: 'to', header: 'Recipient' },
    {
      id: 'subject',
      header: 'Subject',
      cell: ({ row: { original: entry } }) => (
        <Button
          variant="link"
          className="p-0 text-left"
          aria-pressed={entry.id === selected}
          onClick={() => setSelected(entry.id)}
        >
          {entry.subject}
        </Button>
      ),
    },
    statusColumn(),
    { accessorKey: 'attempts', header: 'Attempts' },
  ];
  return (
    <AdminShell title="Mail outbox">
      <FilterSelect
        id="status-filter"
        label="Status"
        allLabel="All"
        className="mb-3 max-w-xs"
        options={wordOptions(OUTBOX_STATUSES)}
        {...bind('status')}
      />
      <QueryState what="the outbox" query={list} />
      {list.data?.data.length === 0 && (
        <Empty>No e-mails{status ? ` with status “${humanize(status)}”` : ''} yet.</Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <DataTable
          label="E-mails, newest first"
          columns={columns}
          data={list.data.data}
          getRowId={(entry) => entry.id}
          rowClassName={(entry) => (entry.id === selected ? 'bg-card' : undefined)}
        />
      )}
      {meta && <Pager meta={meta} onPage={setPage} />}
      {selected && <MessageDetail id={selected} onClose={() => setSelected(null)} />}
    </AdminShell>
  );
}
