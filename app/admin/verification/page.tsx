'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  VERIFICATION_STATUSES,
  type VerificationRequest,
} from '@/server/admin/verification-schema';
import {
  Empty,
  FilterBar,
  FilterSelect,
  Pager,
  QueryState,
  useListFilters,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { AdminShell } from '../admin-shell';
import { wordOptions } from '@/app/components/ui';
import { RejectDialog } from './reject-dialog';
import { VerificationCard } from './verification-card';

type Status = (typeof VERIFICATION_STATUSES)[number] | '';

/** Organizations asking to be verified (E.2): pending first, oldest first; approve or reject. */
export default function AdminVerificationPage() {
  return (
    <AdminShell title="Verification requests">
      <VerificationQueue />
    </AdminShell>
  );
}

function VerificationQueue() {
  const trpc = useTRPC();
  const { filters, page, setPage, bind } = useListFilters({ status: 'pending' as Status });
  const [rejecting, setRejecting] = useState<VerificationRequest | null>(null);
  const requests = useQuery({
    ...trpc.admin.verificationRequests.list.queryOptions({
      page,
      per_page: 20,
      ...(filters.status ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const list = requests.data;
  return (
    <>
      <FilterBar>
        <FilterSelect
          id="verification-status"
          label="Status"
          options={wordOptions(VERIFICATION_STATUSES)}
          {...bind('status')}
        />
      </FilterBar>
      {!list && <QueryState what="the verification requests" query={requests} />}
      {list?.data.length === 0 && (
        <Empty>
          {filters.status === 'pending' ? 'No requests to decide.' : 'No requests match.'}
        </Empty>
      )}
      <ul className="m-0 list-none p-0" aria-busy={requests.isFetching}>
        {list?.data.map((request) => (
          <li key={request.id}>
            <VerificationCard request={request} onReject={() => setRejecting(request)} />
          </li>
        ))}
      </ul>
      {list && <Pager meta={list.meta} onPage={setPage} />}
      <RejectDialog request={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
