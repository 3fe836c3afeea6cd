'use client';

import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState } from 'react';
import { PIPELINE_STATUSES, type Client } from '@/server/stud-crm/client-schema';
import {
  Button,
  cardClass,
  cn,
  Dialog,
  Empty,
  FilterBar,
  FilterSearch,
  FilterSelect,
  humanize,
  Label,
  money,
  NativeSelect,
  Options,
  Pager,
  QueryState,
  useDebounced,
  useErrorToast,
  useToast,
  wordOptions,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useCrmRefresh } from '../clients/client-form';
import { TagChips } from '../clients/crm-ui';
import { NotAllowed, useStud } from '../stud-context';
import { ProspectForm, useStallions } from './prospect-form';

type Status = (typeof PIPELINE_STATUSES)[number];

/** Prospects a column shows at once; more go to its own pages. */
const PER_COLUMN = 25;
const firstPages = Object.fromEntries(PIPELINE_STATUSES.map((s) => [s, 1])) as Record<
  Status,
  number
>;

/**
 * The prospects as a pipeline board: a column per pipeline status, a card per prospect with
 * its stallion of interest and expected value; a card moves by its status select, and a
 * prospect becomes a client with "Convert to client".
 */
export default function ProspectsPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const [adding, setAdding] = useState(false);
  const [filters, setFilters] = useState({ search: '', tag: '' });
  const [pages, setPages] = useState(firstPages);
  const search = useDebounced(filters.search.trim());
  const filter = (name: keyof typeof filters) => ({
    value: filters[name],
    onChange: (value: string) => {
      setFilters((current) => ({ ...current, [name]: value }));
      setPages(firstPages);
    },
  });
  const columns = useQueries({
    queries: PIPELINE_STATUSES.map((status) => ({
      ...trpc.studProspects.list.queryOptions({
        studId,
        pipeline_status: status,
        page: pages[status],
        per_page: PER_COLUMN,
        ...(search ? { search } : {}),
        ...(filters.tag ? { tag: filters.tag } : {}),
      }),
      placeholderData: keepPreviousData,
      enabled: may('clients.view'),
    })),
  });
  const tags = useQuery({
    ...trpc.studTags.list.queryOptions({ studId }),
    enabled: may('clients.view'),
  });
  const stallions = useStallions();
  if (!may('clients.view')) return <NotAllowed />;
  const stallionName = (id: string | null) =>
    id ? stallions.data?.data.find((s) => s.id === id)?.name : undefined;
  const loaded = columns.every((column) => column.data);
  const none = loaded && columns.every((column) => column.data!.meta.total === 0);

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Prospects</h1>
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline" size="sm">
            <Link href={`/studs/${studId}/tags`}>Tags</Link>
          </Button>
          {may('clients.create') && (
            <Button size="sm" onClick={() => setAdding(true)}>
              New prospect
            </Button>
          )}
        </div>
      </div>
      <FilterBar>
        <FilterSearch
          id="prospect-search"
          label="Search"
          placeholder="Name, company or e-mail"
          {...filter('search')}
        />
        <FilterSelect
          id="prospect-tag"
          label="Tag"
          allLabel="Any tag"
          options={(tags.data?.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          {...filter('tag')}
        />
      </FilterBar>
      {none ? (
        <Empty>
          {search || filters.tag
            ? 'No prospect matches these filters.'
            : 'No prospects yet: add the people interested in the stud’s stallions.'}
        </Empty>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {PIPELINE_STATUSES.map((status, index) => (
            <Column
              key={status}
              status={status}
              query={columns[index]!}
              stallionName={stallionName}
              onPage={(page) => setPages((current) => ({ ...current, [status]: page }))}
            />
          ))}
        </div>
      )}
      <Dialog
        title="New prospect"
        open={adding}
        onClose={() => setAdding(false)}
        className="w-[min(40rem,95vw)]"
      >
        <ProspectForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </Dialog>
    </>
  );
}

