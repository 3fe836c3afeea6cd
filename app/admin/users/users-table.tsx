'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import {
  actionsColumn,
  ConfirmButton,
  cardClass,
  DataTable,
  statusColumn,
  useWriteOutcome,
  type ColumnDef,
} from '../../components/ui';
import { useTRPC } from '../../trpc';

type User = inferRouterOutputs<AppRouter>['admin']['users']['list']['data'][number];

/** A page of users; anyone but oneself can be suspended or reactivated, after a confirmation. */
export function UsersTable({ users, busy }: { users: User[]; busy: boolean }) {
  const trpc = useTRPC();
  const write = useWriteOutcome();
  const me = useQuery(trpc.account.me.queryOptions({}));
  const update = useMutation(
    trpc.admin.users.update.mutationOptions({
      onSuccess: write.onSuccess([trpc.admin.users.pathKey()], ({ data }: { data: User }) => {
        const who = data.email ?? data.display_name;
        return data.status === 'suspended' ? `${who} is suspended.` : `${who} is active again.`;
      }),
      onError: write.onError,
    }),
  );
  const columns: ColumnDef<User>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: user } }) => (
        <>
          {user.display_name}
          {user.is_platform_admin && (
            <span className="text-muted-foreground"> (administrator)</span>
          )}
        </>
      ),
    },
    { id: 'email', header: 'E-mail', cell: ({ row }) => row.original.email ?? '—' },
    statusColumn(),
    actionsColumn((user) => {
      if (user.id === me.data?.id) return <span className="text-muted-foreground">You</span>;
      const who = user.email ?? user.display_name;
      return user.status === 'active' ? (
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
      );
    }),
  ];
  return (
    <DataTable
      className={cardClass}
      label="Users"
      columns={columns}
      data={users}
      getRowId={(user) => user.id}
      busy={busy}
    />
  );
}
