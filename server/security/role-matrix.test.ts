import { describe, expect, it } from 'vitest';
import {
  canIn,
  permissionForRoute,
  permissionTable,
  type OrganizationKind,
  type Permission,
  type Role,
} from '../kernel/auth/permissions';
import { apiOperations, organizationOperations, type ApiOperation } from '../test/api-routes';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { sampleQuery, sampleValue } from '../test/sample-input';
import { fieldValue, pathParamKind, schoolPath, seedOrganization } from '../test/seeded-school';

/*
 * Every route answers each kind of caller as the permission table says (DESIGN 4). The
 * expectations come from the table the guards use (`permissionForRoute`, `can`), so the two
 * cannot drift; the routes come from the OpenAPI document, so a new one is covered.
 */

const app = useTestApp();

/** A tenant kind of the modules' manifests: its roles and its administrators' role. */
const tenantOf = (kind: OrganizationKind) => permissionTable(kind).tenant;

const MEMBERS: Record<Role, string> = {
  owner: 'owner@alpha.test',
  manager: 'manager@alpha.test',
  instructor: 'instructor@alpha.test',
  staff: 'staff@alpha.test',
  viewer: 'viewer@alpha.test',
};
/** Signed in and owner of another organization of the kind, but no member of the one called. */
const STRANGER = 'owner@elsewhere.test';
const FORBIDDEN = { error: { code: 'FORBIDDEN', message: expect.any(String) } };
/** An allowed caller may still meet missing data or a rule about the sample input. */
const PASSED_THE_GUARDS = [200, 201, 404, 409, 422];

type Caller = { name: string; email: string; allowed: boolean };

/** Refused callers first, so that an allowed PUT or DELETE cannot change what they meet. */
function inOrder(callers: Caller[]): Caller[] {
  return [...callers].sort((x, y) => Number(x.allowed) - Number(y.allowed));
}

function organizationCallers(kind: OrganizationKind, permission: Permission): Caller[] {
  const { roles, adminRole } = tenantOf(kind);
  const can = (role: Role) => canIn(kind, role, permission);
  return inOrder([
    ...roles.map((role) => ({ name: role, email: MEMBERS[role], allowed: can(role) })),
    // DESIGN 4: platform administrators act as owner in every organization.
    { name: 'platform admin, not a member', email: ADMIN_EMAIL, allowed: can(adminRole) },
    { name: 'non-member', email: STRANGER, allowed: false },
  ]);
}

async function call(
  op: ApiOperation,
  path: string,
  caller: Caller,
  input: { body?: unknown; query: Record<string, string> },
) {
  const query = new URLSearchParams(input.query).toString();
  return app.request(op.method, query ? `${path}?${query}` : path, {
    token: await app.tokenFor(caller.email),
    body: op.body ? input.body : undefined,
  });
}

function expectAnswerFor(caller: Caller, res: { status: number; body: unknown; text: string }) {
  if (caller.allowed) {
    expect(PASSED_THE_GUARDS, `${caller.name} is allowed: ${res.text}`).toContain(res.status);
  } else {
    expect(res.status, `${caller.name} is refused: ${res.text}`).toBe(403);
    expect(res.body, caller.name).toEqual(FORBIDDEN);
  }
}

/** Every organization route of the modules' manifests, whatever its tenant kind. */
const schoolRoutes = organizationOperations().map((op) => [`${op.method} ${op.path}`, op] as const);

describe('role matrix on every organization route', () => {
  it('covers the routes of the OpenAPI document, each with a permission in the table', () => {
    expect(schoolRoutes.length).toBeGreaterThan(70);
    for (const [name, op] of schoolRoutes)
      expect(permissionForRoute(op.method, op.path), name).not.toBeNull();
  });

  it('can seed the organization of every route (a new tenant kind needs its members here)', () => {
    expect(new Set(schoolRoutes.map(([, op]) => op.tenant))).toEqual(new Set(['school', 'stud']));
    for (const [, op] of schoolRoutes)
      for (const role of tenantOf(op.tenant!).roles) expect(MEMBERS[role], role).toBeDefined();
  });

  it.each(schoolRoutes)('%s', async (_, op) => {
    const kind = op.tenant!;
    const permission = permissionForRoute(op.method, op.path)!;
    const school = await seedOrganization(
      app,
      kind,
      'Alpha',
      Object.fromEntries(tenantOf(kind).roles.map((role) => [MEMBERS[role], role])),
    );
    await app.createSchool({ name: 'Elsewhere', type: kind, members: { [STRANGER]: 'owner' } });
    const given = fieldValue(op, school);
    const path = schoolPath(op, school.id, (param) => school.records[pathParamKind(op, param)]);
    const input = {
      body: op.body ? sampleValue(op.body, given) : undefined,
      query: sampleQuery(op, given),
    };

    for (const caller of organizationCallers(kind, permission))
      expectAnswerFor(caller, await call(op, path, caller, input));
  });
});

