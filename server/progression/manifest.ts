import { allOf, viewOf } from '../kernel/auth/permissions';
import { defineModule } from '../kernel/modules';
import { school } from '../schools/tenant';
import { badgeRulesJob } from './badge-rules';
import { badgesRouter } from './badges';
import { certificatesRouter } from './certificates';
import { levelsRouter } from './levels';
import { navigation } from './navigation';
import { progressRouter } from './progress';
import { publicCertificatesRouter } from './public-certificates';

const resources = ['levels', 'badges', 'certificates', 'progress'] as const;

// This module's resources, for the compile-time check of `schoolProcedure(permission)`.
declare module '../kernel/auth/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged, not empty
  interface TenantResources extends Record<`school:${(typeof resources)[number]}`, true> {}
}

/**
 * School progression (DESIGN-MODULES A.1 to A.3): the ladder of levels, level changes,
 * badges by hand and by rule, certificates, each student's progress and timeline, and the
 * public check of a certificate's code.
 */
export const progressionModule = defineModule({
  name: 'progression',
  tenant: school,
  routers: {
    levels: levelsRouter,
    badges: badgesRouter,
    certificates: certificatesRouter,
    progress: progressRouter,
    public: { certificates: publicCertificatesRouter },
  },
  resources,
  grants: {
    owner: allOf(resources),
    manager: allOf(resources),
    // DESIGN-MODULES 0.1: instructors see the ladder, badges and certificates and assess.
    instructor: [...viewOf(['levels', 'badges', 'certificates']), 'progress.create'],
    viewer: viewOf(resources),
  },
  // Paths relative to `/schools/{schoolId}`.
  routeExceptions: [
    { path: /^\/levels\/reorder$/, permission: 'levels.edit' },
    { method: 'POST', path: /^\/students\/[^/]+\/level-changes$/, permission: 'progress.create' },
    { method: 'POST', path: /^\/students\/[^/]+\/badges$/, permission: 'progress.create' },
    { method: 'DELETE', path: /^\/students\/[^/]+\/badges\/[^/]+$/, permission: 'progress.create' },
    { path: /^\/certificates\/[^/]+\/revoke$/, permission: 'certificates.edit' },
  ],
  queuedJobs: [badgeRulesJob],
  navigation,
});
