import { allOf, viewOf } from '../kernel/auth/permissions';
import { defineModule } from '../kernel/modules';
import { school } from '../schools/tenant';
import { navigation } from './navigation';
import { purgeJob } from './purge';
import { publicWaitlistRouter } from './public-waitlist';
import { waitlistRouter } from './waitlist';

const resources = ['waitlist'] as const;

// This module's resources, for the compile-time check of `schoolProcedure(permission)`.
declare module '../kernel/auth/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged, not empty
  interface TenantResources extends Record<`school:${(typeof resources)[number]}`, true> {}
}

/**
 * A school's public waiting list (DESIGN-MODULES A.4): registration on the public page, and
 * the staff's list. Instructors do not see it (0.1: prospects' data is not theirs).
 */
export const waitlistModule = defineModule({
  name: 'waitlist',
  tenant: school,
  routers: { waitlist: waitlistRouter, publicWaitlist: publicWaitlistRouter },
  resources,
  grants: { owner: allOf(resources), manager: allOf(resources), viewer: viewOf(resources) },
  // Paths relative to `/schools/{schoolId}`.
  routeExceptions: [
    { path: /^\/waitlist\/[^/]+\/convert$/, permission: 'waitlist.edit' },
    { path: /^\/schedules\/[^/]+\/waitlist-matches$/, permission: 'waitlist.view' },
  ],
  jobs: [purgeJob],
  navigation,
});
