'use client';

import type { ReactNode } from 'react';
import { Empty, QueryState } from '../../../components/ui';

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
