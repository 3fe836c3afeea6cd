import { describe, expect, it } from 'vitest';
import { organizationOperations, type ApiOperation } from '../test/api-routes';
import { ADMIN_EMAIL, useTestApp, type TestResponse } from '../test/harness';
import { idFieldPaths, isIdName, sampleQuery, sampleValue, withField } from '../test/sample-input';
import {
  fieldKind,
  fieldValue,
  ownRecordIds,
  pathParamKind,
  schoolPath,
  schoolRows,
  seedOrganization,
  SHARED_RECORD_KINDS,
  type SeededSchool,
} from '../test/seeded-school';
import { permissionTable, type OrganizationKind } from '../kernel/auth/permissions';

/*
 * A member of school A must never reach school B: not by B's school id, not by B's record
 * ids in A's paths, queries or bodies. The caller is A's owner, so a refusal is never a
 * matter of permission. Every route of the OpenAPI document is covered.
 */

const app = useTestApp();

const OWNER_A = 'owner@alpha.test';
const OWNER_B = 'owner@xyzzy.test';
const UNKNOWN_ID = '6f0c3c1e-0000-4000-8000-000000000000';
const FORBIDDEN = { error: { code: 'FORBIDDEN', message: expect.any(String) } };

/** Organizations A and B of a kind with one record of every kind each, and B's rows as they were. */
async function seedBoth(kind: OrganizationKind) {
  const a = await seedOrganization(app, kind, 'Alpha', { [OWNER_A]: 'owner' });
  const b = await seedOrganization(app, kind, 'Xyzzy', { [OWNER_B]: 'owner' });
  // B's owner signs in, so that B's membership holds a user as in real use.
  expect(
    (await app.request('GET', '/api/auth/me', { token: await app.tokenFor(OWNER_B) })).status,
  ).toBe(200);
  return { a, b, token: await app.tokenFor(OWNER_A), bRowsBefore: await schoolRows(app, b.id) };
}

/** Ids of a school's records by path parameter and by field name, for one operation. */
function idsOf(op: ApiOperation, school: SeededSchool) {
  return {
    path: (param: string) => school.records[pathParamKind(op, param)],
    field: fieldValue(op, school),
  };
}

function send(
  op: ApiOperation,
  token: string,
  path: string,
  input: { body?: unknown; query?: Record<string, string> },
) {
  const query = new URLSearchParams(input.query).toString();
  return app.request(op.method, query ? `${path}?${query}` : path, {
    token,
    body: op.body ? input.body : undefined,
  });
}

/** `res` names none of the school's records, except the id the caller sent, if echoed. */
function expectNoTraceOf(school: SeededSchool, res: TestResponse, attempt: string, sent?: string) {
  const text = (sent ? res.text.replaceAll(sent, '') : res.text).toLowerCase();
  expect(text, `${attempt}: names of ${school.label}`).not.toContain(school.label.toLowerCase());
  for (const id of [school.id, ...ownRecordIds(school)]) {
    expect(text, `${attempt}: id ${id} of ${school.label}`).not.toContain(id);
  }
}

/** Every organization route of the modules' manifests, whatever its tenant kind. */
const operations = organizationOperations().map((op) => [`${op.method} ${op.path}`, op] as const);

