import { allOf, viewOf } from '../kernel/auth/permissions';
import { defineModule } from '../kernel/modules';
import { membersRouterFor } from '../organizations/members-router';
import { mediaRouterFor } from '../media/media-router';
import { organizationRouterFor } from '../organizations/organization-router';
import { attendanceRouter } from './attendance';
import { classesRouter } from './classes';
import { dashboardRouter } from './dashboard';
import { enrollmentsRouter } from './enrollments';
import { horsePhotos } from './horse-media';
import { horsesRouter } from './horses';
import { instructorsRouter } from './instructors';
import { navigation } from './navigation';
import { schedulesRouter } from './schedules';
import { studentsRouter } from './students';
import { school } from './tenant';

const resources = [
  'students',
  'instructors',
  'classes',
  'schedules',
  'enrollments',
  'attendance',
  'horses',
  'media',
  'members',
  'profile',
] as const;
const staff = resources.filter((r) => r !== 'members' && r !== 'profile');

// This module's resources, for the compile-time check of `schoolProcedure(permission)`.
declare module '../kernel/auth/permissions' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged, not empty
  interface TenantResources extends Record<`school:${(typeof resources)[number]}`, true> {}
}

/** The school itself, its members and its daily records (DESIGN 4). */
export const schoolsModule = defineModule({
  name: 'schools',
  tenant: school,
  routers: {
    schools: organizationRouterFor(school, 'Schools'),
    members: membersRouterFor(school, 'Members'),
    students: studentsRouter,
    instructors: instructorsRouter,
    classes: classesRouter,
    horses: horsesRouter,
    schedules: schedulesRouter,
    enrollments: enrollmentsRouter,
    attendance: attendanceRouter,
    dashboard: dashboardRouter,
    media: mediaRouterFor(school, 'Media', [horsePhotos]),
  },
  resources,
  grants: {
    owner: allOf(resources),
    manager: [...allOf(staff), 'profile.view'],
    instructor: [...viewOf(staff), 'profile.view', 'attendance.create', 'attendance.edit'],
    viewer: [...viewOf(staff), 'profile.view'],
  },
  // Paths relative to `/schools/{schoolId}`; the first matching row wins.
  routeExceptions: [
    { path: /^$/, permission: 'profile' },
    { path: /^\/students\/import$/, permission: 'students.create' },
    { path: /^\/students\/[^/]+\/anonymize$/, permission: 'students.delete' },
    { path: /^\/instructors\/[^/]+\/availability$/, permission: 'instructors.view' },
    { path: /^\/schedules\/weekly$/, permission: 'schedules.view' },
    { path: /^\/horses\/[^/]+\/usage$/, permission: 'horses.view' },
    { path: /^\/attendance\/report$/, permission: 'attendance.view' },
    { path: /^\/dashboard$/, permission: 'reports.view' },
  ],
  navigation,
});
