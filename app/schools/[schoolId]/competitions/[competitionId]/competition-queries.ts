import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import type { useTRPC } from '../../../../trpc';

export type CompetitionPayment =
  inferRouterOutputs<AppRouter>['competitionPayments']['list']['data'][number];

/** Entries change the competition, its departure order and its fee payments. */
export function competitionKeys(trpc: ReturnType<typeof useTRPC>) {
  return [
    trpc.competitions.pathKey(),
    trpc.competitionEntries.pathKey(),
    trpc.competitionPayments.pathKey(),
  ];
}

export function invalidateCompetition(queryClient: QueryClient, trpc: ReturnType<typeof useTRPC>) {
  return Promise.all(
    competitionKeys(trpc).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
