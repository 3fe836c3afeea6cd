'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useErrorToast } from './errors';
import { useToast } from './toast';

/**
 * The usual ends of a write for a mutation's options: on success refresh the queries it
 * changed and say what was done; on error, a toast.
 */
export function useWriteOutcome() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const onError = useErrorToast();
  function onSuccess<R>(queryKeys: readonly QueryKey[], message: string | ((result: R) => string)) {
    return async (result: R) => {
      await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      toast('success', typeof message === 'string' ? message : message(result));
    };
  }
  return { onSuccess, onError };
}
