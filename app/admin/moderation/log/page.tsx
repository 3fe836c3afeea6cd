'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Suspense, useState } from 'react';
import { Empty, Pager, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';
import { detailHref, LogEntries } from './log-entries';

/** Every moderation decision, newest first (E.3); `?publication_id=` keeps one listing's. */
export default function ModerationLogPage() {
  return (
    <AdminShell title="Moderation log">
      <p>
        <Link href="/admin/moderation">Back to the queues</Link>
      </p>
      {/* The listing filter is read from the address in the browser: its detail links here. */}
      <Suspense fallback={<p aria-busy="true">Loading…</p>}>
        <LogAtAddress />
      </Suspense>
    </AdminShell>
  );
}

function LogAtAddress() {
  const listingId = useSearchParams().get('publication_id') ?? '';
  return <Log key={listingId} listingId={listingId} />;
}

function Log({ listingId }: { listingId: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const log = useQuery({
    ...trpc.admin.moderation.actions.queryOptions({
      page,
      ...(listingId ? { publication_id: listingId } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const list = log.data;
  const first = list?.data[0];
  return (
    <>
      {listingId && (
        <p className="flex flex-wrap gap-x-3">
          <span>
            Decisions on{' '}
            {first ? (
              <Link href={detailHref(first)}>{first.publication.title}</Link>
            ) : (
              'one listing'
            )}{' '}
            only.
          </span>
          <Link href="/admin/moderation/log">Show every decision</Link>
        </p>
      )}
      {!list && <QueryState what="the moderation log" query={log} />}
      {list?.data.length === 0 && (
        <Empty>
          {listingId ? 'No decision on this listing yet.' : 'No moderation decision yet.'}
        </Empty>
      )}
      {list && list.data.length > 0 && <LogEntries entries={list.data} busy={log.isFetching} />}
      {list && <Pager meta={list.meta} onPage={setPage} noun="decisions" />}
    </>
  );
}
