'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member, Role } from '@/server/organizations/member-schema';
import {
  ConfirmButton,
  DataTable,
  NativeSelect,
  Options,
  useErrorToast,
  useToast,
  type ColumnDef,
} from '../components/ui';
import type { MembersApi } from './members-api';

/** The members with their role, which those who may change in place, and their removal. */
export function MembersTable({ api, members }: { api: MembersApi; members: Member[] }) {
  const { may } = api;
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.queryKey });
  const update = useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: Role }) =>
      api.setRole(memberId, role),
    onSuccess: async (result) => {
      await refresh();
      toast('success', `${result.data.email} is now ${result.data.role}.`);
    },
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: api.remove,
    onSuccess: async (result) => {
      await refresh();
      toast('success', result.message);
    },
    onError: showError,
  });
  const columns: ColumnDef<Member>[] = [
    { accessorKey: 'email', header: 'E-mail' },
    {
      id: 'role',
      header: 'Role',
      cell: ({ row: { original: member } }) =>
        may('members.edit') ? (
          <NativeSelect
            aria-label={`Role of ${member.email}`}
            className="min-w-32"
            value={member.role}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ memberId: member.id, role: e.target.value as Role })}
          >
            <Options options={api.roles} />
          </NativeSelect>
        ) : (
          member.role
        ),
    },
    { accessorKey: 'status', header: 'Status' },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: member } }) =>
        may('members.delete') && (
          <ConfirmButton
            label="Remove"
            question={`Remove ${member.email} from the ${api.noun}?`}
            disabled={remove.isPending}
            onConfirm={() => remove.mutate(member.id)}
          />
        ),
    },
  ];
  return <DataTable columns={columns} data={members} getRowId={(m) => m.id} />;
}
