'use client';

import { useQuery } from '@tanstack/react-query';
import type { Permission } from '@/server/kernel/auth/permissions';
import { STUD_ROLES, type StudRole } from '@/server/organizations/member-schema';
import { MembersPage } from '../../../members/members-page';
import { VerificationCard } from '../../../members/verification-card';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { NotAllowed, useStud } from '../stud-context';

/** The stud's members: invite by e-mail, change a role, remove; and its verification. */
export default function StudMembersPage() {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const list = useQuery({
    ...trpc.studMembers.list.queryOptions({ studId }),
    enabled: may('members.view'),
  });
  const requests = useQuery({
    ...trpc.studVerification.list.queryOptions({ studId }),
    enabled: may('members.view'),
  });
  return (
    <>
      <MembersPage
        notAllowed={<NotAllowed />}
        api={{
          noun: 'stud',
          roles: STUD_ROLES,
          may: (permission) => may(permission as Permission<'stud'>),
          list,
          queryKey: trpc.studMembers.pathKey(),
          invite: ({ email, role }) =>
            client.studMembers.create.mutate({ studId, email, role: role as StudRole }),
          setRole: (memberId, role) =>
            client.studMembers.update.mutate({ studId, memberId, role: role as StudRole }),
          remove: (memberId) => client.studMembers.remove.mutate({ studId, memberId }),
        }}
      />
      {may('members.view') && (
        <VerificationCard
          api={{
            noun: 'stud',
            mayAsk: may('members.edit'),
            list: requests,
            queryKey: trpc.studVerification.pathKey(),
            mediaPath: `/api/studs/${studId}/media`,
            create: (fields) => client.studVerification.create.mutate({ studId, ...fields }),
          }}
        />
      )}
    </>
  );
}
