import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, organizations } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE = 'http://localhost:3000/api/admin/organizations';

const app = useTestApp();

async function adminToken() {
  return app.tokenFor(ADMIN_EMAIL);
}

async function createOrganization(body: Record<string, unknown>) {
  const res = await app.request('POST', '/api/admin/organizations', {
    token: await adminToken(),
    body,
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; name: string };
}

describe('GET /api/admin/organizations', () => {
  it('pages through organizations by name with the Laravel shape and exact values', async () => {
    const charlie = await createOrganization({ name: 'Charlie Club', type: 'school' });
    const alpha = await createOrganization({ name: 'Alpha Academy', type: 'school' });
    const bravo = await createOrganization({ name: 'Bravo Breeders', type: 'stud' });
    const token = await adminToken();

    const page2 = await app.request('GET', '/api/admin/organizations?per_page=2&page=2', { token });
    expect(page2.status).toBe(200);
    expect(page2.body).toEqual({
      data: [
        {
          id: charlie.id,
          type: 'school',
          name: 'Charlie Club',
          timezone: 'UTC',
          currency: 'USD',
          verified: false,
          status: 'active',
          created_at: expect.stringMatching(ISO_TIMESTAMP),
          updated_at: expect.stringMatching(ISO_TIMESTAMP),
        },
      ],
      meta: { current_page: 2, from: 3, last_page: 2, path: BASE, per_page: 2, to: 3, total: 3 },
      links: {
        first: `${BASE}?per_page=2&page=1`,
        last: `${BASE}?per_page=2&page=2`,
        prev: `${BASE}?per_page=2&page=1`,
        next: null,
      },
    });

    const page1 = await app.request('GET', '/api/admin/organizations?per_page=2', { token });
    expect(page1.body.data.map((o: { id: string }) => o.id)).toEqual([alpha.id, bravo.id]);
    expect(page1.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 2,
      path: BASE,
      per_page: 2,
      to: 2,
      total: 3,
    });
    expect(page1.body.links).toEqual({
      first: `${BASE}?per_page=2&page=1`,
      last: `${BASE}?per_page=2&page=2`,
      prev: null,
      next: `${BASE}?per_page=2&page=2`,
    });
  });

  it('answers an empty page past the end with from and to null', async () => {
    await createOrganization({ name: 'Only One', type: 'school' });

    const res = await app.request('GET', '/api/admin/organizations?page=3&per_page=5', {
      token: await adminToken(),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [],
      meta: {
        current_page: 3,
        from: null,
        last_page: 1,
        path: BASE,
        per_page: 5,
        to: null,
        total: 1,
      },
      links: {
        first: `${BASE}?page=1&per_page=5`,
        last: `${BASE}?page=1&per_page=5`,
        prev: `${BASE}?page=1&per_page=5`,
        next: null,
      },
    });
  });

  it('answers the first page of an empty list with defaults (per_page 20)', async () => {
    const res = await app.request('GET', '/api/admin/organizations', { token: await adminToken() });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [],
      meta: {
        current_page: 1,
        from: null,
        last_page: 1,
        path: BASE,
        per_page: 20,
        to: null,
        total: 0,
      },
      links: { first: `${BASE}?page=1`, last: `${BASE}?page=1`, prev: null, next: null },
    });
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['per_page=2.5', 'per_page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['type=farm', 'type'],
    ['status=gone', 'status'],
  ])('answers 422 for ?%s', async (query, field) => {
    const res = await app.request('GET', `/api/admin/organizations?${query}`, {
      token: await adminToken(),
    });

    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).toBe(res.body.errors[field][0]);
  });

  it('accepts per_page 100 and page 1 at the limits', async () => {
    const res = await app.request('GET', '/api/admin/organizations?per_page=100&page=1', {
      token: await adminToken(),
    });
    expect(res.status).toBe(200);
    expect(res.body.meta.per_page).toBe(100);
  });

  it('filters by name (case-insensitive, wildcards taken literally), type and status, and keeps filters in links', async () => {
    await createOrganization({ name: 'Sunny Meadows School', type: 'school' });
    const stud = await createOrganization({ name: 'Sunny Hill Stud', type: 'stud' });
    await createOrganization({ name: 'Rainy Ranch', type: 'school' });
    const suspended = await createOrganization({ name: '100% Horses', type: 'school' });
    await app.request('PUT', `/api/admin/organizations/${suspended.id}`, {
      token: await adminToken(),
      body: { status: 'suspended' },
    });
    const token = await adminToken();
    const names = async (query: string) => {
      const res = await app.request('GET', `/api/admin/organizations?${query}`, { token });
      expect(res.status).toBe(200);
      return res.body.data.map((o: { name: string }) => o.name);
    };

    expect(await names('search=SUNNY')).toEqual(['Sunny Hill Stud', 'Sunny Meadows School']);
    expect(await names('search=%25')).toEqual(['100% Horses']);
    expect(await names('search=_')).toEqual([]);
    expect(await names('type=stud')).toEqual(['Sunny Hill Stud']);
    expect(await names('type=school&search=sunny')).toEqual(['Sunny Meadows School']);
    expect(await names('status=suspended')).toEqual(['100% Horses']);
    expect(await names('status=active&type=school')).toEqual([
      'Rainy Ranch',
      'Sunny Meadows School',
    ]);

    const filtered = await app.request(
      'GET',
      '/api/admin/organizations?type=stud&per_page=1&unknown=1',
      { token },
    );
    expect(filtered.body.data).toEqual([expect.objectContaining({ id: stud.id })]);
    expect(filtered.body.meta.total).toBe(1);
    expect(filtered.body.links.first).toBe(`${BASE}?type=stud&per_page=1&unknown=1&page=1`);
  });

  it('refuses a non-administrator with 403 and answers 401 without a token', async () => {
    await app.createSchool({ members: { 'owner@x.test': 'owner' } });

    const owner = await app.request('GET', '/api/admin/organizations', {
      token: await app.tokenFor('owner@x.test'),
    });
    expect(owner.status).toBe(403);
    expect(owner.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });

    // The administrator's address counts only when the provider vouches for it.
    const unverified = await app.request('GET', '/api/admin/organizations', {
      token: await app.tokenFor(ADMIN_EMAIL, { sub: 'impostor', email_verified: false }),
    });
    expect(unverified.status).toBe(403);

    const anonymous = await app.request('GET', '/api/admin/organizations');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });
  });
});

