'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { PREGNANCY_STATUSES, type Pregnancy } from '@/server/stud-breeding/pregnancy-schema';
import {
  Badge,
  cardClass,
  DataTable,
  dateColumn,
  Empty,
  FilterBar,
  FilterSelect,
  formatDate,
  humanize,
  QueryState,
  useListFilters,
  type ColumnDef,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';
import { dayText, windowText } from './pregnancy-ui';

/** The last check: "27 Nov 2026, positive". */
const lastCheckText = (check: NonNullable<Pregnancy['last_check']>) =>
  `${formatDate(check.date)}, ${humanize(check.result, { midSentence: true })}`;

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
      cell: ({ row }) => <Badge>{humanize(row.original.status)}</Badge>,
    },
    { id: 'day', header: 'Day', cell: ({ row }) => dayText(row.original) },
    dateColumn<Pregnancy>('due_date', 'Due'),
    {
      id: 'window',
      header: 'Foaling window',
      cell: ({ row }) => windowText(row.original.due_window),
    },
    {
      id: 'last',
      header: 'Last check',
      cell: ({ row }) => (row.original.last_check ? lastCheckText(row.original.last_check) : '—'),
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
          allLabel="Any"
          options={PREGNANCY_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          {...bind('status')}
        />
      </FilterBar>
      <QueryState what="the pregnancies" query={pregnancies} />
      {rows?.length === 0 &&
        (filters.status ? (
          <Empty>No pregnancy is {humanize(filters.status, { midSentence: true })}.</Empty>
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
                  <Badge>{humanize(p.status)}</Badge>
                </div>
                <p className="m-0 mt-1 text-sm">
                  By {p.stallion.name} · {dayText(p)}
                </p>
                <p className="m-0 mt-1 text-sm">
                  Due {formatDate(p.due_date)} (window {windowText(p.due_window)})
                </p>
                {p.last_check && (
                  <p className="m-0 mt-1 text-sm text-muted-foreground">
                    Last check {lastCheckText(p.last_check)}
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
