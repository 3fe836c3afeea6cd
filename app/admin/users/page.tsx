'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { USER_STATUSES } from '@/db/schema/identity-values';
import {
  Empty,
  FilterBar,
  FilterSearch,
  FilterSelect,
  Pager,
  QueryState,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { AdminShell } from '../admin-shell';
import { UsersTable } from './users-table';

type Status = (typeof USER_STATUSES)[number] | '';

/** Every user of the platform: find one, suspend or reactivate them. */
export default function AdminUsersPage() {
  return (
    <AdminShell title="Users">
      <Users />
    </AdminShell>
  );
}

function Users() {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('');
  const [page, setPage] = useState(1);
  const users = useQuery({
    ...trpc.admin.users.list.queryOptions({
      page,
      per_page: 20,
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(status ? { status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <FilterBar>
        <FilterSearch
          id="user-search"
          label="Search users"
          hint="Name or e-mail"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <FilterSelect
          id="user-status"
          label="Status"
          options={USER_STATUSES}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </FilterBar>
      {!users.data && <QueryState what="the users" query={users} />}
      {users.data && users.data.data.length === 0 && <Empty>No users match.</Empty>}
      {users.data && users.data.data.length > 0 && (
        <UsersTable users={users.data.data} busy={users.isFetching} />
      )}
      {users.data && <Pager meta={users.data.meta} onPage={setPage} />}
    </>
  );
}
