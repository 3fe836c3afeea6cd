import { describe, expect, it } from 'vitest';
import { SCHOOL_ROLES, STUD_ROLES } from '@/db/schema/identity-values';
import { appRouter } from '../../router';
import { tenantOfPath } from '../../test/api-routes';
import { collectRestRoutes } from '../http/rest';
import {
  ACTIONS,
  can,
  canIn,
  permissionForRoute,
  permissionTable,
  type Action,
  type Permission,
  type Resource,
  type Role,
} from './permissions';

/** The school table, as the modules' manifests build it (`server/modules.ts`). */
const { resources: RESOURCES, grants: ROLE_PERMISSIONS } = permissionTable('school');

/** DESIGN 4, written out independently of the table under test. */
function expected(role: Role, resource: Resource, action: Action): boolean {
  // The school's profile: every member reads it, its owners change it.
  if (resource === 'profile') return role === 'owner' || action === 'view';
  switch (role) {
    case 'owner':
      return true;
    case 'manager':
      return resource !== 'members';
    case 'instructor':
      if (resource === 'attendance') return action !== 'delete';
      // DESIGN-MODULES 0.1: instructors assess (level changes, awards) without managing.
      if (resource === 'progress') return action === 'create';
      // Prospects' data is not theirs (DESIGN-MODULES 0.1).
      if (resource === 'waitlist') return false;
      return action === 'view' && !['payments', 'reports', 'members'].includes(resource);
    case 'viewer':
      return action === 'view' && resource !== 'members';
    default:
      return false;
  }
}

describe('role matrix (DESIGN 4)', () => {
  it('covers the resources and actions of DESIGN 4 and the four roles', () => {
    expect([...RESOURCES].sort()).toEqual([
      'attendance',
      'badges',
      'certificates',
      'classes',
      'competitions',
      'enrollments',
      'horses',
      'instructors',
      'levels',
      'media',
      'members',
      'payments',
      'profile',
      'progress',
      'reports',
      'schedules',
      'students',
      'waitlist',
    ]);
    expect([...ACTIONS]).toEqual(['view', 'create', 'edit', 'delete']);
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...SCHOOL_ROLES].sort());
  });

  const cells = SCHOOL_ROLES.flatMap((role) =>
    RESOURCES.flatMap((resource) => ACTIONS.map((action) => [role, resource, action] as const)),
  );

  it.each(cells)('%s on %s.%s', (role, resource, action) => {
    const permission = `${resource}.${action}` as Permission<'school'>;
    expect(ROLE_PERMISSIONS[role].has(permission)).toBe(expected(role, resource, action));
    expect(can(role, permission)).toBe(expected(role, resource, action));
  });

  it('grants nothing outside the matrix', () => {
    const all = new Set<string>(RESOURCES.flatMap((r) => ACTIONS.map((a) => `${r}.${a}`)));
    for (const role of SCHOOL_ROLES) {
      for (const permission of ROLE_PERMISSIONS[role])
        expect(all.has(permission), `${role}: ${permission}`).toBe(true);
    }
    expect(ROLE_PERMISSIONS.owner.size).toBe(72);
    expect(ROLE_PERMISSIONS.manager.size).toBe(65);
    expect(ROLE_PERMISSIONS.instructor.size).toBe(16);
    expect(ROLE_PERMISSIONS.viewer.size).toBe(17);
  });
});

/** DESIGN-MODULES 0.1, written out independently of the stud table under test. */
function expectedInStud(role: string, resource: string, action: Action): boolean {
  const staffWrites = ['horses', 'breeding', 'medical', 'tasks', 'media'];
  switch (role) {
    case 'owner':
      return true;
    case 'manager':
      return resource !== 'members';
    case 'staff':
      if (['finance', 'reports', 'members'].includes(resource)) return false;
      if (action === 'view') return true;
      return action !== 'delete' && staffWrites.includes(resource);
    case 'viewer':
      return action === 'view' && resource !== 'members';
    default:
      return false;
  }
}

describe('stud role matrix (DESIGN-MODULES 0.1)', () => {
  const table = permissionTable('stud');

  it('has the stud resources and roles', () => {
    expect([...table.resources].sort()).toEqual(
      [
        'breeding',
        'clients',
        'contracts',
        'finance',
        'horses',
        'media',
        'medical',
        'members',
        'profile',
        'reports',
        'reservations',
        'services',
        'tasks',
      ].sort(),
    );
    expect(Object.keys(table.grants).sort()).toEqual([...STUD_ROLES].sort());
  });

  const cells = STUD_ROLES.flatMap((role) =>
    table.resources.flatMap((resource) =>
      ACTIONS.map((action) => [role, resource, action] as const),
    ),
  );

  it.each(cells)('%s on %s.%s', (role, resource, action) => {
    expect(canIn('stud', role, `${resource}.${action}`)).toBe(
      expectedInStud(role, resource, action),
    );
  });

  it('gives a school role nothing in a stud, and a stud role nothing in a school', () => {
    expect(canIn('stud', 'instructor', 'horses.view')).toBe(false);
    expect(canIn('school', 'staff', 'horses.view')).toBe(false);
  });
});

