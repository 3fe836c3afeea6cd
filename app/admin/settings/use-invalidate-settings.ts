'use client';

import { useRefresh } from '../../components/ui';
import { useTRPC } from '../../trpc';

/** A stored setting shows in the settings and in the public feature list the app reads. */
export function useInvalidateSettings() {
  const trpc = useTRPC();
  const refresh = useRefresh();
  return () => refresh([trpc.admin.settings.pathKey(), trpc.features.pathKey()]);
}
