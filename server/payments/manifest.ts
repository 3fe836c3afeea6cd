import { allOf, viewOf } from '../kernel/auth/permissions';
import { defineModule } from '../kernel/modules';
import { school } from '../schools/tenant';
import { navigation } from './navigation';
import { paymentsRouter } from './payments';
import { reportsRouter } from './reports';

const resources = ['payments', 'reports'] as const;

// This module's resources, for the compile-time check of `schoolProcedure(permission)`.
declare module '../kernel/auth/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged, not empty
  interface TenantResources extends Record<`school:${(typeof resources)[number]}`, true> {}
}

/** A school's payments and its reports (DESIGN 4). */
export const paymentsModule = defineModule({
  name: 'payments',
  tenant: school,
  routers: { payments: paymentsRouter, reports: reportsRouter },
  resources,
  grants: { owner: allOf(resources), manager: allOf(resources), viewer: viewOf(resources) },
  // Paths relative to `/schools/{schoolId}`.
  routeExceptions: [
    { path: /^\/reports(\/|$)/, permission: 'reports.view' },
    { path: /^\/payments\/[^/]+\/pay$/, permission: 'payments.edit' },
    { path: /^\/payments\/generate-monthly$/, permission: 'payments.create' },
  ],
  navigation,
});
