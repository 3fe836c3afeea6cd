import type { RouteException } from '../kernel/auth/permissions';
import { defineModule } from '../kernel/modules';
import { school } from '../schools/tenant';
import { stud } from '../studs/tenant';
import { verificationRouterFor } from './verification';

/*
 * Where a school's or stud's owners ask to be verified (DESIGN-MODULES E.2): routes of each
 * tenant kind, under the members permissions (an owner's matter, like the team).
 */

// Paths relative to the organization's prefix.
const routeExceptions: RouteException[] = [
  { path: /^\/verification-requests$/, method: 'GET', permission: 'members.view' },
  { path: /^\/verification-requests$/, method: 'POST', permission: 'members.edit' },
];

export const schoolVerificationModule = defineModule({
  name: 'school-verification',
  tenant: school,
  routers: { schoolVerification: verificationRouterFor(school, 'Schools') },
  routeExceptions,
});

export const studVerificationModule = defineModule({
  name: 'stud-verification',
  tenant: stud,
  routers: { studVerification: verificationRouterFor(stud, 'Studs') },
  routeExceptions,
});
