'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** An organization's change shows in the admin list and in the schools a member sees. */
export function useInvalidateOrganizations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.admin.organizations.pathFilter()),
      queryClient.invalidateQueries(trpc.schools.pathFilter()),
    ]);
}
