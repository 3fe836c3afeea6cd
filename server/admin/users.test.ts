import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sellerProfiles, users } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BASE = 'http://localhost:3000/api/admin/users';

const app = useTestApp();

/** A user exists from their first request; returns their token and id. */
async function signIn(email: string, claims: Record<string, unknown> = {}) {
  const token = await app.tokenFor(email, claims);
  const me = await app.request('GET', '/api/auth/me', { token });
  expect(me.status).toBe(200);
  return { token, id: me.body.id as string };
}

describe('GET /api/admin/users', () => {
  it('pages through users by name with the Laravel shape and exact values', async () => {
    // Capitalised like the others, so that the order does not depend on the collation.
    const admin = await signIn(ADMIN_EMAIL, { name: 'Admin' });
    const dora = await signIn('dora@x.test', { name: 'Dora' });
    const ben = await signIn('ben@x.test', { name: 'Ben' });
    const cleo = await signIn('cleo@x.test', { name: 'Cleo', email_verified: false });

    const page2 = await app.request('GET', '/api/admin/users?per_page=2&page=2', {
      token: admin.token,
    });

    expect(page2.status).toBe(200);
    expect(page2.body).toEqual({
      data: [
        {
          id: cleo.id,
          email: 'cleo@x.test',
          email_verified: false,
          display_name: 'Cleo',
          status: 'active',
          is_platform_admin: false,
          verified: false,
          issuer: app.issuer.url,
          created_at: expect.stringMatching(ISO_TIMESTAMP),
          updated_at: expect.stringMatching(ISO_TIMESTAMP),
        },
        expect.objectContaining({ id: dora.id, display_name: 'Dora', email_verified: true }),
      ],
      meta: { current_page: 2, from: 3, last_page: 2, path: BASE, per_page: 2, to: 4, total: 4 },
      links: {
        first: `${BASE}?per_page=2&page=1`,
        last: `${BASE}?per_page=2&page=2`,
        prev: `${BASE}?per_page=2&page=1`,
        next: null,
      },
    });

    const page1 = await app.request('GET', '/api/admin/users?per_page=2', { token: admin.token });
    expect(page1.body.data).toEqual([
      expect.objectContaining({ id: admin.id, display_name: 'Admin', is_platform_admin: true }),
      expect.objectContaining({ id: ben.id, display_name: 'Ben' }),
    ]);
    expect(page1.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 2,
      path: BASE,
      per_page: 2,
      to: 2,
      total: 4,
    });
    expect(page1.body.links.next).toBe(`${BASE}?per_page=2&page=2`);
    expect(page1.body.links.prev).toBeNull();

    const empty = await app.request('GET', '/api/admin/users?per_page=2&page=5', {
      token: admin.token,
    });
    expect(empty.body.data).toEqual([]);
    expect(empty.body.meta).toMatchObject({
      current_page: 5,
      from: null,
      to: null,
      total: 4,
      last_page: 2,
    });
  });

  it('searches name and e-mail case-insensitively and filters by status', async () => {
    const admin = await signIn(ADMIN_EMAIL);
    await signIn('rider.one@stables.test', { name: 'Alice Rider' });
    const bob = await signIn('bob@x.test', { name: 'Bob Groom' });
    await signIn('carol@stables.test', { name: 'Carol Vet' });
    await app.request('PUT', `/api/admin/users/${bob.id}`, {
      token: admin.token,
      body: { status: 'suspended' },
    });
    const names = async (query: string) => {
      const res = await app.request('GET', `/api/admin/users?${query}`, { token: admin.token });
      expect(res.status).toBe(200);
      return res.body.data.map((u: { display_name: string }) => u.display_name);
    };

    expect(await names('search=STABLES')).toEqual(['Alice Rider', 'Carol Vet']);
    expect(await names('search=groom')).toEqual(['Bob Groom']);
    expect(await names('search=%25')).toEqual([]);
    expect(await names('status=suspended')).toEqual(['Bob Groom']);
    expect(await names('status=active&search=stables')).toEqual(['Alice Rider', 'Carol Vet']);
    expect(await names('status=suspended&search=stables')).toEqual([]);
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['page=0', 'page'],
    ['status=banned', 'status'],
  ])('answers 422 for ?%s', async (query, field) => {
    const res = await app.request('GET', `/api/admin/users?${query}`, {
      token: await app.tokenFor(ADMIN_EMAIL),
    });

    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('refuses a non-administrator with 403 and answers 401 without a token', async () => {
    const user = await app.request('GET', '/api/admin/users', {
      token: await app.tokenFor('user@x.test'),
    });
    expect(user.status).toBe(403);
    expect(user.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });

    const anonymous = await app.request('GET', '/api/admin/users');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('suspends a user, who is then refused everywhere but /api/auth/me, and reactivates them', async () => {
    const admin = await signIn(ADMIN_EMAIL);
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const owner = await signIn('owner@x.test');

    const suspended = await app.request('PUT', `/api/admin/users/${owner.id}`, {
      token: admin.token,
      body: { status: 'suspended' },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toEqual({
      data: expect.objectContaining({
        id: owner.id,
        email: 'owner@x.test',
        status: 'suspended',
        is_platform_admin: false,
      }),
    });

    const me = await app.request('GET', '/api/auth/me', { token: owner.token });
    expect(me.status).toBe(200);
    expect(me.body.status).toBe('suspended');
    for (const [method, path] of [
      ['GET', '/api/schools'],
      ['GET', `/api/schools/${school}/members`],
    ] as const) {
      const res = await app.request(method, path, { token: owner.token });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }

    const reactivated = await app.request('PUT', `/api/admin/users/${owner.id}`, {
      token: admin.token,
      body: { status: 'active' },
    });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.data.status).toBe('active');
    expect(
      (await app.request('GET', `/api/schools/${school}/members`, { token: owner.token })).status,
    ).toBe(200);
  });

  it('a suspended platform administrator loses administration too', async () => {
    const admin = await signIn(ADMIN_EMAIL);
    const deputy = await signIn('deputy@x.test');
    await app.request('PUT', `/api/admin/users/${deputy.id}`, {
      token: admin.token,
      body: { is_platform_admin: true },
    });
    expect((await app.request('GET', '/api/admin/users', { token: deputy.token })).status).toBe(
      200,
    );

    await app.request('PUT', `/api/admin/users/${deputy.id}`, {
      token: admin.token,
      body: { status: 'suspended' },
    });

    expect((await app.request('GET', '/api/admin/users', { token: deputy.token })).status).toBe(
      403,
    );
  });

  it('flags and unflags a platform administrator in the database', async () => {
    const admin = await signIn(ADMIN_EMAIL);
    const helper = await signIn('helper@x.test');

    const flagged = await app.request('PUT', `/api/admin/users/${helper.id}`, {
      token: admin.token,
      body: { is_platform_admin: true },
    });
    expect(flagged.status).toBe(200);
    expect(flagged.body.data).toMatchObject({ is_platform_admin: true, status: 'active' });
    expect(
      (await app.request('GET', '/api/admin/organizations', { token: helper.token })).status,
    ).toBe(200);

    const unflagged = await app.request('PUT', `/api/admin/users/${helper.id}`, {
      token: admin.token,
      body: { is_platform_admin: false },
    });
    expect(unflagged.body.data.is_platform_admin).toBe(false);
    expect(
      (await app.request('GET', '/api/admin/organizations', { token: helper.token })).status,
    ).toBe(403);
  });

  it('vouches for a person: their seller profile shows verified', async () => {
    const admin = await signIn(ADMIN_EMAIL);
    const seller = await signIn('seller@x.test');
    const [profile] = await app.db
      .insert(sellerProfiles)
      .values({ userId: seller.id, displayName: 'Seller', slug: 'seller' })
      .returning();
    const profileOf = async () =>
      (
        await app.request('GET', `/api/marketplace/seller-profiles/${profile!.id}`, {
          token: seller.token,
        })
      ).body.data;
    expect((await profileOf()).verified).toBe(false);

    const res = await app.request('PUT', `/api/admin/users/${seller.id}`, {
      token: admin.token,
      body: { verified: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ verified: true, status: 'active' });
    const shown = await app.request('GET', `/api/admin/users/${seller.id}`, { token: admin.token });
    expect(shown.body.data).toMatchObject({
      verified: true,
      seller_profiles: [{ id: profile!.id }],
    });
    expect((await profileOf()).verified).toBe(true);

    const bad = await app.request('PUT', `/api/admin/users/${seller.id}`, {
      token: admin.token,
      body: { verified: 'yes' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['verified']);
  });

  it('reports an administrator by PLATFORM_ADMIN_EMAILS as such, and leaves their flag to the environment (409)', async () => {
    const admin = await signIn(ADMIN_EMAIL);

    const res = await app.request('PUT', `/api/admin/users/${admin.id}`, {
      token: admin.token,
      body: { is_platform_admin: false },
    });

    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/PLATFORM_ADMIN_EMAILS/);
    const listed = await app.request('GET', `/api/admin/users/${admin.id}`, { token: admin.token });
    expect(listed.body.data.is_platform_admin).toBe(true);
  });

  it.each([
    [{ status: 'banned' }, 'status'],
    [{ is_platform_admin: 'false' }, 'is_platform_admin'],
    [{ is_platform_admin: 1 }, 'is_platform_admin'],
    [{ status: 0 }, 'status'],
  ])('answers 422 for %j, changing nothing', async (body, field) => {
    const admin = await signIn(ADMIN_EMAIL);
    const target = await signIn('target@x.test');

    const res = await app.request('PUT', `/api/admin/users/${target.id}`, {
      token: admin.token,
      body,
    });

    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    const [row] = await app.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ status: 'active', isPlatformAdmin: false });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const admin = await signIn(ADMIN_EMAIL);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody', '42']) {
      const res = await app.request('PUT', `/api/admin/users/${id}`, {
        token: admin.token,
        body: { status: 'active' },
      });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
  });

  it('refuses a non-administrator with 403 and answers 401 without a token', async () => {
    const user = await signIn('user@x.test');
    const target = await signIn('target@x.test');

    const self = await app.request('PUT', `/api/admin/users/${user.id}`, {
      token: user.token,
      body: { is_platform_admin: true },
    });
    const other = await app.request('PUT', `/api/admin/users/${target.id}`, {
      token: user.token,
      body: { status: 'suspended' },
    });
    const anonymous = await app.request('PUT', `/api/admin/users/${target.id}`, {
      body: { status: 'suspended' },
    });

    expect(self.status).toBe(403);
    expect(other.status).toBe(403);
    expect(anonymous.status).toBe(401);
    const rows = await app.db.select().from(users);
    expect(rows.every((row) => row.status === 'active' && !row.isPlatformAdmin)).toBe(true);
  });
});
