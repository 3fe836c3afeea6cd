'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** A stored setting shows in the settings and in the public feature list the app reads. */
export function useInvalidateSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.admin.settings.pathFilter()),
      queryClient.invalidateQueries(trpc.features.pathFilter()),
    ]);
}
