import { initTRPC } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { memberships, organizations } from '@/db/schema';
import { AppError, forbidden, toAppError } from '../errors';
import {
  canIn,
  permissionTable,
  type OrganizationKind,
  type Permission,
  type Role,
} from '../auth/permissions';
import { noteOrganization } from '../log';
import { isUuid } from '../validation';
import { audited, type AuditSpec } from './audit';
import type { Context, Services } from './context';

/** A file a `download` route sends: its bytes (streamed when a store streams them). */
export type FileAnswer = {
  body: Uint8Array | ReadableStream<Uint8Array>;
  contentType: string;
  filename: string;
  size: number;
  /** `inline` (shown in the browser: images, PDFs) or `attachment`. */
  disposition: 'inline' | 'attachment';
};

export type Meta = OpenApiMeta<{
  /** The organization permission the route needs (DESIGN 4); set by `organizationProcedure`. */
  permission?: Permission;
  /** The tenant kind of an organization route; set by `organizationProcedure`. */
  tenant?: OrganizationKind;
  /** `/api/auth/me` answers a suspended user too. */
  allowSuspended?: boolean;
  /** Status of a successful answer when it is not 200 (a POST that creates a record). */
  successStatus?: 201;
  /**
   * A file upload: a `multipart/form-data` body is accepted too, its part `field` handed to
   * the procedure under the same name, its other parts as strings. The file part is text, or
   * with `binary` its bytes in base64 (as a JSON client sends a small file) and its name as
   * `filename` unless a part gives one.
   */
  upload?: { field: string; maxBytes: number; binary?: true };
  /**
   * The REST route answers this media type instead of JSON (the e-mail preview): a plain
   * route calls the procedure and sends its output's `html`; errors stay JSON (DESIGN 7).
   */
  produces?: 'text/html';
  /**
   * The REST route answers a file: a plain route calls the procedure, then this, and sends
   * the bytes with their type, `Content-Disposition` and `nosniff`; errors stay JSON.
   */
  download?: (output: never, services: Services) => Promise<FileAnswer>;
  /** `format=csv` answers a `text/csv` download: the output's `data`, rendered by this. */
  csv?: (data: never) => { filename: string; body: string };
  /** A platform-administration write: the subject its audit-log row names (audit.ts). */
  audit?: AuditSpec;
  /**
   * The REST body's exact text is kept as `ctx.rawBody`, for a signature computed over the
   * bytes sent (payment webhooks); it is parsed as JSON for the input all the same.
   */
  signedBody?: true;
}>;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const fieldErrors = error instanceof AppError ? error.fieldErrors : undefined;
      // An unexpected failure's own message (SQL, file paths) goes to the log, never to the client.
      const message =
        error.code === 'INTERNAL_SERVER_ERROR' ? 'Internal server error' : shape.message;
      return {
        ...shape,
        message,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Every error leaves a procedure already mapped to the contract (DESIGN 5). */
const mapErrors = t.middleware(async ({ next, getRawInput }) => {
  const result = await next();
  if (!result.ok) throw toAppError(result.error, await getRawInput().catch(() => undefined));
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

/** The caller from the request's token (401 without one), refused while suspended (403). */
const authenticated = t.middleware(async ({ ctx, meta, getRawInput, next }) => {
  // An organization route's caller is read with their membership of it, in one statement.
  const caller = await ctx.authenticate(
    meta?.tenant
      ? await organizationIdOf(getRawInput, permissionTable(meta.tenant).tenant.param)
      : undefined,
  );
  if (caller.user.status === 'suspended' && !meta?.allowSuspended) {
    throw forbidden('Your account is suspended.');
  }
  return next({ ctx: { caller } });
});

export const authedProcedure = publicProcedure.use(authenticated);

/**
 * A route behind a switch that must answer before anything else is checked (the marketplace's
 * 503 while it is closed, C.8): `gate` runs first, then sign-in as `authedProcedure`.
 */
export function gatedProcedure(gate: (ctx: Context) => Promise<void>) {
  return publicProcedure
    .use(async ({ ctx, next }) => {
      await gate(ctx);
      return next();
    })
    .use(authenticated);
}

/**
 * A platform-administration route. Its writes run in one transaction with their audit-log
 * row; a mutation without `meta.audit` is a programming error (tested for every route).
 */
export const adminProcedure = authedProcedure.use(
  async ({ ctx, type, meta, path, getRawInput, next }) => {
    if (!ctx.caller.isPlatformAdmin) throw forbidden('Platform administrators only.');
    if (type !== 'mutation') return next();
    if (!meta?.audit) throw new Error(`The admin write ${path} declares no audit subject.`);
    const raw = await getRawInput().catch(() => undefined);
    return audited(ctx.db, path, ctx.caller.user.id, meta.audit, raw, (tx) =>
      next({ ctx: { db: tx } }),
    );
  },
);

/** The raw input's organization id (under the tenant kind's `param`) when it is a UUID. */
async function organizationIdOf(
  getRawInput: () => Promise<unknown>,
  param: string,
): Promise<string | undefined> {
  const raw = (await getRawInput().catch(() => undefined)) as Record<string, unknown> | undefined;
  const id = raw?.[param];
  return typeof id === 'string' && isUuid(id) ? id : undefined;
}

export type Organization = {
  id: string;
  name: string;
  timezone: string;
  currency: string;
};

export type School = Organization;

/**
 * A route of one organization of kind `kind` (a school, a stud): the caller must be a
 * member (or a platform administrator) whose role grants `permission`. Runs before input
 * validation, so a stranger learns nothing from a 422, and never says whether the
 * organization exists. The organization's id is the input field the tenant kind names.
 */
export function organizationProcedure<K extends OrganizationKind>(
  kind: K,
  permission: Permission<K>,
) {
  return authedProcedure
    .meta({ permission, tenant: kind })
    .use(async ({ ctx, getRawInput, next }) => {
      const tenant = permissionTable(kind).tenant;
      const organizationId = await organizationIdOf(getRawInput, tenant.param);
      const denied = forbidden(`You are not a member of this ${kind} or lack the permission.`);
      if (!organizationId) throw denied;
      // Read with the caller when the request named this organization (context.ts), else here.
      const known = ctx.caller.access?.id === organizationId ? ctx.caller.access : undefined;
      const [row] = known
        ? known.row?.type === kind
          ? [known.row]
          : []
        : await ctx.db
            .select({
              id: organizations.id,
              name: organizations.name,
              timezone: organizations.timezone,
              currency: organizations.currency,
              status: organizations.status,
              role: memberships.role,
            })
            .from(organizations)
            .leftJoin(
              memberships,
              and(
                eq(memberships.organizationId, organizations.id),
                eq(memberships.userId, ctx.caller.user.id),
              ),
            )
            .where(and(eq(organizations.id, organizationId), eq(organizations.type, kind)))
            .limit(1);
      const role: Role | null = ctx.caller.isPlatformAdmin
        ? tenant.adminRole
        : row && row.status === 'active'
          ? row.role
          : null;
      if (!row || !role) throw denied;
      // The request is the organization's from here on (a member, or a platform
      // administrator), even if the role lacks the permission: the access line names it.
      noteOrganization(row.id);
      if (!canIn(kind, role, permission)) throw forbidden();
      const organization: Organization = {
        id: row.id,
        name: row.name,
        timezone: row.timezone,
        currency: row.currency,
      };
      return next({ ctx: { organization, role } });
    });
}

/** A route of one school: `organizationProcedure('school', permission)`, as `ctx.school`. */
export function schoolProcedure(permission: Permission<'school'>) {
  return organizationProcedure('school', permission).use(({ ctx, next }) =>
    next({ ctx: { school: ctx.organization } }),
  );
}
