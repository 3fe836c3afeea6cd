'use client';

import { useQuery } from '@tanstack/react-query';
import { Card, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useSchool } from '../school-context';
import { InviteForm } from './invite-form';
import { MembersTable } from './members-table';

/** The school's members: invite by e-mail, change a role, remove. */
export default function MembersPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const members = useQuery({
    ...trpc.members.list.queryOptions({ schoolId }),
    enabled: may('members.view'),
  });
  if (!may('members.view')) return <NotAllowed />;
  return (
    <>
      <h1>Members</h1>
      {may('members.create') && <InviteForm />}
      <Card aria-labelledby="members-heading">
        <h2 id="members-heading" className="sr-only">
          Members
        </h2>
        <QueryState what="members" query={members} />
        {members.data && <MembersTable members={members.data.data} />}
      </Card>
    </>
  );
}