describe('POST /api/admin/organizations', () => {
  it('creates an organization with default time zone (UTC) and currency (USD): 201 {data}', async () => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      body: { name: '  Green Valley  ', type: 'school', verified: true, status: 'suspended' },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        type: 'school',
        name: 'Green Valley',
        timezone: 'UTC',
        currency: 'USD',
        verified: false,
        status: 'active',
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    });
    const [stored] = await app.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, res.body.data.id));
    expect(stored).toMatchObject({
      name: 'Green Valley',
      timezone: 'UTC',
      currency: 'USD',
      verified: false,
    });
    expect(
      await app.db
        .select()
        .from(memberships)
        .where(eq(memberships.organizationId, res.body.data.id)),
    ).toEqual([]);
  });

  it('takes the given time zone and currency', async () => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      body: {
        name: 'Haras del Sur',
        type: 'stud',
        timezone: 'America/Argentina/Cordoba',
        currency: 'ars',
      },
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'stud',
      timezone: 'America/Argentina/Cordoba',
      currency: 'ARS',
    });
  });

  it('invites the first owner by owner_email, who takes the school over at first sign-in', async () => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      body: { name: 'Owned School', type: 'school', owner_email: 'Founder@X.test' },
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id;

    const invitations = await app.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, id));
    expect(invitations).toEqual([
      expect.objectContaining({ invitedEmail: 'founder@x.test', role: 'owner', userId: null }),
    ]);

    const founder = await app.tokenFor('founder@x.test');
    const schools = await app.request('GET', '/api/schools', { token: founder });
    expect(schools.body).toEqual({
      data: [{ id, name: 'Owned School', role: 'owner', timezone: 'UTC', currency: 'USD' }],
    });
    const members = await app.request('GET', `/api/schools/${id}/members`, { token: founder });
    expect(members.status).toBe(200);
    expect(members.body.data).toEqual([
      expect.objectContaining({ email: 'founder@x.test', role: 'owner', status: 'active' }),
    ]);
  });

  it('makes a known user with that verified e-mail the owner at once (issue 13)', async () => {
    const founderToken = await app.tokenFor('founder@x.test', { name: 'Fiona Founder' });
    const me = await app.request('GET', '/api/auth/me', { token: founderToken });
    expect(me.status).toBe(200);

    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      body: { name: 'Owned School', type: 'school', owner_email: 'FOUNDER@x.test' },
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id;

    const rows = await app.db.select().from(memberships).where(eq(memberships.organizationId, id));
    expect(rows).toEqual([
      expect.objectContaining({ userId: me.body.id, invitedEmail: null, role: 'owner' }),
    ]);
    const members = await app.request('GET', `/api/schools/${id}/members`, {
      token: await adminToken(),
    });
    expect(members.body.data).toEqual([
      expect.objectContaining({
        email: 'founder@x.test',
        role: 'owner',
        user_id: me.body.id,
        status: 'active',
      }),
    ]);
    // The owner counts as signed in: the last-owner rule protects them at once.
    const removal = await app.request(
      'DELETE',
      `/api/schools/${id}/members/${members.body.data[0].id}`,
      {
        token: await adminToken(),
      },
    );
    expect(removal.status).toBe(409);
  });

  it('only invites when the known account has not verified that e-mail', async () => {
    const claimed = await app.tokenFor('founder@x.test', {
      sub: 'impostor',
      email_verified: false,
    });
    expect((await app.request('GET', '/api/auth/me', { token: claimed })).status).toBe(200);

    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      body: { name: 'Owned School', type: 'school', owner_email: 'founder@x.test' },
    });
    expect(res.status).toBe(201);

    const rows = await app.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, res.body.data.id));
    expect(rows).toEqual([
      expect.objectContaining({ userId: null, invitedEmail: 'founder@x.test', role: 'owner' }),
    ]);
    expect((await app.request('GET', '/api/schools', { token: claimed })).body).toEqual({
      data: [],
    });
  });

  it.each([
    [{}, ['name', 'type'], 'The name field is required. (and 1 more error)'],
    [{ name: '', type: 'school' }, ['name'], 'The name field is required.'],
    [{ name: 'X', type: 'farm' }, ['type'], 'The selected type is invalid.'],
    [{ name: 'X', type: 'school', timezone: 'Nowhere/Land' }, ['timezone'], undefined],
    [{ name: 'X', type: 'school', currency: 'dollars' }, ['currency'], undefined],
    [
      { name: 'X', type: 'school', owner_email: 'not-an-email' },
      ['owner_email'],
      'The owner email field must be a valid email address.',
    ],
    [
      { name: 'x'.repeat(256), type: 'school' },
      ['name'],
      'The name field must not be greater than 255 characters.',
    ],
  ])('answers 422 for %j', async (body, fields, message) => {
    const res = await app.request('POST', '/api/admin/organizations', {
      token: await adminToken(),
      body,
    });

    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(fields);
    if (message) expect(res.body.message).toBe(message);
    expect(await app.db.select().from(organizations)).toEqual([]);
  });

  it('refuses a non-administrator with 403 and answers 401 without a token', async () => {
    const user = await app.request('POST', '/api/admin/organizations', {
      token: await app.tokenFor('someone@x.test'),
      body: { name: 'Mine', type: 'school' },
    });
    const anonymous = await app.request('POST', '/api/admin/organizations', {
      body: { name: 'Mine', type: 'school' },
    });

    expect(user.status).toBe(403);
    expect(anonymous.status).toBe(401);
    expect(await app.db.select().from(organizations)).toEqual([]);
  });
});

