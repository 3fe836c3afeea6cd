import { ORGANIZATION_TYPES, ROLES } from '@/db/schema/identity-values';

export { ROLES };

/** Every membership role of any organization type (the `memberships.role` column). */
export type Role = (typeof ROLES)[number];
/** An organization type: each is a tenant kind with its own path prefix, roles and resources. */
export type OrganizationKind = (typeof ORGANIZATION_TYPES)[number];

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * The resources of every tenant kind, keyed `<kind>:<resource>`. Empty here: each module's
 * manifest adds its own by declaration merging, so that `schoolProcedure('students.view')`
 * is checked at compile time while the kernel knows no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TenantResources {}

type ResourceKey = keyof TenantResources & string;
/** A resource of tenant kind `K` (of any kind when `K` is not given). */
export type Resource<K extends OrganizationKind = OrganizationKind> = ResourceKey extends infer Key
  ? Key extends `${K}:${infer R}`
    ? R
    : never
  : never;
export type Permission<K extends OrganizationKind = OrganizationKind> = `${Resource<K>}.${Action}`;

/**
 * An organization type as the routes see it (DESIGN-MODULES 0.1): its routes live under
 * `/<collection>/{<param>}` and its members hold one of `roles`.
 */
export type TenantKind = {
  kind: OrganizationKind;
  /** The collection segment of the path: `schools`. */
  collection: string;
  /** The path parameter and input field naming the organization: `schoolId`. */
  param: string;
  roles: readonly Role[];
  /** The role a platform administrator acts as in every organization of this kind. */
  adminRole: Role;
};

/** `/schools/{schoolId}`: the OpenAPI path prefix of a tenant kind's routes. */
export function tenantPrefix(tenant: TenantKind): `/${string}` {
  return `/${tenant.collection}/{${tenant.param}}`;
}

/**
 * A route whose permission is not "the method on the path's first resource". `path` is
 * matched against the path relative to the tenant prefix (`/students/import`); a bare
 * resource as `permission` means that resource by the method rule.
 */
export type RouteException = { path: RegExp; method?: string; permission: string };

/** What one module adds to the permission table of its tenant kind. */
export type PermissionContribution = {
  resources?: readonly string[];
  /** Per role, the permissions it grants on this module's resources. */
  grants?: Partial<Record<Role, readonly string[]>>;
  routeExceptions?: readonly RouteException[];
};

/** The permission table of one tenant kind (DESIGN 4), built from its modules' manifests. */
export type PermissionTable = {
  tenant: TenantKind;
  prefix: string;
  resources: readonly Resource[];
  grants: Record<Role, ReadonlySet<Permission>>;
  routeExceptions: readonly RouteException[];
};

/** Every permission of `resources`: `students.view`, `students.create`, … */
export function allOf(resources: readonly string[]): string[] {
  return resources.flatMap((r) => ACTIONS.map((a) => `${r}.${a}`));
}

/** `view` on each of `resources`. */
export function viewOf(resources: readonly string[]): string[] {
  return resources.map((r) => `${r}.view`);
}

export function buildPermissionTable(
  tenant: TenantKind,
  contributions: readonly PermissionContribution[],
): PermissionTable {
  const resources = contributions.flatMap((c) => c.resources ?? []);
  const duplicate = resources.find((r, i) => resources.indexOf(r) !== i);
  if (duplicate) throw new Error(`Resource ${tenant.kind}:${duplicate} is declared twice`);
  const known = new Set(allOf(resources));
  const grants = Object.fromEntries(tenant.roles.map((role) => [role, new Set<Permission>()]));
  for (const contribution of contributions) {
    for (const [role, permissions] of Object.entries(contribution.grants ?? {})) {
      if (!grants[role]) throw new Error(`Role ${role} is not a role of ${tenant.kind}`);
      for (const permission of permissions ?? []) {
        if (!known.has(permission)) throw new Error(`Unknown permission ${permission}`);
        grants[role].add(permission as Permission);
      }
    }
  }
  return {
    tenant,
    prefix: tenantPrefix(tenant),
    resources: resources as Resource[],
    grants: grants as unknown as Record<Role, ReadonlySet<Permission>>,
    routeExceptions: contributions.flatMap((c) => c.routeExceptions ?? []),
  };
}

/** The tables of the registered modules, by tenant kind (`server/modules.ts` installs them). */
const tables = new Map<OrganizationKind, PermissionTable>();

export function installPermissionTables(list: readonly PermissionTable[]): void {
  tables.clear();
  for (const table of list) tables.set(table.tenant.kind, table);
}

export function installedPermissionTables(): PermissionTable[] {
  return [...tables.values()];
}

export function permissionTable(kind: OrganizationKind): PermissionTable {
  const table = tables.get(kind);
  if (!table) throw new Error(`No module registers the tenant kind ${kind} (server/modules.ts)`);
  return table;
}

/** Whether `role` in an organization of kind `kind` may do `permission`. */
export function canIn(kind: OrganizationKind, role: Role, permission: string): boolean {
  return permissionTable(kind).grants[role]?.has(permission as Permission) ?? false;
}

/** `canIn('school', …)`, for the school module's callers. */
export function can(role: Role, permission: Permission<'school'>): boolean {
  return canIn('school', role, permission);
}

const METHOD_ACTION: Record<string, Action> = {
  GET: 'view',
  POST: 'create',
  PUT: 'edit',
  PATCH: 'edit',
  DELETE: 'delete',
};

/**
 * The permission an organization's route needs (DESIGN 4): one table for the guards'
 * declarations and the role-matrix tests. `path` is the full OpenAPI path
 * (`/schools/{schoolId}/...`); null outside every tenant kind's prefix.
 */
export function permissionForRoute(method: string, path: string): Permission | null {
  for (const table of tables.values()) {
    if (path !== table.prefix && !path.startsWith(`${table.prefix}/`)) continue;
    return permissionIn(table, method, path.slice(table.prefix.length));
  }
  return null;
}

function permissionIn(table: PermissionTable, method: string, rest: string): Permission | null {
  const action = METHOD_ACTION[method.toUpperCase()];
  if (!action) return null;
  for (const exception of table.routeExceptions) {
    if (exception.method && exception.method !== method.toUpperCase()) continue;
    if (!exception.path.test(rest)) continue;
    return (
      exception.permission.includes('.')
        ? exception.permission
        : `${exception.permission}.${action}`
    ) as Permission;
  }
  const resource = rest.split('/')[1];
  return resource && (table.resources as readonly string[]).includes(resource)
    ? (`${resource}.${action}` as Permission)
    : null;
}
