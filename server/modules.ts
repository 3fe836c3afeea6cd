import { accountModule } from './account/manifest';
import { adminModule } from './admin/manifest';
import { schoolVerificationModule, studVerificationModule } from './admin/verification-manifest';
import { competitionsModule } from './competitions/manifest';
import { registerModules } from './kernel/modules';
import { mailModule } from './mail/manifest';
import { marketplaceModule } from './marketplace/manifest';
import { notificationsModule } from './notifications/manifest';
import { paymentsModule } from './payments/manifest';
import { pedigreeModule } from './pedigree/manifest';
import { platformModule } from './platform/manifest';
import { portalModule } from './portal/manifest';
import { waitlistModule } from './waitlist/manifest';
import { progressionModule } from './progression/manifest';
import { schoolsModule } from './schools/manifest';
import { studsModule } from './studs/manifest';
import { studCrmModule } from './stud-crm/manifest';
import { studTasksModule } from './stud-tasks/manifest';
import { studHerdModule } from './stud-herd/manifest';
import { studBreedingModule } from './stud-breeding/manifest';
import { studContractsModule } from './stud-contracts/manifest';
import { studFinanceModule } from './stud-finance/manifest';

/**
 * THE registration list: a module is its folder and one line here. The app router, the
 * permission table of each tenant kind, the navigation and the security suites' routes are
 * built from it. Order matters: REST routes match first-come, in this order.
 */
export const registry = registerModules([
  platformModule,
  mailModule,
  accountModule,
  notificationsModule,
  schoolsModule,
  competitionsModule,
  paymentsModule,
  progressionModule,
  portalModule,
  waitlistModule,
  studsModule,
  studCrmModule,
  studTasksModule,
  studHerdModule,
  studBreedingModule,
  studContractsModule,
  studFinanceModule,
  pedigreeModule,
  marketplaceModule,
  schoolVerificationModule,
  studVerificationModule,
  adminModule,
]);
