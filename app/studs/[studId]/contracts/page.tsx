'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { CONTRACT_STATUSES, type Contract } from '@/server/stud-contracts/contract-schema';
import {
  Button,
  DataTable,
  Dialog,
  Empty,
  FilterBar,
  FilterSearch,
  FilterSelect,
  formatDate,
  humanize,
  Pager,
  QueryState,
  useDebounced,
  useListFilters,
  type ColumnDef,
  wordOptions,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { ContractForm } from './contract-form';
import { ContractStatusBadge, dayIn, signedCount } from './contract-ui';

type Status = (typeof CONTRACT_STATUSES)[number];

/**
 * The stud's contracts, newest first: by state and a search of the number or title; each with
 * its client, how many signers have signed and when its links expire. A new contract in a
 * dialog, from a template, opens its page; the templates have their own page.
 */
export default function ContractsPage() {
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  const { filters, page, setPage, bind } = useListFilters({
    search: '',
    status: '' as Status | '',
  });
  const search = useDebounced(filters.search.trim());
  const allowed = may('contracts.view');
  const contracts = useQuery({
    ...trpc.studContracts.list.queryOptions({
      studId,
      page,
      ...(search ? { search } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) return <NotAllowed />;
  const rows = contracts.data?.data;
  const filtered = Boolean(search || filters.status);
  const add = may('contracts.create') && (
    <Button size="sm" onClick={() => setAdding(true)}>
      New contract
    </Button>
  );

  const columns: ColumnDef<Contract>[] = [
    {
      id: 'contract',
      header: 'Contract',
      meta: { rowHeader: true },
      cell: ({ row: { original: c } }) => (
        <>
          <Link href={`/studs/${studId}/contracts/${c.id}`} className="break-words">
            {c.title}
          </Link>
          <span className="block text-sm font-normal text-muted-foreground">
            {c.number} · {humanize(c.kind)}
          </span>
        </>
      ),
    },
    {
      id: 'client',
      header: 'Client',
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row: { original: c } }) =>
        c.client?.name ?? <span className="text-muted-foreground">None</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: c } }) => (
        <>
          <ContractStatusBadge status={c.status} />
          {c.status !== 'draft' && (
            <span className="block text-sm text-muted-foreground">{signedCount(c)}</span>
          )}
        </>
      ),
    },
    {
      id: 'expires',
      header: 'Expires',
      meta: { className: 'hidden md:table-cell' },
      cell: ({ row: { original: c } }) =>
        c.expires_at ? formatDate(dayIn(stud.timezone, c.expires_at)) : '—',
    },
  ];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Contracts</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline" size="sm">
            <Link href={`/studs/${studId}/contract-templates`}>Templates</Link>
          </Button>
          {add}
        </div>
      </div>
      <FilterBar>
        <FilterSearch
          id="contract-search"
          label="Search"
          placeholder="Number or title"
          {...bind('search')}
        />
        <FilterSelect
          id="contract-status"
          label="Status"
          allLabel="Every status"
          options={wordOptions(CONTRACT_STATUSES)}
          {...bind('status')}
        />
      </FilterBar>
      <QueryState what="the contracts" query={contracts} />
      {rows?.length === 0 && (
        <Empty>
          {filtered ? (
            'No contract matches these filters.'
          ) : (
            <>No contracts yet: write one from a template and send it for signing. {add}</>
          )}
        </Empty>
      )}
      {rows && rows.length > 0 && (
        <DataTable
          className="rounded-lg border border-border bg-card p-4"
          label="Contracts"
          columns={columns}
          data={rows}
          getRowId={(c) => c.id}
          busy={contracts.isFetching}
        />
      )}
      {contracts.data && (
        <Pager
          meta={contracts.data.meta}
          onPage={setPage}
          label="Contract pages"
          noun="contracts"
        />
      )}
      <Dialog
        title="New contract"
        open={adding}
        onClose={() => setAdding(false)}
        className="w-[min(48rem,95vw)]"
      >
        {adding && (
          <ContractForm
            onDone={() => setAdding(false)}
            onSaved={(contract) => router.push(`/studs/${studId}/contracts/${contract.id}`)}
          />
        )}
      </Dialog>
    </>
  );
}
