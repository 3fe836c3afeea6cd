import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import type { useTRPC } from '../../../../trpc';

export type CompetitionPayment =
  inferRouterOutputs<AppRouter>['competitionPayments']['list']['data'][number];

/** Entries change the competition, its departure order and its fee payments. */
export function invalidateCompetition(queryClient: QueryClient, trpc: ReturnType<typeof useTRPC>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.competitions.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.competitionEntries.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.competitionPayments.pathKey() }),
  ]);
}
