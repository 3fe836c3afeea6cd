'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc';
import {
  ConfirmButton,
  Empty,
  Pager,
  SelectField,
  TableWrap,
  TextField,
  useErrorToast,
  useToast,
} from '../../ui';
import { AdminShell, QueryState } from '../admin-shell';

const STATUSES = ['', 'active', 'suspended'] as const;

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
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('');
  const [page, setPage] = useState(1);
  const me = useQuery(trpc.account.me.queryOptions({}));
  const users = useQuery({
    ...trpc.admin.users.list.queryOptions({
      page,
      per_page: 20,
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(status ? { status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const update = useMutation(
    trpc.admin.users.update.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries(trpc.admin.users.pathFilter());
        const who = result.data.email ?? result.data.display_name;
        toast(
          'success',
          result.data.status === 'suspended' ? `${who} is suspended.` : `${who} is active again.`,
        );
      },
      onError: showError,
    }),
  );

  return (
    <>
      <form className="toolbar" role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label="Search users"
          name="search"
          type="search"
          hint="Name or e-mail"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Status"
          name="status"
          options={STATUSES.map((value) => ({ value, label: value || 'all' }))}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as (typeof STATUSES)[number]);
            setPage(1);
          }}
        />
      </form>
      {!users.data && <QueryState what="the users" query={users} />}
      {users.data && users.data.data.length === 0 && <Empty>No users match.</Empty>}
      {users.data && users.data.data.length > 0 && (
        <TableWrap className="card">
          <table aria-label="Users" aria-busy={users.isFetching}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.data.map((user) => {
                const who = user.email ?? user.display_name;
                return (
                  <tr key={user.id}>
                    <td>
                      {user.display_name}
                      {user.is_platform_admin && <span className="muted"> (administrator)</span>}
                    </td>
                    <td>{user.email ?? '—'}</td>
                    <td>
                      <span className={`badge ${user.status}`}>{user.status}</span>
                    </td>
                    <td>
                      {user.id === me.data?.id ? (
                        <span className="muted">You</span>
                      ) : user.status === 'active' ? (
                        <ConfirmButton
                          label={`Suspend ${who}`}
                          question={`Suspend ${who}? They can no longer use the platform.`}
                          disabled={update.isPending}
                          onConfirm={() => update.mutate({ id: user.id, status: 'suspended' })}
                        />
                      ) : (
                        <ConfirmButton
                          label={`Reactivate ${who}`}
                          question={`Reactivate ${who}?`}
                          disabled={update.isPending}
                          onConfirm={() => update.mutate({ id: user.id, status: 'active' })}
                        />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
      {users.data && <Pager meta={users.data.meta} onPage={setPage} />}
    </>
  );
}
