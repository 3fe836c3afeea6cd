'use client';

import Link from 'next/link';
import type { AdminUser } from '@/server/admin/user-schema';
import {
  actionsColumn,
  cardClass,
  DataTable,
  statusColumn,
  type ColumnDef,
} from '../../components/ui';
import { UserStatusButton } from './user-status-button';

/** A page of users, each name opening the user's page; anyone but oneself can be suspended. */
export function UsersTable({ users, busy }: { users: AdminUser[]; busy: boolean }) {
  const columns: ColumnDef<AdminUser>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row: { original: user } }) => (
        <>
          <Link href={`/admin/users/${user.id}`}>{user.display_name}</Link>
          {user.is_platform_admin && (
            <span className="text-muted-foreground"> (administrator)</span>
          )}
        </>
      ),
    },
    { id: 'email', header: 'E-mail', cell: ({ row }) => row.original.email ?? '—' },
    statusColumn(),
    actionsColumn((user) => <UserStatusButton user={user} />),
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
