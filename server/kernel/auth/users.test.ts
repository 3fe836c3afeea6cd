import { eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { memberships, users } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp, type TestResponse } from '../../test/harness';
import { SESSION_COOKIE } from './session';

const app = useTestApp();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function me(token: string) {
  const res = await app.request('GET', '/api/auth/me', { token });
  expect(res.status).toBe(200);
  return res.body as { id: string; email: string; display_name: string; status: string };
}

function expectForbidden(res: TestResponse) {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
}

describe('just-in-time users', () => {
  it('creates the user from the claims on first sight', async () => {
    const token = await app.tokenFor('new@x.test', { sub: 'subject-1', name: 'Nora New' });

    const body = await me(token);

    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      email: 'new@x.test',
      display_name: 'Nora New',
      status: 'active',
    });
    const rows = await app.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: body.id,
      issuer: app.issuer.url,
      subject: 'subject-1',
      email: 'new@x.test',
      emailVerified: true,
      displayName: 'Nora New',
      status: 'active',
      isPlatformAdmin: false,
    });
  });

  it('finds the same user again without creating another', async () => {
    const token = await app.tokenFor('new@x.test', { sub: 'subject-1' });
    const first = await me(token);
    const second = await me(await app.tokenFor('new@x.test', { sub: 'subject-1' }));
    expect(second.id).toBe(first.id);
    expect(await app.db.select().from(users)).toHaveLength(1);
  });

  it('updates e-mail and name when the claims change, keeping the same id', async () => {
    const before = await me(
      await app.tokenFor('old@x.test', { sub: 'subject-1', name: 'Old Name' }),
    );

    const after = await me(
      await app.tokenFor('renamed@x.test', { sub: 'subject-1', name: 'New Name' }),
    );

    expect(after).toEqual({
      id: before.id,
      email: 'renamed@x.test',
      display_name: 'New Name',
      status: 'active',
    });
    const rows = await app.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'renamed@x.test', displayName: 'New Name' });
  });

  it('is identified by (iss, sub), not by e-mail', async () => {
    const a = await me(await app.tokenFor('shared@x.test', { sub: 'subject-a' }));
    const b = await me(await app.tokenFor('shared@x.test', { sub: 'subject-b' }));
    expect(b.id).not.toBe(a.id);
    expect(await app.db.select().from(users)).toHaveLength(2);
  });

  it('names a user by preferred_username, else the e-mail, when there is no name claim', async () => {
    const byUsername = await me(
      await app.tokenFor('p@x.test', { name: undefined, preferred_username: 'pat' }),
    );
    expect(byUsername.display_name).toBe('pat');
    const byEmail = await me(await app.tokenFor('q@x.test', { name: undefined }));
    expect(byEmail.display_name).toBe('q@x.test');
  });
});

describe('invitations', () => {
  it('bind only with a verified e-mail', async () => {
    const school = await app.createSchool({
      name: 'Invited School',
      members: { 'invited@x.test': 'owner' },
    });

    const unverified = await app.tokenFor('invited@x.test', { email_verified: false });
    expectForbidden(
      await app.request('GET', `/api/schools/${school}/members`, { token: unverified }),
    );
    expect((await app.request('GET', '/api/schools', { token: unverified })).body).toEqual({
      data: [],
    });
    const [pending] = await app.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, school));
    expect(pending).toMatchObject({ userId: null, invitedEmail: 'invited@x.test' });

    const verified = await app.tokenFor('invited@x.test');
    const res = await app.request('GET', `/api/schools/${school}/members`, { token: verified });
    expect(res.status).toBe(200);
    const user = await me(verified);
    expect(res.body.data).toEqual([
      expect.objectContaining({ email: 'invited@x.test', role: 'owner', user_id: user.id }),
    ]);
    expect((await app.request('GET', '/api/schools', { token: verified })).body).toEqual({
      data: [
        { id: school, name: 'Invited School', role: 'owner', timezone: 'UTC', currency: 'EUR' },
      ],
    });
  });

  it('bind for a web session opened before the invitation, on its next request', async () => {
    const token = await app.tokenFor('invited@x.test');
    const user = await me(token);
    const session = await encode({ token: { uid: user.id }, secret: app.config.auth.secret });
    const cookie = `${SESSION_COOKIE}=${session}`;
    expect((await app.request('GET', '/api/schools', { headers: { cookie } })).body).toEqual({
      data: [],
    });

    const school = await app.createSchool({ members: { 'invited@x.test': 'manager' } });

    const res = await app.request('GET', '/api/schools', { headers: { cookie } });
    expect(res.body.data).toEqual([expect.objectContaining({ id: school, role: 'manager' })]);
    const students = await app.request('GET', `/api/schools/${school}/students`, {
      headers: { cookie },
    });
    expect(students.status).toBe(200);
  });

  it('a session of an unverified e-mail binds nothing', async () => {
    const token = await app.tokenFor('invited@x.test', { email_verified: false });
    const user = await me(token);
    const session = await encode({ token: { uid: user.id }, secret: app.config.auth.secret });
    const school = await app.createSchool({ members: { 'invited@x.test': 'owner' } });

    const res = await app.request('GET', `/api/schools/${school}/members`, {
      headers: { cookie: `${SESSION_COOKIE}=${session}` },
    });
    expectForbidden(res);
  });

  it('a token without email_verified does not bind either', async () => {
    const school = await app.createSchool({ members: { 'invited@x.test': 'owner' } });
    const token = await app.tokenFor('invited@x.test', { email_verified: undefined });
    expectForbidden(await app.request('GET', `/api/schools/${school}/members`, { token }));
  });

  it('"email_verified": "true" as a string does not count as verified', async () => {
    const school = await app.createSchool({ members: { 'invited@x.test': 'owner' } });
    const token = await app.tokenFor('invited@x.test', { email_verified: 'true' });
    expectForbidden(await app.request('GET', `/api/schools/${school}/members`, { token }));
  });

  it('match the e-mail case-insensitively', async () => {
    const school = await app.createSchool({ members: { 'Mixed.Case@X.test': 'owner' } });
    const token = await app.tokenFor('mixed.case@x.test');
    expect((await app.request('GET', `/api/schools/${school}/members`, { token })).status).toBe(
      200,
    );
  });

  it('bind to the first verified user only: a later account with the same e-mail is not a member', async () => {
    const school = await app.createSchool({ members: { 'invited@x.test': 'owner' } });
    const first = await app.tokenFor('invited@x.test', { sub: 'first' });
    expect(
      (await app.request('GET', `/api/schools/${school}/members`, { token: first })).status,
    ).toBe(200);

    const second = await app.tokenFor('invited@x.test', { sub: 'second' });
    expectForbidden(await app.request('GET', `/api/schools/${school}/members`, { token: second }));
  });
});

