import { allOf, viewOf } from '../kernel/auth/permissions';
import { defineModule } from '../kernel/modules';
import { school } from '../schools/tenant';
import { competitionPaymentsRouter } from './competition-payments';
import { competitionsRouter } from './competitions';
import { competitionEntriesRouter } from './entries';
import { navigation } from './navigation';
import { competitionResultsRouter } from './results';

const resources = ['competitions'] as const;

// This module's resources, for the compile-time check of `schoolProcedure(permission)`.
declare module '../kernel/auth/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged, not empty
  interface TenantResources extends Record<`school:${(typeof resources)[number]}`, true> {}
}

/** A school's competitions: entries, results, print list and fees (DESIGN 4). */
export const competitionsModule = defineModule({
  name: 'competitions',
  tenant: school,
  routers: {
    competitions: competitionsRouter,
    competitionEntries: competitionEntriesRouter,
    competitionResults: competitionResultsRouter,
    competitionPayments: competitionPaymentsRouter,
  },
  resources,
  grants: {
    owner: allOf(resources),
    manager: allOf(resources),
    instructor: viewOf(resources),
    viewer: viewOf(resources),
  },
  // Every competition payment route is payments.* by the method rule (DESIGN 4); entries,
  // results, recalculation and the print list are competitions.* by the default rule.
  routeExceptions: [{ path: /^\/competitions\/[^/]+\/payments(\/|$)/, permission: 'payments' }],
  navigation,
});
