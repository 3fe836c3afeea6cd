'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, QueryState } from '../components/ui';
import { useTRPC } from '../trpc';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import type { MembersApi } from './members-api';

/** An organization's members: invite by e-mail, change a role, remove. */
export function MembersPage({ api, notAllowed }: { api: MembersApi; notAllowed: React.ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.account.me.queryOptions({}));
  if (!api.may('members.view')) return notAllowed;
  return (
    <>
      <h1>Members</h1>
      {api.may('members.create') && <InviteForm api={api} />}
      <Card aria-labelledby="members-heading">
        <h2 id="members-heading" className="sr-only">
          Members
        </h2>
        <QueryState what="members" query={api.list} />
        {api.list.data?.data.length === 0 && <Empty>No members yet: invite someone above.</Empty>}
        {api.list.data && api.list.data.data.length > 0 && (
          <MemberList
            api={api}
            members={api.list.data.data}
            meId={me.data?.id}
            // One's own new role changes what the organization's pages offer (its role there).
            onOwnRoleChanged={() =>
              Promise.all([
                queryClient.invalidateQueries({ queryKey: trpc.schools.pathKey() }),
                queryClient.invalidateQueries({ queryKey: trpc.studs.pathKey() }),
              ])
            }
          />
        )}
      </Card>
    </>
  );
}