describe('tenant isolation on every organization route', () => {
  it('covers the routes of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(70);
  });

  it('can seed the organizations of every route (a new tenant kind needs its seed here)', () => {
    expect(new Set(operations.map(([, op]) => op.tenant))).toEqual(new Set(['school', 'stud']));
  });

  it.each(operations)('%s', async (_, op) => {
    const { a, b, token, bRowsBefore } = await seedBoth(op.tenant!);
    const A = idsOf(op, a);
    const B = idsOf(op, b);
    const validBody = op.body ? sampleValue(op.body, A.field) : undefined;
    const validQuery = sampleQuery(op, A.field);
    const inA = schoolPath(op, a.id, A.path);

    // (a) B's school in the path (with B's ids everywhere): not a member, whatever else.
    const other = await send(op, token, schoolPath(op, b.id, B.path), {
      body: op.body ? sampleValue(op.body, B.field) : undefined,
      query: sampleQuery(op, B.field),
    });
    expect(other.status, "B's school").toBe(403);
    expect(other.body).toEqual(FORBIDDEN);
    expectNoTraceOf(b, other, "B's school");

    // (b) A's school with one of B's record ids in the path: not found in A.
    const tenantParam = permissionTable(op.tenant!).tenant.param;
    for (const param of op.pathParams.filter((p) => p.name !== tenantParam)) {
      const attempt = `B's ${param.name} in the path`;
      const path = schoolPath(op, a.id, (p) => (p === param.name ? B.path(p) : A.path(p)));
      const res = await send(op, token, path, { body: validBody, query: validQuery });
      expect([403, 404, 422], `${attempt}: ${res.text}`).toContain(res.status);
      expectNoTraceOf(b, res, attempt);
    }

    // (c) B's ids in A's query filters: refused, or answered exactly as an id that exists
    // nowhere (docs/decisions.md: such a filter finds nothing), so B's id reveals nothing.
    for (const param of op.query.filter((p) => isIdName(p.name))) {
      const attempt = `B's ${param.name} in the query`;
      const sent = B.field(param.name)!;
      const res = await send(op, token, inA, {
        body: validBody,
        query: { ...validQuery, [param.name]: sent },
      });
      expect(res.status, `${attempt}: ${res.text}`).toBeLessThan(500);
      if (res.status < 400) {
        const unknown = await send(op, token, inA, {
          body: validBody,
          query: { ...validQuery, [param.name]: UNKNOWN_ID },
        });
        expect(res.text.replaceAll(sent, UNKNOWN_ID), attempt).toBe(unknown.text);
      }
      expectNoTraceOf(b, res, attempt, sent);
    }

    // (c) B's ids in every id field of A's body, nested ones included.
    const ownIdFields = idFieldPaths(op.body).filter(
      (field) => !SHARED_RECORD_KINDS.has(fieldKind(op, String(field.at(-1)))),
    );
    for (const field of ownIdFields) {
      const attempt = `B's id in body field ${field.join('.')}`;
      const sent = B.field(String(field.at(-1)))!;
      const body = withField(op.body!, validBody, field, sent, A.field);
      const res = await send(op, token, inA, { body, query: validQuery });
      expect(res.status, `${attempt}: ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${attempt}: ${res.text}`).toBeLessThan(500);
      // A 422 must be about that field: the rest of the body is valid, so the id is the reason.
      if (res.status === 422)
        expect(Object.keys(res.body.errors), `${attempt}: ${res.text}`).toContain(field.join('.'));
      expectNoTraceOf(b, res, attempt, sent);
    }

    expect(await schoolRows(app, b.id), "B's rows").toEqual(bRowsBefore);
    const bIds = [b.id, ...ownRecordIds(b)];
    for (const row of await schoolRows(app, a.id)) {
      for (const id of bIds) expect(row, `A's row references ${id} of B`).not.toContain(id);
    }
  });
});

describe('access ends on the very next request', () => {
  async function signedInMember(role: 'manager' | 'viewer') {
    const school = await app.createSchool({
      members: { [OWNER_A]: 'owner', 'staff@alpha.test': role },
    });
    const token = await app.tokenFor('staff@alpha.test');
    const me = await app.request('GET', '/api/auth/me', { token });
    const before = await app.request('GET', `/api/schools/${school}/students`, { token });
    expect(before.status).toBe(200);
    return { school, token, userId: me.body.id as string };
  }

  it('refuses a user suspended by a platform administrator, with the same valid token', async () => {
    const { school, token, userId } = await signedInMember('manager');

    const suspend = await app.request('PUT', `/api/admin/users/${userId}`, {
      token: await app.tokenFor(ADMIN_EMAIL),
      body: { status: 'suspended' },
    });
    expect(suspend.status).toBe(200);

    const after = await app.request('GET', `/api/schools/${school}/students`, { token });
    expect(after.status).toBe(403);
    expect(after.body).toEqual(FORBIDDEN);
    const write = await app.request('POST', `/api/schools/${school}/students`, {
      token,
      body: { first_name: 'Late', last_name: 'Write' },
    });
    expect(write.status).toBe(403);
  });

  it('refuses a member removed by the owner, with the same valid token', async () => {
    const { school, token } = await signedInMember('viewer');
    const owner = await app.tokenFor(OWNER_A);
    const members = await app.request('GET', `/api/schools/${school}/members`, { token: owner });
    const staff = (members.body.data as { id: string; email: string }[]).find(
      (m) => m.email === 'staff@alpha.test',
    );

    const remove = await app.request('DELETE', `/api/schools/${school}/members/${staff!.id}`, {
      token: owner,
    });
    expect(remove.status).toBe(200);

    const after = await app.request('GET', `/api/schools/${school}/students`, { token });
    expect(after.status).toBe(403);
    expect(after.body).toEqual(FORBIDDEN);
    const schools = await app.request('GET', '/api/schools', { token });
    expect(schools.body.data).toEqual([]);
  });
});