describe('permissionForRoute', () => {
  const S = '/schools/{schoolId}';

  it.each([
    // The method rule on the path's resource.
    ['GET', `${S}/students`, 'students.view'],
    ['POST', `${S}/students`, 'students.create'],
    ['GET', `${S}/students/{studentId}`, 'students.view'],
    ['PUT', `${S}/students/{studentId}`, 'students.edit'],
    ['PATCH', `${S}/students/{studentId}`, 'students.edit'],
    ['DELETE', `${S}/students/{studentId}`, 'students.delete'],
    ['GET', `${S}/enrollments`, 'enrollments.view'],
    ['get', `${S}/horses`, 'horses.view'],
    ['POST', `${S}/attendance`, 'attendance.create'],
    ['GET', `${S}/members`, 'members.view'],
    ['DELETE', `${S}/members/{memberId}`, 'members.delete'],
    // Named exceptions.
    ['POST', `${S}/students/import`, 'students.create'],
    ['POST', `${S}/students/{studentId}/anonymize`, 'students.delete'],
    ['GET', `${S}/instructors/{instructorId}/availability`, 'instructors.view'],
    ['GET', `${S}/schedules/weekly`, 'schedules.view'],
    ['GET', `${S}/horses/{horseId}/usage`, 'horses.view'],
    ['GET', `${S}/attendance/report`, 'attendance.view'],
    ['GET', `${S}/dashboard`, 'reports.view'],
    ['GET', `${S}/reports/attendance`, 'reports.view'],
    ['GET', `${S}/reports/financial`, 'reports.view'],
    ['POST', `${S}/payments/{paymentId}/pay`, 'payments.edit'],
    ['POST', `${S}/payments/generate-monthly`, 'payments.create'],
    ['GET', `${S}/payments`, 'payments.view'],
    ['GET', `${S}/payments/summary`, 'payments.view'],
    // Competition payments count as payments, by the method rule.
    ['GET', `${S}/competitions/{competitionId}/payments`, 'payments.view'],
    ['POST', `${S}/competitions/{competitionId}/payments`, 'payments.create'],
    ['GET', `${S}/competitions/{competitionId}/payments/summary`, 'payments.view'],
    ['GET', `${S}/competitions/{competitionId}/payments/{paymentId}`, 'payments.view'],
    ['PUT', `${S}/competitions/{competitionId}/payments/{paymentId}`, 'payments.edit'],
    ['DELETE', `${S}/competitions/{competitionId}/payments/{paymentId}`, 'payments.delete'],
    // Entries, results, recalculation and the print list are competitions.*.
    ['GET', `${S}/competitions`, 'competitions.view'],
    ['POST', `${S}/competitions/{competitionId}/entries`, 'competitions.create'],
    ['PUT', `${S}/competitions/{competitionId}/entries/{entryId}`, 'competitions.edit'],
    ['DELETE', `${S}/competitions/{competitionId}/entries/{entryId}`, 'competitions.delete'],
    ['GET', `${S}/competitions/{competitionId}/entries/print-list`, 'competitions.view'],
    ['POST', `${S}/competitions/{competitionId}/entries/recalculate-order`, 'competitions.create'],
    ['GET', `${S}/competitions/{competitionId}/results`, 'competitions.view'],
    ['POST', `${S}/competitions/{competitionId}/results`, 'competitions.create'],
    ['PUT', `${S}/competitions/{competitionId}/results/{resultId}`, 'competitions.edit'],
    // The school's own profile: every member reads it, its owners change it.
    ['GET', S, 'profile.view'],
    ['PUT', S, 'profile.edit'],
    // A stud's routes, by the method rule on its own table.
    ['GET', '/studs/{studId}', 'profile.view'],
    ['PUT', '/studs/{studId}', 'profile.edit'],
    ['GET', '/studs/{studId}/members', 'members.view'],
    ['PUT', '/studs/{studId}/members/{memberId}', 'members.edit'],
    // B.2: services are their resource; semen batches are breeding records.
    ['POST', '/studs/{studId}/services', 'services.create'],
    ['DELETE', '/studs/{studId}/services/{serviceId}', 'services.delete'],
    ['GET', '/studs/{studId}/semen-batches', 'breeding.view'],
    ['PUT', '/studs/{studId}/semen-batches/{semenBatchId}', 'breeding.edit'],
  ])('%s %s → %s', (method, path, permission) => {
    expect(permissionForRoute(method, path)).toBe(permission);
  });

  it.each([
    ['GET', '/schools'],
    ['GET', '/admin/organizations'],
    ['GET', '/auth/me'],
    ['GET', `${S}/unknown-resource`],
    ['HEAD', `${S}/students`],
    ['GET', '/schoolsX/{schoolId}/students'],
  ])('%s %s needs no school permission (null)', (method, path) => {
    expect(permissionForRoute(method, path)).toBeNull();
  });
});

describe('declared permissions of the router', () => {
  const routes = collectRestRoutes(appRouter);
  // Every organization route, by the tenant kinds' prefixes of the modules' manifests.
  const schoolRoutes = routes.filter((route) => tenantOfPath(route.path) !== null);

  it('includes the school routes implemented so far', () => {
    const keys = schoolRoutes.map((route) => `${route.method} ${route.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'PUT /schools/{schoolId}',
        'GET /schools/{schoolId}/members',
        'POST /schools/{schoolId}/members',
        'PUT /schools/{schoolId}/members/{memberId}',
        'DELETE /schools/{schoolId}/members/{memberId}',
      ]),
    );
  });

  it.each(schoolRoutes.map((route) => [route.method, route.path, route] as const))(
    '%s %s declares the permission of the table',
    (method, path, route) => {
      const permission = permissionForRoute(method, path);
      expect(permission).not.toBeNull();
      expect(route.meta.permission).toBe(permission);
    },
  );

  it('declares no school permission on routes outside a school', () => {
    for (const route of routes.filter((r) => tenantOfPath(r.path) === null)) {
      expect(route.meta.permission, `${route.method} ${route.path}`).toBeUndefined();
    }
  });
});
