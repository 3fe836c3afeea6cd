'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { USER_STATUSES } from '@/db/schema/identity-values';
import { Empty, Input, Label, NativeSelect, Options, Pager, QueryState } from '../../components/ui';
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
      <form
        className="mb-3 flex flex-wrap items-end gap-x-4 gap-y-2"
        role="search"
        onSubmit={(event) => event.preventDefault()}
      >
        <div>
          <Label htmlFor="user-search">Search users</Label>
          <Input
            id="user-search"
            type="search"
            aria-describedby="user-search-hint"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
          <small id="user-search-hint" className="text-muted-foreground">
            Name or e-mail
          </small>
        </div>
        <div>
          <Label htmlFor="user-status">Status</Label>
          <NativeSelect
            id="user-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Status);
              setPage(1);
            }}
          >
            <Options
              options={['', ...USER_STATUSES].map((value) => ({ value, label: value || 'all' }))}
            />
          </NativeSelect>
        </div>
      </form>
      {!users.data && <QueryState what="the users" query={users} />}
      {users.data && users.data.data.length === 0 && <Empty>No users match.</Empty>}
      {users.data && users.data.data.length > 0 && (
        <UsersTable users={users.data.data} busy={users.isFetching} />
      )}
      {users.data && <Pager meta={users.data.meta} onPage={setPage} />}
    </>
  );
}
