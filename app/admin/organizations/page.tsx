'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ORGANIZATION_TYPES } from '@/server/admin/organization-schema';
import {
  Button,
  Dialog,
  Empty,
  FilterBar,
  FilterSearch,
  FilterSelect,
  useListFilters,
  Pager,
  QueryState,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { AdminShell } from '../admin-shell';
import { wordOptions } from '@/app/components/ui';
import { CreateOrganizationForm } from './create-organization-form';
import { EditOrganizationForm, type Organization } from './edit-organization-form';
import { OrganizationsTable } from './organizations-table';

type Type = (typeof ORGANIZATION_TYPES)[number] | '';

/** Every organization of the platform: find, create and edit one. */
export default function AdminOrganizationsPage() {
  return (
    <AdminShell title="Organizations">
      <Organizations />
    </AdminShell>
  );
}

function Organizations() {
  const trpc = useTRPC();
  const { filters, page, setPage, bind } = useListFilters({ search: '', type: '' as Type });
  const { search, type } = filters;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Organization | null>(null);
  const organizations = useQuery({
    ...trpc.admin.organizations.list.queryOptions({
      page,
      per_page: 20,
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(type ? { type } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const list = organizations.data;
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <FilterBar className="mb-0">
          <FilterSearch id="organization-search" label="Search organizations" {...bind('search')} />
          <FilterSelect
            id="organization-type"
            label="Show"
            allLabel="all types"
            options={wordOptions(ORGANIZATION_TYPES)}
            {...bind('type')}
          />
        </FilterBar>
        {!creating && <Button onClick={() => setCreating(true)}>New organization</Button>}
      </div>
      {creating && <CreateOrganizationForm onDone={() => setCreating(false)} />}
      {!list && <QueryState what="the organizations" query={organizations} />}
      {list && list.data.length === 0 && <Empty>No organizations match.</Empty>}
      {list && list.data.length > 0 && (
        <OrganizationsTable
          organizations={list.data}
          busy={organizations.isFetching}
          onEdit={setEditing}
        />
      )}
      {list && <Pager meta={list.meta} onPage={setPage} />}
      <Dialog title="Edit organization" open={editing !== null} onClose={() => setEditing(null)}>
        {editing && <EditOrganizationForm organization={editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </>
  );
}
