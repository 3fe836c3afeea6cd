'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import {
  Empty,
  FilterBar,
  FilterSearch,
  Pager,
  QueryState,
  useDebounced,
  useListFilters,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { AdminShell } from '../admin-shell';
import { AuditLogTable } from './audit-log-table';

type Filters = { subject_type: string; subject_id: string; action: string };

/** Every admin write, newest first (E.1): who did what to which record, before and after. */
export default function AdminAuditLogPage() {
  return (
    <AdminShell title="Audit log">
      {/* `?subject_type=user&subject_id=…` (a user's page links here) is read in the browser. */}
      <Suspense fallback={<p aria-busy="true">Loading…</p>}>
        <AuditLogAtAddress />
      </Suspense>
    </AdminShell>
  );
}

function AuditLogAtAddress() {
  const params = useSearchParams();
  const initial: Filters = {
    subject_type: params.get('subject_type') ?? '',
    subject_id: params.get('subject_id') ?? '',
    action: params.get('action') ?? '',
  };
  return <AuditLog key={params.toString()} initial={initial} />;
}

function AuditLog({ initial }: { initial: Filters }) {
  const trpc = useTRPC();
  const { filters, page, setPage, bind } = useListFilters(initial);
  // One request once the typing stops, not one a key.
  const settled = useDebounced(filters);
  const given = Object.fromEntries(
    Object.entries(settled)
      .map(([name, value]) => [name, value.trim()])
      .filter(([, value]) => value !== ''),
  ) as Partial<Filters>;
  const log = useQuery({
    ...trpc.admin.overview.auditLog.queryOptions({ page, per_page: 50, ...given }),
    placeholderData: keepPreviousData,
  });
  const list = log.data;
  return (
    <>
      <FilterBar>
        <FilterSearch
          id="audit-subject-type"
          label="Subject type"
          hint="e.g. user, organization, access_code"
          {...bind('subject_type')}
        />
        <FilterSearch
          id="audit-subject-id"
          label="Subject id"
          hint="The record's id"
          {...bind('subject_id')}
        />
        <FilterSearch
          id="audit-action"
          label="Action"
          hint="e.g. admin.users.update"
          {...bind('action')}
        />
      </FilterBar>
      {!list && <QueryState what="the audit log" query={log} />}
      {list && list.data.length === 0 && <Empty>No admin actions match.</Empty>}
      {list && list.data.length > 0 && <AuditLogTable entries={list.data} busy={log.isFetching} />}
      {list && <Pager meta={list.meta} onPage={setPage} noun="actions" />}
    </>
  );
}
