'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/router';

/** The server refuses a larger batch (server/kernel/http/handler.ts, MAX_TRPC_BATCH). */
const MAX_BATCH = 20;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The UI's one API client: tRPC over `/api/trpc`, with the session cookie. */
export function ApiProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            retry: (count, error) =>
              count < 2 &&
              !/UNAUTHORIZED|FORBIDDEN|NOT_FOUND/.test(
                String((error as { data?: { code?: string } }).data?.code),
              ),
          },
        },
      }),
  );
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        // A call that carries an `Idempotency-Key` (checkout, C.5) goes alone, with the header.
        splitLink({
          condition: (op) => typeof op.context.idempotencyKey === 'string',
          true: httpLink({
            url: '/api/trpc',
            headers: ({ op }) => ({ 'Idempotency-Key': String(op.context.idempotencyKey) }),
          }),
          false: httpBatchLink({ url: '/api/trpc', maxItems: MAX_BATCH }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
