'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { Member, Role } from '@/server/organizations/member-schema';
import {
  Badge,
  ConfirmButton,
  DataTable,
  humanize,
  Label,
  NativeSelect,
  Options,
  useErrorToast,
  useToast,
  type ColumnDef,
  useMediaQuery,
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
 * The members with their role, which those who may change in place, and their removal: a
 * table from a tablet's width, a card per member on a phone. Only one of the two is mounted,
 * so each control has one name on the page.
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
  const wide = useMediaQuery('(min-width: 768px)');
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

  const roleSelect = (
    member: Member,
    rules: RowRules,
    props: { id?: string; className: string },
  ) => (
    <NativeSelect
      {...props}
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

  if (!wide) {
    return (
      <ul aria-label="Members" className="m-0 grid list-none gap-3 p-0">
        {members.map((member) => (
          <MemberCard
            key={member.id}
            member={member}
            rules={rulesFor(member, members, meId)}
            mayEdit={may('members.edit')}
            roleSelect={roleSelect}
            removal={removal}
          />
        ))}
      </ul>
    );
  }

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
            {roleSelect(member, rules, { className: 'min-w-36' })}
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
        <Badge status={member.status}>{member.status}</Badge>
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

/** One member on a phone: who, the role as a labelled select at full width, then the actions. */
function MemberCard({
  member,
  rules,
  mayEdit,
  roleSelect,
  removal,
}: {
  member: Member;
  rules: RowRules;
  mayEdit: boolean;
  roleSelect: (
    member: Member,
    rules: RowRules,
    props: { id: string; className: string },
  ) => React.ReactNode;
  removal: (member: Member, rules: RowRules) => React.ReactNode;
}) {
  const id = useId();
  const action = removal(member, rules);
  return (
    <li
      aria-label={nameOf(member) ?? member.email}
      className="rounded-lg border border-border bg-card p-4"
    >
      <p className="m-0 flex flex-wrap items-center gap-2 font-semibold break-words">
        {nameOf(member) ?? member.email}
        {rules.self && <Badge>you</Badge>}
      </p>
      {nameOf(member) && (
        <p className="m-0 text-sm break-words text-muted-foreground">{member.email}</p>
      )}
      <p className="mt-1 mb-0">
        <Badge status={member.status}>{member.status}</Badge>
      </p>
      <div className="mt-3">
        {mayEdit ? (
          <>
            <Label htmlFor={`${id}-role`}>Role</Label>
            {roleSelect(member, rules, { id: `${id}-role`, className: 'w-full' })}
          </>
        ) : (
          <p className="m-0">
            Role: <strong>{humanize(member.role)}</strong>
          </p>
        )}
      </div>
      {rules.self && <p className="mt-2 mb-0 text-sm text-muted-foreground">{selfHint(rules)}</p>}
      {action && <div className="mt-3 flex flex-wrap items-center gap-2">{action}</div>}
    </li>
  );
}
