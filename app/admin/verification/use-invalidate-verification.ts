'use client';

import { useRefresh } from '../../components/ui';
import { useTRPC } from '../../trpc';

/** A decision changes the queue, the organization's verified flag and the dashboard's counts. */
export function useInvalidateVerification() {
  const trpc = useTRPC();
  const refresh = useRefresh();
  return () =>
    refresh([
      trpc.admin.verificationRequests.pathKey(),
      trpc.admin.organizations.pathKey(),
      trpc.admin.overview.pathKey(),
    ]);
}
