import { ROLES } from '@/db/schema/identity';

export { ROLES };

export type Role = (typeof ROLES)[number];

export const RESOURCES = [
  'students',
  'instructors',
  'classes',
  'schedules',
  'enrollments',
  'attendance',
  'horses',
  'payments',
  'reports',
  'competitions',
  'members',
] as const;
export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;

export type Resource = (typeof RESOURCES)[number];
export type Action = (typeof ACTIONS)[number];
export type Permission = `${Resource}.${Action}`;

const ALL: Permission[] = RESOURCES.flatMap((r) => ACTIONS.map((a) => `${r}.${a}` as const));
const view = (except: Resource[]) =>
  RESOURCES.filter((r) => !except.includes(r)).map((r) => `${r}.view` as const);

/** Roles and what each may do (DESIGN 4). Platform administrators act as `owner`. */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(ALL),
  manager: new Set(ALL.filter((p) => !p.startsWith('members.'))),
  instructor: new Set([
    ...view(['payments', 'reports', 'members']),
    'attendance.create',
    'attendance.edit',
  ]),
  viewer: new Set(view(['members'])),
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

const METHOD_ACTION: Record<string, Action> = {
  GET: 'view',
  POST: 'create',
  PUT: 'edit',
  PATCH: 'edit',
  DELETE: 'delete',
};

/**
 * Routes whose permission is not "the method on the path's first resource". Paths are
 * relative to `/schools/{schoolId}`; the first matching row wins.
 */
const ROUTE_EXCEPTIONS: { path: RegExp; method?: string; permission: Permission | Resource }[] = [
  { path: /^$/, method: 'PUT', permission: 'members.edit' },
  { path: /^\/students\/import$/, permission: 'students.create' },
  { path: /^\/students\/[^/]+\/anonymize$/, permission: 'students.delete' },
  { path: /^\/instructors\/[^/]+\/availability$/, permission: 'instructors.view' },
  { path: /^\/schedules\/weekly$/, permission: 'schedules.view' },
  { path: /^\/horses\/[^/]+\/usage$/, permission: 'horses.view' },
  { path: /^\/attendance\/report$/, permission: 'attendance.view' },
  { path: /^\/dashboard$/, permission: 'reports.view' },
  { path: /^\/reports(\/|$)/, permission: 'reports.view' },
  { path: /^\/payments\/[^/]+\/pay$/, permission: 'payments.edit' },
  { path: /^\/payments\/generate-monthly$/, permission: 'payments.create' },
  { path: /^\/competitions\/[^/]+\/payments(\/|$)/, permission: 'payments' },
];

/**
 * The permission a school route needs (DESIGN 4): one table for the guards' declarations
 * and the role-matrix tests. `path` is the full OpenAPI path (`/schools/{schoolId}/...`).
 */
export function permissionForRoute(method: string, path: string): Permission | null {
  const match = /^\/schools\/\{schoolId\}(.*)$/.exec(path);
  if (!match) return null;
  const rest = match[1]!;
  const action = METHOD_ACTION[method.toUpperCase()];
  if (!action) return null;
  for (const exception of ROUTE_EXCEPTIONS) {
    if (exception.method && exception.method !== method.toUpperCase()) continue;
    if (!exception.path.test(rest)) continue;
    return exception.permission.includes('.')
      ? (exception.permission as Permission)
      : `${exception.permission as Resource}.${action}`;
  }
  const resource = rest.split('/')[1] as Resource | undefined;
  return resource && (RESOURCES as readonly string[]).includes(resource)
    ? `${resource}.${action}`
    : null;
}
