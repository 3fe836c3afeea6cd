'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCESS_CODE_STATUSES, type AccessCode } from '@/server/admin/access-code-schema';
import { ORGANIZATION_TYPES } from '@/server/admin/organization-schema';
import {
  Button,
  Empty,
  FilterBar,
  FilterSelect,
  Pager,
  QueryState,
  useListFilters,
  useRefresh,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { AdminShell } from '../admin-shell';
import { wordOptions } from '@/app/components/ui';
import { AccessCodesTable } from './access-codes-table';
import { CreateAccessCodeForm, type IssuedCode } from './create-access-code-form';
import { IssuedCodeBox } from './issued-code';
import { RedemptionsDialog } from './redemptions-dialog';

type Status = (typeof ACCESS_CODE_STATUSES)[number] | '';
type Type = (typeof ORGANIZATION_TYPES)[number] | '';

/** Access codes (E.4): issue one (its code shown once), disable it, see who redeemed it. */
export default function AdminAccessCodesPage() {
  return (
    <AdminShell title="Access codes">
      <AccessCodes />
    </AdminShell>
  );
}

function AccessCodes() {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const { filters, page, setPage, bind } = useListFilters({
    status: '' as Status,
    organization_type: '' as Type,
  });
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<IssuedCode | null>(null);
  const [viewing, setViewing] = useState<AccessCode | null>(null);
  const codes = useQuery({
    ...trpc.admin.accessCodes.list.queryOptions({
      page,
      per_page: 20,
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.organization_type ? { organization_type: filters.organization_type } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const list = codes.data;
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <FilterBar className="mb-0">
          <FilterSelect
            id="access-code-status"
            label="Status"
            options={wordOptions(ACCESS_CODE_STATUSES)}
            {...bind('status')}
          />
          <FilterSelect
            id="access-code-type"
            label="Creates"
            allLabel="any type"
            options={wordOptions(ORGANIZATION_TYPES)}
            {...bind('organization_type')}
          />
        </FilterBar>
        {!creating && !issued && <Button onClick={() => setCreating(true)}>New access code</Button>}
      </div>
      {issued && <IssuedCodeBox issued={issued} onDone={() => setIssued(null)} />}
      {creating && (
        <CreateAccessCodeForm
          onCancel={() => setCreating(false)}
          onIssued={async (code) => {
            setCreating(false);
            setIssued(code);
            await refresh([trpc.admin.accessCodes.pathKey(), trpc.admin.overview.pathKey()]);
          }}
        />
      )}
      {!list && <QueryState what="the access codes" query={codes} />}
      {list && list.data.length === 0 && <Empty>No access codes match.</Empty>}
      {list && list.data.length > 0 && (
        <AccessCodesTable codes={list.data} busy={codes.isFetching} onRedemptions={setViewing} />
      )}
      {list && <Pager meta={list.meta} onPage={setPage} />}
      <RedemptionsDialog code={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
