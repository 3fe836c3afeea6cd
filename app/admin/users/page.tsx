'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { USER_STATUSES } from '@/db/schema/identity-values';
import {
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
  const { filters, page, setPage, bind } = useListFilters({ search: '', status: '' as Status });
  const { search, status } = filters;
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
          {...bind('search')}
        />
        <FilterSelect
          id="user-status"
          label="Status"
          options={wordOptions(USER_STATUSES)}
          {...bind('status')}
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