type ColumnQuery = {
  data?: { data: Client[]; meta: { current_page: number; last_page: number; total: number } };
  isPending: boolean;
  isFetching: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
};

function Column({
  status,
  query,
  stallionName,
  onPage,
}: {
  status: Status;
  query: ColumnQuery;
  stallionName: (id: string | null) => string | undefined;
  onPage: (page: number) => void;
}) {
  const heading = useId();
  const prospects = query.data?.data;
  return (
    <section
      aria-labelledby={heading}
      aria-busy={query.isFetching || undefined}
      className="min-w-0 rounded-lg border border-border bg-background p-2"
    >
      <div className="mb-2 flex items-center justify-between gap-2 px-1">
        <h2 id={heading} className="m-0 text-lg">
          {humanize(status)}
        </h2>
        {query.data && (
          <span className="text-sm text-muted-foreground">
            {query.data.meta.total}
            <span className="sr-only"> prospects</span>
          </span>
        )}
      </div>
      {!query.data && <QueryState what={`the ${status} prospects`} query={query} />}
      {prospects?.length === 0 && <p className="m-0 px-1 pb-1 text-muted-foreground">None.</p>}
      {prospects && prospects.length > 0 && (
        <ul aria-label={`${humanize(status)} prospects`} className="m-0 list-none space-y-2 p-0">
          {prospects.map((prospect) => (
            <ProspectCard
              key={prospect.id}
              prospect={prospect}
              stallion={stallionName(prospect.interest.stallion_id)}
            />
          ))}
        </ul>
      )}
      {query.data && (
        <Pager meta={query.data.meta} onPage={onPage} label={`${humanize(status)} pages`} />
      )}
    </section>
  );
}

function ProspectCard({ prospect: p, stallion }: { prospect: Client; stallion?: string }) {
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const refresh = useCrmRefresh();
  const selectId = useId();
  const move = useMutation(
    trpc.studProspects.update.mutationOptions({
      onSuccess: async ({ data }) => {
        await refresh();
        toast(
          'success',
          `${data.display_name} moved to ${humanize(data.pipeline_status ?? '', { midSentence: true })}.`,
        );
      },
      onError: showError,
    }),
  );
  const convert = useMutation(
    trpc.studProspects.convert.mutationOptions({
      onSuccess: async ({ data }) => {
        await refresh();
        toast('success', `${data.display_name} is now a client.`);
      },
      onError: showError,
    }),
  );
  const editable = may('clients.edit') && p.anonymized_at === null;
  return (
    <li className={cn(cardClass, 'mb-0 p-3 lg:p-2')}>
      <Link href={`/studs/${studId}/prospects/${p.id}`} className="font-semibold break-words">
        {p.display_name}
      </Link>
      {stallion && (
        <p className="m-0 mt-1 text-sm">
          <span className="text-muted-foreground">Interested in</span> {stallion}
        </p>
      )}
      {p.expected_value !== null && (
        <p className="m-0 mt-1 text-sm">
          <span className="text-muted-foreground">Expected</span>{' '}
          {money(p.expected_value, stud.currency)}
        </p>
      )}
      {p.tags.length > 0 && (
        <div className="mt-1">
          <TagChips tags={p.tags} of={p.display_name} />
        </div>
      )}
      {editable && (
        <div className="mt-2 flex flex-col gap-2">
          <div>
            <Label htmlFor={selectId} className="text-sm">
              Status<span className="sr-only"> of {p.display_name}</span>
            </Label>
            <NativeSelect
              id={selectId}
              className="py-1.5 text-sm"
              value={p.pipeline_status ?? 'new'}
              disabled={move.isPending}
              onChange={(event) =>
                move.mutate({
                  studId,
                  prospectId: p.id,
                  pipeline_status: event.target.value as Status,
                })
              }
            >
              <Options options={wordOptions(PIPELINE_STATUSES)} />
            </NativeSelect>
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={convert.isPending}
            onClick={() => convert.mutate({ studId, prospectId: p.id })}
          >
            Convert to client<span className="sr-only"> {p.display_name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
