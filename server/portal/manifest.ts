import { defineModule } from '../kernel/modules';
import { school } from '../schools/tenant';
import { portalRouter } from './portal';
import { portalAccessRouter } from './portal-access';

/**
 * The student and guardian portal (DESIGN-MODULES A.5): staff invite people to follow a
 * student (students.view to list, students.edit to invite and revoke); the followers read
 * the school's own records of their riders under `/api/portal`.
 */
export const portalModule = defineModule({
  name: 'portal',
  tenant: school,
  routers: { portalAccess: portalAccessRouter, portal: portalRouter },
  // Paths relative to `/schools/{schoolId}`.
  routeExceptions: [
    {
      method: 'POST',
      path: /^\/students\/[^/]+\/portal-access$/,
      permission: 'students.edit',
    },
    {
      method: 'DELETE',
      path: /^\/students\/[^/]+\/portal-access\/[^/]+$/,
      permission: 'students.edit',
    },
  ],
});