// What any signed-in user may call: their own account, profile and notifications, their
// lists of schools and studs, the global pedigree (DESIGN-MODULES 0.3), the portal,
// where their own links decide what they read (A.5; server/portal/portal.test.ts), and
// redeeming an access code (E.4; server/admin/access-codes.test.ts), and the marketplace,
// where sellers own their records (server/security/marketplace-isolation.test.ts).
const OWN_ACCOUNT = ['/auth/me', '/schools', '/studs', '/access-codes/redeem'];
const isOwnAccount = (path: string) =>
  OWN_ACCOUNT.includes(path) ||
  /^\/(profile|notifications|pedigree|portal|marketplace)(\/|$)/.test(path);
const platformRoutes = apiOperations()
  .filter(
    (op) =>
      op.isProtected &&
      op.tenant === null &&
      !op.path.startsWith('/schools/') &&
      !isOwnAccount(op.path),
  )
  .map((op) => [`${op.method} ${op.path}`, op] as const);

describe('platform routes: platform administrators only', () => {
  it('covers the admin routes of the OpenAPI document', () => {
    expect(platformRoutes.filter(([, op]) => op.path.startsWith('/admin/')).length).toBeGreaterThan(
      10,
    );
  });

  it.each(platformRoutes)('%s', async (_, op) => {
    await app.createSchool({ members: { [MEMBERS.owner]: 'owner' } });
    const path = `/api${op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const param = op.pathParams.find((p) => p.name === name)!;
      return encodeURIComponent(String(sampleValue(param.schema, () => undefined)));
    })}`;
    const input = {
      body: op.body ? sampleValue(op.body, () => undefined) : undefined,
      query: sampleQuery(op, () => undefined),
    };
    const callers = inOrder([
      { name: 'school owner', email: MEMBERS.owner, allowed: false },
      { name: 'member of nothing', email: 'nobody@x.test', allowed: false },
      { name: 'platform admin', email: ADMIN_EMAIL, allowed: true },
    ]);

    for (const caller of callers) expectAnswerFor(caller, await call(op, path, caller, input));
  });
});

// The spec's own routes without sign-in and the payment gateway's webhook (signed instead);
// every other one lives in the `/public/` family (DESIGN-MODULES 0.2), built with
// `publicRoute` and its per-client limiter.
const SPEC_NO_LOGIN = [
  'GET /health',
  'GET /test-idp',
  'GET /features',
  'POST /contact',
  'POST /webhooks/payments/{provider}',
];
const unprotected = apiOperations().filter((op) => !op.isProtected);
const publicFamily = unprotected.filter((op) => op.path.startsWith('/public/'));

describe('routes without sign-in', () => {
  it('are the spec’s and the /public/ family, and every /public/ route is one of them', () => {
    expect(
      unprotected
        .filter((op) => !op.path.startsWith('/public/'))
        .map((op) => `${op.method} ${op.path}`)
        .sort(),
    ).toEqual([...SPEC_NO_LOGIN].sort());
    expect(
      apiOperations().filter((op) => op.isProtected && op.path.startsWith('/public/')),
    ).toEqual([]);
  });

  it.each(publicFamily.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s answers without a token: never 401 or 403',
    async (_, op) => {
      const path = `/api${op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const param = op.pathParams.find((p) => p.name === name)!;
        return encodeURIComponent(String(sampleValue(param.schema, () => undefined)));
      })}`;
      const res = await app.request(op.method, path, {
        body: op.body ? sampleValue(op.body, () => undefined) : undefined,
      });
      expect([401, 403]).not.toContain(res.status);
    },
  );
});
