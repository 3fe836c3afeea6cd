'use client';

import { useRefresh } from '../../components/ui';
import { useTRPC } from '../../trpc';

/** An organization's change shows in the admin list and in the schools a member sees. */
export function useInvalidateOrganizations() {
  const trpc = useTRPC();
  const refresh = useRefresh();
  return () => refresh([trpc.admin.organizations.pathKey(), trpc.schools.pathKey()]);
}
