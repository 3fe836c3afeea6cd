import type { QueryKey } from '@tanstack/react-query';
import type { Role } from '@/server/kernel/auth/permissions';
import type { Member } from '@/server/organizations/member-schema';

/**
 * What the members screens need of one organization (a school, a stud): its roles, what the
 * member may do, and its members routes through the tRPC client.
 */
export type MembersApi = {
  /** `school`, `stud`: for the confirmations. */
  noun: string;
  roles: readonly [Role, ...Role[]];
  may: (permission: string) => boolean;
  list: {
    isPending: boolean;
    error: { message: string } | null;
    data?: { data: Member[] };
    refetch: () => unknown;
  };
  /** Invalidated after every change. */
  queryKey: QueryKey;
  invite: (values: { email: string; role: Role }) => Promise<{ data: Member }>;
  setRole: (memberId: string, role: Role) => Promise<{ data: Member }>;
  remove: (memberId: string) => Promise<{ message: string }>;
};
