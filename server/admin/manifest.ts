import { defineModule } from '../kernel/modules';
import { accessCodeRedeemRouter, adminAccessCodesRouter } from './access-codes';
import { adminOrganizationsRouter } from './organizations';
import { adminOverviewRouter } from './overview';
import { adminUsersRouter } from './users';
import { adminVerificationRouter } from './verification';

/**
 * Platform administration (DESIGN 4, DESIGN-MODULES E.1, E.2, E.4): the dashboard and audit
 * log, organizations and their verification queue, users, access codes, and the route where
 * users redeem a code (owners ask for verification in `verification-manifest.ts`).
 */
export const adminModule = defineModule({
  name: 'admin',
  tenant: null,
  routers: {
    admin: {
      overview: adminOverviewRouter,
      organizations: adminOrganizationsRouter,
      users: adminUsersRouter,
      accessCodes: adminAccessCodesRouter,
      verificationRequests: adminVerificationRouter,
    },
    accessCodes: accessCodeRedeemRouter,
  },
});
