'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Member, Role } from '@/server/organizations/member-schema';
import {
  Badge,
  ConfirmButton,
  DataTable,
  humanize,
  NativeSelect,
  Options,
  useErrorToast,
  useToast,
  type ColumnDef,
} from '../components/ui';
import type { MembersApi } from './members-api';

/** What the signed-in person may do with one member's row, and why not. */
type RowRules = { self: boolean; lastOwner: boolean };

/**
 * The rules the server holds (docs/decisions.md, "Members: owners and leaving"), shown before
 * anyone tries: nobody removes themselves here, and the last signed-in owner keeps the role.
 */
function rulesFor(member: Member, members: Member[], meId: string | undefined): RowRules {
  const self = meId !== undefined && member.user_id === meId;
  const owners = members.filter((m) => m.role === 'owner' && m.user_id !== null);
  return {
    self,
    lastOwner: member.role === 'owner' && owners.length === 1 && member.user_id !== null,
  };
}

function selfHint({ lastOwner }: RowRules) {
  return lastOwner
    ? 'You are the only owner: make another member an owner before you change your role.'
    : 'This is you: another owner can remove you.';
}

/**
 * The members with their role, which those who may change in place, and their removal: one
 * table, whose rows the kit's `DataTable` draws as cards on a phone (the role select under its
 * column's word, the removal along the card's bottom).
 */
export function MemberList({
  api,
  members,
  meId,
  onOwnRoleChanged,
}: {
  api: MembersApi;
  members: Member[];
  /** The signed-in user's id, to recognise their own row. */
  meId: string | undefined;
  /** A change of one's own role changes what the pages offer: the caller refreshes them. */
  onOwnRoleChanged: () => Promise<unknown>;
}) {
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
      if (result.data.user_id === meId) await onOwnRoleChanged();
      toast('success', `The role of ${result.data.email} is now ${humanize(result.data.role)}.`);
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

  const roleSelect = (member: Member, rules: RowRules) => (
    <NativeSelect
      className="min-w-36"
      aria-label={`Role of ${member.email}`}
      value={member.role}
      disabled={update.isPending || (rules.self && rules.lastOwner)}
      onChange={(e) => update.mutate({ memberId: member.id, role: e.target.value as Role })}
    >
      <Options options={api.roles.map((role) => ({ value: role, label: humanize(role) }))} />
    </NativeSelect>
  );
  const removal = (member: Member, rules: RowRules) =>
    may('members.delete') &&
    !rules.self && (
      <ConfirmButton
        label="Remove"
        what={member.email}
        question={`Remove ${member.email} from the ${api.noun}?`}
        disabled={remove.isPending}
        onConfirm={() => remove.mutate(member.id)}
      />
    );

  const columns: ColumnDef<Member>[] = [
    {
      id: 'name',
      header: 'Name',
      meta: { rowHeader: true },
      cell: ({ row: { original: member } }) => (
        <MemberName member={member} self={member.user_id === meId && meId !== undefined} />
      ),
    },
    { accessorKey: 'email', header: 'E-mail', meta: { className: 'break-words' } },
    {
      id: 'role',
      header: 'Role',
      cell: ({ row: { original: member } }) => {
        const rules = rulesFor(member, members, meId);
        return may('members.edit') ? (
          <>
            {roleSelect(member, rules)}
            {rules.self && rules.lastOwner && (
              <p className="mt-1 mb-0 max-w-64 text-sm text-muted-foreground">{selfHint(rules)}</p>
            )}
          </>
        ) : (
          humanize(member.role)
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: member } }) => (
        <Badge status={member.status}>{humanize(member.status)}</Badge>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: member } }) => {
        const rules = rulesFor(member, members, meId);
        return rules.self && may('members.delete') ? (
          <span className="text-sm text-muted-foreground">You cannot remove yourself</span>
        ) : (
          removal(member, rules)
        );
      },
    },
  ];
  return <DataTable label="Members" columns={columns} data={members} getRowId={(m) => m.id} />;
}

/** A member's own name, where it says more than their e-mail. */
const nameOf = (member: Member) =>
  member.display_name && member.display_name !== member.email ? member.display_name : null;

function MemberName({ member, self }: { member: Member; self: boolean }) {
  const name = nameOf(member);
  return (
    <span className="inline-flex flex-wrap items-center gap-2 break-words">
      {name ?? (
        <span className="font-normal text-muted-foreground">
          {member.status === 'invited' ? 'Not signed in yet' : '—'}
        </span>
      )}
      {self && <Badge>you</Badge>}
    </span>
  );
}
