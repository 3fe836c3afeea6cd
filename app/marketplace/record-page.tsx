'use client';

import type { ReactNode } from 'react';
import { MarketplaceShell, MarketQueryState } from './marketplace-shell';

/** A query of one record as the API answers it (`{ data }`), with its states. */
type RecordQuery<T> = {
  data?: { data: T };
  isPending: boolean;
  error: { message: string } | null;
  refetch?: () => unknown;
};

/**
 * A page of one marketplace record (a listing, a seller): the frame titled with the record's
 * name once it is loaded, its loading and error states until then.
 */
export function MarketRecordPage<T>({
  query,
  what,
  placeholder,
  titleOf,
  children,
}: {
  query: RecordQuery<T>;
  /** What is loading, for its states: "the listing". */
  what: string;
  /** The title until the record is loaded. */
  placeholder: string;
  titleOf: (record: T) => string;
  children: (record: T) => ReactNode;
}) {
  const record = query.data?.data;
  return (
    <MarketplaceShell title={record ? titleOf(record) : placeholder}>
      {record ? children(record) : <MarketQueryState what={what} query={query} />}
    </MarketplaceShell>
  );
}