describe('POST /api/admin/organizations with APP_TIMEZONE set', () => {
  const zoned = useTestApp({ env: { APP_TIMEZONE: 'Europe/Madrid' } });

  it('defaults the time zone to APP_TIMEZONE', async () => {
    const res = await zoned.request('POST', '/api/admin/organizations', {
      token: await zoned.tokenFor(ADMIN_EMAIL),
      body: { name: 'Escuela', type: 'school' },
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ timezone: 'Europe/Madrid', currency: 'USD' });
  });
});

describe('PUT /api/admin/organizations/{id}', () => {
  it('verifies, renames and suspends an organization', async () => {
    const created = await createOrganization({ name: 'To Review', type: 'school' });

    const res = await app.request('PUT', `/api/admin/organizations/${created.id}`, {
      token: await adminToken(),
      body: { verified: true, name: 'Reviewed', timezone: 'Asia/Tokyo', currency: 'jpy' },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: created.id,
        type: 'school',
        name: 'Reviewed',
        timezone: 'Asia/Tokyo',
        currency: 'JPY',
        verified: true,
        status: 'active',
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    });

    const suspended = await app.request('PUT', `/api/admin/organizations/${created.id}`, {
      token: await adminToken(),
      body: { status: 'suspended' },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({
      name: 'Reviewed',
      verified: true,
      status: 'suspended',
    });
  });

  it("cuts a suspended school's members off, and gives access back on reactivation", async () => {
    const school = await app.createSchool({ name: 'Paused', members: { 'owner@x.test': 'owner' } });
    const owner = await app.tokenFor('owner@x.test');
    expect(
      (await app.request('GET', `/api/schools/${school}/members`, { token: owner })).status,
    ).toBe(200);

    await app.request('PUT', `/api/admin/organizations/${school}`, {
      token: await adminToken(),
      body: { status: 'suspended' },
    });
    expect(
      (await app.request('GET', `/api/schools/${school}/members`, { token: owner })).status,
    ).toBe(403);
    expect((await app.request('GET', '/api/schools', { token: owner })).body).toEqual({ data: [] });

    await app.request('PUT', `/api/admin/organizations/${school}`, {
      token: await adminToken(),
      body: { status: 'active' },
    });
    expect(
      (await app.request('GET', `/api/schools/${school}/members`, { token: owner })).status,
    ).toBe(200);
  });

  it('answers 422 for bad values', async () => {
    const created = await createOrganization({ name: 'Strict', type: 'school' });

    const res = await app.request('PUT', `/api/admin/organizations/${created.id}`, {
      token: await adminToken(),
      body: { status: 'closed', verified: 'yes' },
    });

    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['status', 'verified']);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const token = await adminToken();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      const res = await app.request('PUT', `/api/admin/organizations/${id}`, {
        token,
        body: { verified: true },
      });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
  });

  it('refuses a non-administrator, even the owner, with 403 and answers 401 without a token', async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });

    const owner = await app.request('PUT', `/api/admin/organizations/${school}`, {
      token: await app.tokenFor('owner@x.test'),
      body: { verified: true },
    });
    const anonymous = await app.request('PUT', `/api/admin/organizations/${school}`, {
      body: { verified: true },
    });

    expect(owner.status).toBe(403);
    expect(anonymous.status).toBe(401);
    const [stored] = await app.db.select().from(organizations).where(eq(organizations.id, school));
    expect(stored!.verified).toBe(false);
  });
});
