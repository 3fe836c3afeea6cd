'use client';

import { Card, QueryState } from '../components/ui';
import { InviteForm } from './invite-form';
import type { MembersApi } from './members-api';
import { MembersTable } from './members-table';

/** An organization's members: invite by e-mail, change a role, remove. */
export function MembersPage({ api, notAllowed }: { api: MembersApi; notAllowed: React.ReactNode }) {
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
        {api.list.data && <MembersTable api={api} members={api.list.data.data} />}
      </Card>
    </>
  );
}
