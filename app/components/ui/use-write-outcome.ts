'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useErrorToast } from './errors';
import { useToast } from './toast';

/** Refreshes every query under the given keys (what a write changed). */
export function useRefresh() {
  const queryClient = useQueryClient();
  return (queryKeys: readonly QueryKey[]) =>
    Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * The usual ends of a write for a mutation's options: on success refresh the queries it
 * changed and say what was done; on error, a toast.
 */
export function useWriteOutcome() {
  const refresh = useRefresh();
  const toast = useToast();
  const onError = useErrorToast();
  function onSuccess<R>(queryKeys: readonly QueryKey[], message: string | ((result: R) => string)) {
    return async (result: R) => {
      await refresh(queryKeys);
      toast('success', typeof message === 'string' ? message : message(result));
    };
  }
  return { onSuccess, onError };
}
