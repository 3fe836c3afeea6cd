import { allOf, viewOf } from '../kernel/auth/permissions';
import { defineModule } from '../kernel/modules';
import { mediaRouterFor } from '../media/media-router';
import { membersRouterFor } from '../organizations/members-router';
import { organizationRouterFor } from '../organizations/organization-router';
import { expenseFiles } from '../stud-finance/media-subjects';
import { medicalRecordFiles, studHorseFiles } from '../stud-herd/media-subjects';
import { navigation } from './navigation';
import { studPedigreeRouter } from './test-mating';
import { stud } from './tenant';

/*
 * Every resource of a stud (DESIGN-MODULES 0.1), declared with its grants now so that the
 * permission table is whole before the herd, breeding, contracts and finance routes arrive.
 * `breeding` covers events, shipments, semen, pregnancies and births; `clients` prospects and
 * tags; `profile` the stud's own settings.
 */
const resources = [
  'horses',
  'services',
  'reservations',
  'breeding',
  'contracts',
  'clients',
  'tasks',
  'finance',
  'medical',
  'media',
  'reports',
  'members',
  'profile',
] as const;
const notMembers = resources.filter((r) => r !== 'members');
const staffWrites = ['horses', 'breeding', 'medical', 'tasks', 'media'];

// This module's resources, for the compile-time check of `organizationProcedure('stud', …)`.
declare module '../kernel/auth/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged, not empty
  interface TenantResources extends Record<`stud:${(typeof resources)[number]}`, true> {}
}

/** The stud itself and its members; the stud modules add their routes to this tenant kind. */
export const studsModule = defineModule({
  name: 'studs',
  tenant: stud,
  routers: {
    studs: organizationRouterFor(stud, 'Studs'),
    studMembers: membersRouterFor(stud, 'Stud members'),
    // Horses' photos, medical records' attachments and expenses' receipts (finance module).
    studMedia: mediaRouterFor(stud, 'Stud media', [
      studHorseFiles,
      medicalRecordFiles,
      expenseFiles,
    ]),
    studPedigree: studPedigreeRouter,
  },
  resources,
  grants: {
    owner: allOf(resources),
    // The stud's settings are for owners and managers; its members for owners only.
    manager: allOf(notMembers),
    staff: [
      ...viewOf(notMembers.filter((r) => r !== 'finance' && r !== 'reports')),
      ...staffWrites.flatMap((r) => [`${r}.create`, `${r}.edit`]),
    ],
    viewer: viewOf(notMembers),
  },
  // Paths relative to `/studs/{studId}`; the first matching row wins.
  routeExceptions: [
    { path: /^$/, permission: 'profile' },
    // A computation, not a write (B.1).
    { path: /^\/pedigree\/test-mating$/, permission: 'horses.view' },
  ],
  navigation,
});
