import { allOf, viewOf } from '../kernel/auth/permissions';
import { defineModule } from '../kernel/modules';
import { attendanceRouter } from './attendance';
import { classesRouter } from './classes';
import { dashboardRouter } from './dashboard';
import { enrollmentsRouter } from './enrollments';
import { horsesRouter } from './horses';
import { instructorsRouter } from './instructors';
import { membersRouter } from './members';
import { navigation } from './navigation';
import { schedulesRouter } from './schedules';
import { schoolsRouter } from './schools';
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
  'members',
] as const;
const staff = resources.filter((r) => r !== 'members');

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
    schools: schoolsRouter,
    members: membersRouter,
    students: studentsRouter,
    instructors: instructorsRouter,
    classes: classesRouter,
    horses: horsesRouter,
    schedules: schedulesRouter,
    enrollments: enrollmentsRouter,
    attendance: attendanceRouter,
    dashboard: dashboardRouter,
  },
  resources,
  grants: {
    owner: allOf(resources),
    manager: allOf(staff),
    instructor: [...viewOf(staff), 'attendance.create', 'attendance.edit'],
    viewer: viewOf(staff),
  },
  // Paths relative to `/schools/{schoolId}`; the first matching row wins.
  routeExceptions: [
    { path: /^$/, method: 'PUT', permission: 'members.edit' },
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
