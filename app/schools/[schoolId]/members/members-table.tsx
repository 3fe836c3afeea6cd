'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { ROLES, type Role } from '@/server/schools/member-schema';
import type { AppRouter } from '@/server/router';
import {
  ConfirmButton,
  DataTable,
  NativeSelect,
  Options,
  useErrorToast,
  useToast,
  type ColumnDef,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';

type Member = inferRouterOutputs<AppRouter>['members']['list']['data'][number];

/** The members with their role, which those who may change in place, and their removal. */
export function MembersTable({ members }: { members: Member[] }) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.pathKey() });
  const update = useMutation(
    trpc.members.update.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        toast('success', `${result.data.email} is now ${result.data.role}.`);
      },
      onError: showError,
    }),
  );
  const remove = useMutation(
    trpc.members.remove.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        toast('success', result.message);
      },
      onError: showError,
    }),
  );
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
            onChange={(e) =>
              update.mutate({ schoolId, memberId: member.id, role: e.target.value as Role })
            }
          >
            <Options options={ROLES} />
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
            question={`Remove ${member.email} from the school?`}
            disabled={remove.isPending}
            onConfirm={() => remove.mutate({ schoolId, memberId: member.id })}
          />
        ),
    },
  ];
  return <DataTable columns={columns} data={members} getRowId={(m) => m.id} />;
}