describe('platform administrators by PLATFORM_ADMIN_EMAILS', () => {
  it('count only with a verified e-mail', async () => {
    const unverified = await app.tokenFor(ADMIN_EMAIL, { email_verified: false });
    expectForbidden(await app.request('GET', '/api/admin/users', { token: unverified }));

    const verified = await app.tokenFor(ADMIN_EMAIL);
    const res = await app.request('GET', '/api/admin/users', { token: verified });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ email: ADMIN_EMAIL, is_platform_admin: true }),
    ]);

    // Losing the verification loses the rights again.
    expectForbidden(await app.request('GET', '/api/admin/users', { token: unverified }));
  });

  it('match the e-mail case-insensitively', async () => {
    const token = await app.tokenFor(ADMIN_EMAIL.toUpperCase());
    expect((await app.request('GET', '/api/admin/users', { token })).status).toBe(200);
  });

  it('an ordinary user is refused', async () => {
    expectForbidden(
      await app.request('GET', '/api/admin/users', { token: await app.tokenFor('someone@x.test') }),
    );
  });

  it('an unverified admin e-mail does not act as owner of a school either', async () => {
    const school = await app.createSchool();
    const unverified = await app.tokenFor(ADMIN_EMAIL, { email_verified: false });
    expectForbidden(
      await app.request('GET', `/api/schools/${school}/members`, { token: unverified }),
    );
    const verified = await app.tokenFor(ADMIN_EMAIL);
    expect(
      (await app.request('GET', `/api/schools/${school}/members`, { token: verified })).status,
    ).toBe(200);
  });
});

describe('suspended users', () => {
  async function suspend(userId: string, status: 'suspended' | 'active' = 'suspended') {
    const res = await app.request('PUT', `/api/admin/users/${userId}`, {
      token: await app.tokenFor(ADMIN_EMAIL),
      body: { status },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: userId, status });
  }

  it('get 403 everywhere but still 200 on /api/auth/me with their status', async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const token = await app.tokenFor('owner@x.test');
    expect((await app.request('GET', `/api/schools/${school}/members`, { token })).status).toBe(
      200,
    );
    const user = await me(token);

    await suspend(user.id);

    expectForbidden(await app.request('GET', '/api/schools', { token }));
    expectForbidden(await app.request('GET', `/api/schools/${school}/members`, { token }));
    expectForbidden(
      await app.request('POST', `/api/schools/${school}/members`, {
        token,
        body: { email: 'new@x.test', role: 'viewer' },
      }),
    );
    expectForbidden(
      await app.request('PUT', `/api/schools/${school}`, { token, body: { name: 'Renamed' } }),
    );
    expect(await me(token)).toEqual({ ...user, status: 'suspended' });

    await suspend(user.id, 'active');
    expect((await app.request('GET', `/api/schools/${school}/members`, { token })).status).toBe(
      200,
    );
    expect((await me(token)).status).toBe('active');
  });

  it('stay suspended when a fresh token arrives with new claims', async () => {
    const user = await me(await app.tokenFor('rider@x.test'));
    await suspend(user.id);
    const fresh = await app.tokenFor('rider@x.test', { name: 'Another Name' });
    expectForbidden(await app.request('GET', '/api/schools', { token: fresh }));
    expect(await me(fresh)).toMatchObject({
      id: user.id,
      status: 'suspended',
      display_name: 'Another Name',
    });
  });

  it('a suspended platform administrator loses the admin routes', async () => {
    const other = await me(await app.tokenFor('second-admin@x.test'));
    const promote = await app.request('PUT', `/api/admin/users/${other.id}`, {
      token: await app.tokenFor(ADMIN_EMAIL),
      body: { is_platform_admin: true },
    });
    expect(promote.status).toBe(200);
    const token = await app.tokenFor('second-admin@x.test');
    expect((await app.request('GET', '/api/admin/users', { token })).status).toBe(200);

    await suspend(other.id);

    expectForbidden(await app.request('GET', '/api/admin/users', { token }));
  });
});
