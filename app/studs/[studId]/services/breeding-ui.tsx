'use client';

import type { ReactNode } from 'react';
import { cardClass, DataTable, Empty, QueryState, type ColumnDef } from '../../../components/ui';

/*
 * What the pages of the breeding offer and stock share: the stallion filter, the states of
 * their lists, and a table that is cards on a phone.
 */

type OfStallion = { stallion_id: string; stallion: { name: string } };

/** The stallions that `records` name, once each by name: the choices of a stallion filter. */
export function stallionOptions(records: OfStallion[]) {
  const names = new Map(records.map((r) => [r.stallion_id, r.stallion.name]));
  return [...names]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * A list's loading and error states, and its empty one: `none` when nothing matches the
 * filters, else `empty` with its call to action (`add`).
 */
export function ListStates({
  what,
  query,
  filtered,
  none,
  empty,
  add,
}: {
  what: string;
  query: {
    isPending: boolean;
    error: { message: string } | null;
    refetch?: () => unknown;
    data?: { data: unknown[] };
  };
  filtered: boolean;
  none: string;
  empty: string;
  add: ReactNode;
}) {
  return (
    <>
      <QueryState what={what} query={query} />
      {query.data?.data.length === 0 && (
        <Empty>
          {filtered ? (
            none
          ) : (
            <>
              {empty} {add}
            </>
          )}
        </Empty>
      )}
    </>
  );
}

/**
 * Rows as a table from a tablet's width, as cards (`card`, the content of each) on a phone:
 * nothing wider than 375 px. Both are named `label`.
 */
export function TableOrCards<T extends { id: string }>({
  label,
  columns,
  data,
  busy,
  card,
  cardLabel,
  rowClassName,
}: {
  label: string;
  columns: ColumnDef<T>[];
  data: T[];
  busy?: boolean;
  card: (row: T) => ReactNode;
  cardLabel: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
}) {
  return (
    <>
      <div className="hidden md:block">
        <DataTable
          label={label}
          columns={columns}
          data={data}
          getRowId={(row) => row.id}
          busy={busy}
          rowClassName={rowClassName}
        />
      </div>
      <ul aria-label={label} aria-busy={busy} className="m-0 list-none p-0 md:hidden">
        {data.map((row) => (
          <li key={row.id} aria-label={cardLabel(row)} className={cardClass}>
            {card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
