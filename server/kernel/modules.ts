import type { AnyRouter } from '@trpc/server';
import {
  buildPermissionTable,
  installPermissionTables,
  type OrganizationKind,
  type Permission,
  type PermissionContribution,
  type PermissionTable,
  type Role,
  type TenantKind,
} from './auth/permissions';
import {
  installEmailTemplates,
  type EmailKind,
  type EmailTemplateTable,
  type EmailTemplates,
} from './emails';
import type { QueuedJob, TimedJob } from './jobs';

/** A link of an organization's navigation; the client layouts import this as data. */
export type NavigationItem = {
  label: string;
  /** Relative to the organization's page: `''` for its dashboard, `/students`. */
  path: string;
  /** The permission a member needs to see the link (none: every member). */
  permission?: string;
  /** Place among the links of every module of the tenant kind, ascending. */
  order: number;
};

/** A tRPC router, or a group of them under one key (`admin`), merged key by key. */
export type RouterRecord = { [key: string]: AnyRouter | RouterRecord };

/**
 * What a module brings to the platform (docs/architecture.md, "How to add a module"): the
 * app router, the permission table of its tenant kind, the navigation and the e-mail kinds
 * are all built from the list of manifests in `server/modules.ts`.
 */
export type ModuleManifest = PermissionContribution & {
  name: string;
  /** The organization kind whose routes this module serves; null for platform or account. */
  tenant: TenantKind | null;
  /**
   * Routers by the key of the app router (`trpc.students.list`). Order matters: REST routes
   * match first-come, and modules are merged in registration order.
   */
  routers: RouterRecord;
  navigation?: readonly NavigationItem[];
  /**
   * The e-mails this module sends, by kind (`emailTemplate(label, file, schema, Component)`
   * over a template of `emails/`); the mailer, its previews and the admin page are built from
   * them.
   */
  emails?: EmailTemplates;
  /** Timed jobs (expiries, purges...) and the queued work its writes ask for (`enqueueJob`). */
  jobs?: readonly TimedJob[];
  queuedJobs?: readonly QueuedJob[];
};

/** Keeps the literal router types of a manifest, so that the app router stays typed. */
export function defineModule<const M extends ModuleManifest>(manifest: M): M {
  return manifest;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

/** The routers of every module, merged: the record the app router is built from. */
export type MergedRouters<M extends readonly ModuleManifest[]> = UnionToIntersection<
  M[number]['routers']
>;

/** What the client of one tenant kind needs: plain data, serializable to a client layout. */
export type TenantView = {
  kind: OrganizationKind;
  roles: readonly Role[];
  grants: Partial<Record<Role, Permission[]>>;
  navigation: NavigationItem[];
};

export type Registry<M extends readonly ModuleManifest[]> = {
  modules: M;
  routers: MergedRouters<M>;
  tables: PermissionTable[];
  emailKinds: EmailKind[];
  emailTemplates: EmailTemplateTable;
  jobs: TimedJob[];
  queuedJobs: QueuedJob[];
  tenantView(kind: OrganizationKind): TenantView;
};

function mergeRouters(target: RouterRecord, source: RouterRecord, path: string[]): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    const isGroup = (v: unknown): v is RouterRecord =>
      typeof v === 'object' && v !== null && !('_def' in v);
    if (existing === undefined) {
      target[key] = isGroup(value) ? { ...value } : value;
    } else if (isGroup(existing) && isGroup(value)) {
      mergeRouters(existing, value, [...path, key]);
    } else {
      throw new Error(`Two modules register the router ${[...path, key].join('.')}`);
    }
  }
}

/**
 * Builds everything the manifests declare and installs the permission tables the guards
 * read and the e-mail templates the mailer renders. Called once, by `server/modules.ts`.
 */
export function registerModules<const M extends readonly ModuleManifest[]>(
  modules: M,
): Registry<M> {
  const registry = buildRegistry(modules);
  installPermissionTables(registry.tables);
  installEmailTemplates(registry.emailTemplates);
  return registry;
}

/** What `registerModules` builds, without installing it. */
export function buildRegistry<const M extends readonly ModuleManifest[]>(modules: M): Registry<M> {
  const names = modules.map((m) => m.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`Module ${twice} is registered twice`);

  const routers: RouterRecord = {};
  for (const module of modules) mergeRouters(routers, module.routers, []);

  const tenants = new Map<OrganizationKind, TenantKind>();
  for (const { tenant, name } of modules) {
    if (!tenant) continue;
    const known = tenants.get(tenant.kind);
    if (known && known !== tenant)
      throw new Error(`Module ${name} declares the tenant kind ${tenant.kind} anew`);
    tenants.set(tenant.kind, tenant);
  }
  const tables = [...tenants.values()].map((tenant) =>
    buildPermissionTable(
      tenant,
      modules.filter((m) => m.tenant === tenant),
    ),
  );
  for (const module of modules) {
    if (!module.tenant && (module.resources?.length || module.routeExceptions?.length))
      throw new Error(`Module ${module.name} has resources but no tenant kind`);
  }

  const emailTemplates: EmailTemplates = {};
  for (const module of modules) {
    for (const [kind, template] of Object.entries(module.emails ?? {})) {
      if (Object.hasOwn(emailTemplates, kind))
        throw new Error(`E-mail kind ${kind} is declared twice`);
      emailTemplates[kind] = template;
    }
  }
  const emailKinds = Object.keys(emailTemplates) as EmailKind[];

  const jobs = modules.flatMap((m) => m.jobs ?? []);
  const queuedJobs = modules.flatMap((m) => m.queuedJobs ?? []);
  const jobNames = [...jobs, ...queuedJobs].map((job) => job.name);
  const sameName = jobNames.find((name, i) => jobNames.indexOf(name) !== i);
  if (sameName) throw new Error(`Job ${sameName} is declared twice`);

  return {
    modules,
    routers: routers as MergedRouters<M>,
    tables,
    emailKinds,
    emailTemplates: emailTemplates as EmailTemplateTable,
    jobs,
    queuedJobs,
    tenantView(kind) {
      const table = tables.find((t) => t.tenant.kind === kind);
      if (!table) throw new Error(`No module registers the tenant kind ${kind}`);
      return {
        kind,
        roles: table.tenant.roles,
        grants: Object.fromEntries(
          Object.entries(table.grants).map(([role, set]) => [role, [...set]]),
        ),
        navigation: modules
          .filter((m) => m.tenant?.kind === kind)
          .flatMap((m) => m.navigation ?? [])
          .map((item, index) => ({ item, index }))
          .sort((a, b) => a.item.order - b.item.order || a.index - b.index)
          .map(({ item }) => ({ ...item })),
      };
    },
  };
}
