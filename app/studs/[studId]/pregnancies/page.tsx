'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { PREGNANCY_STATUSES, type Pregnancy } from '@/server/stud-breeding/pregnancy-schema';
import {
  Badge,
  cardClass,
  DataTable,
  Empty,
  FilterBar,
  FilterSelect,
  QueryState,
  useListFilters,
  type ColumnDef,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { dayText, words } from './pregnancy-ui';

/** The mare's name, linking to the pregnancy's page. */
function MareLink({ pregnancy }: { pregnancy: Pregnancy }) {
  const { studId } = useStud();
  return <Link href={`/studs/${studId}/pregnancies/${pregnancy.id}`}>{pregnancy.mare.name}</Link>;
}

/**
 * The stud's pregnancies by due date: mare, stallion, status, the day they are on, the due
 * date and foaling window, and the last check; filtered by status.
 */
export default function PregnanciesPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const { filters, bind } = useListFilters({
    status: '' as (typeof PREGNANCY_STATUSES)[number] | '',
  });
  const allowed = may('breeding.view');
  const pregnancies = useQuery({
    ...trpc.pregnancies.list.queryOptions({
      studId,
      ...(filters.status ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) return <NotAllowed />;
  const rows = pregnancies.data?.data;
  const columns: ColumnDef<Pregnancy>[] = [
    {
      id: 'mare',
      header: 'Mare',
      meta: { rowHeader: true },
      cell: ({ row }) => <MareLink pregnancy={row.original} />,
    },
    { id: 'stallion', header: 'Stallion', cell: ({ row }) => row.original.stallion.name },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <Badge>{words(row.original.status)}</Badge>,
    },
    { id: 'day', header: 'Day', cell: ({ row }) => dayText(row.original) },
    { id: 'due', header: 'Due', cell: ({ row }) => row.original.due_date },
    {
      id: 'window',
      header: 'Foaling window',
      cell: ({ row }) => `${row.original.due_window.from} to ${row.original.due_window.to}`,
    },
    {
      id: 'last',
      header: 'Last check',
      cell: ({ row }) =>
        row.original.last_check
          ? `${row.original.last_check.date}, ${row.original.last_check.result}`
          : '—',
    },
  ];

  return (
    <>
      <h1>Pregnancies</h1>
      <p className="text-muted-foreground">
        A breeding opens a pregnancy; its checks confirm or end it. To record one, record the
        breeding on the <Link href={`/studs/${studId}/breeding`}>breeding page</Link>.
      </p>
      <FilterBar>
        <FilterSelect
          id="pregnancies-status"
          label="Status"
          allLabel="any"
          options={PREGNANCY_STATUSES.map((s) => ({ value: s, label: words(s) }))}
          {...bind('status')}
        />
      </FilterBar>
      <QueryState what="the pregnancies" query={pregnancies} />
      {rows?.length === 0 &&
        (filters.status ? (
          <Empty>No pregnancy is {words(filters.status)}.</Empty>
        ) : (
          <Empty>No pregnancy yet: record a breeding and it opens one.</Empty>
        ))}
      {rows && rows.length > 0 && (
        <>
          <div className="hidden md:block">
            <DataTable
              label="Pregnancies"
              columns={columns}
              data={rows}
              getRowId={(p) => p.id}
              busy={pregnancies.isFetching}
            />
          </div>
          <ul
            aria-label="Pregnancies"
            aria-busy={pregnancies.isFetching}
            className="m-0 list-none p-0 md:hidden"
          >
            {rows.map((p) => (
              <li key={p.id} aria-label={p.mare.name} className={cardClass}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="m-0 text-lg break-words">
                    <MareLink pregnancy={p} />
                  </h2>
                  <Badge>{words(p.status)}</Badge>
                </div>
                <p className="m-0 mt-1 text-sm">
                  By {p.stallion.name} · {dayText(p)}
                </p>
                <p className="m-0 mt-1 text-sm">
                  Due {p.due_date} (window {p.due_window.from} to {p.due_window.to})
                </p>
                {p.last_check && (
                  <p className="m-0 mt-1 text-sm text-muted-foreground">
                    Last check {p.last_check.date}, {p.last_check.result}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
