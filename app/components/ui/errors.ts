'use client';

import { useCallback } from 'react';
import { useToast } from './toast';

/** The `{field: [messages]}` of a 422 answer (tRPC `data.fieldErrors`, keyed by dot path), or none. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return (
    (error as { data?: { fieldErrors?: Record<string, string[]> } } | null)?.data?.fieldErrors ?? {}
  );
}

/** A message for a failed request: the server's field messages of a 422, else its message. */
export function errorMessage(error: unknown): string {
  const messages = Object.values(fieldErrorsOf(error)).flat();
  if (messages.length > 0) return messages.join(' ');
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/**
 * The `onError` of a mutation: a toast, except for the 422 answers of a form that shows its
 * field errors beside the fields (`inline`), where a toast would only repeat them.
 */
export function useErrorToast({ inline = false }: { inline?: boolean } = {}) {
  const toast = useToast();
  return useCallback(
    (error: unknown) => {
      if (inline && Object.keys(fieldErrorsOf(error)).length > 0) return;
      toast('error', errorMessage(error));
    },
    [inline, toast],
  );
}
