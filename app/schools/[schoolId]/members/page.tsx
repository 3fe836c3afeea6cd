'use client';

import { useQuery } from '@tanstack/react-query';
import type { Permission } from '@/server/kernel/auth/permissions';
import { SCHOOL_ROLES, type SchoolRole } from '@/server/organizations/member-schema';
import { MembersPage } from '../../../members/members-page';
import { VerificationCard } from '../../../members/verification-card';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { NotAllowed, useSchool } from '../school-context';

/** The school's members: invite by e-mail, change a role, remove; and its verification. */
export default function SchoolMembersPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const list = useQuery({
    ...trpc.members.list.queryOptions({ schoolId }),
    enabled: may('members.view'),
  });
  const requests = useQuery({
    ...trpc.schoolVerification.list.queryOptions({ schoolId }),
    enabled: may('members.view'),
  });
  return (
    <>
      <MembersPage
        notAllowed={<NotAllowed />}
        api={{
          noun: 'school',
          roles: SCHOOL_ROLES,
          may: (permission) => may(permission as Permission<'school'>),
          list,
          queryKey: trpc.members.pathKey(),
          invite: ({ email, role }) =>
            client.members.create.mutate({ schoolId, email, role: role as SchoolRole }),
          setRole: (memberId, role) =>
            client.members.update.mutate({ schoolId, memberId, role: role as SchoolRole }),
          remove: (memberId) => client.members.remove.mutate({ schoolId, memberId }),
        }}
      />
      {may('members.view') && (
        <VerificationCard
          api={{
            noun: 'school',
            mayAsk: may('members.edit'),
            list: requests,
            queryKey: trpc.schoolVerification.pathKey(),
            mediaPath: `/api/schools/${schoolId}/media`,
            create: (fields) => client.schoolVerification.create.mutate({ schoolId, ...fields }),
          }}
        />
      )}
    </>
  );
}
