import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';

const app = useTestApp();

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /api/schools', () => {
  it("lists only the caller's schools, ordered by name, with the caller's role", async () => {
    const zeta = await app.createSchool({
      name: 'Zeta Riding',
      timezone: 'Europe/Madrid',
      members: { 'ana@x.test': 'viewer' },
    });
    const alpha = await app.createSchool({
      name: 'Alpha Stables',
      members: { 'ana@x.test': 'owner' },
    });
    const mid = await app.createSchool({
      name: 'Meadow Farm',
      members: { 'ana@x.test': 'instructor', 'bob@x.test': 'owner' },
    });
    await app.createSchool({ name: 'Another School', members: { 'bob@x.test': 'owner' } });

    const res = await app.request('GET', '/api/schools', {
      token: await app.tokenFor('ana@x.test'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { id: alpha, name: 'Alpha Stables', role: 'owner', timezone: 'UTC', currency: 'EUR' },
        { id: mid, name: 'Meadow Farm', role: 'instructor', timezone: 'UTC', currency: 'EUR' },
        {
          id: zeta,
          name: 'Zeta Riding',
          role: 'viewer',
          timezone: 'Europe/Madrid',
          currency: 'EUR',
        },
      ],
    });
  });

  it('is empty for a user without memberships, platform administrators included', async () => {
    await app.createSchool({ name: 'Somebody Else', members: { 'bob@x.test': 'owner' } });

    const stranger = await app.request('GET', '/api/schools', {
      token: await app.tokenFor('nobody@x.test'),
    });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual({ data: [] });

    // Administrators list every organization through /api/admin/organizations instead.
    const admin = await app.request('GET', '/api/schools', {
      token: await app.tokenFor(ADMIN_EMAIL),
    });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({ data: [] });
  });

  it('does not bind an invitation to an unverified e-mail', async () => {
    await app.createSchool({ name: 'Guarded', members: { 'ana@x.test': 'owner' } });

    const res = await app.request('GET', '/api/schools', {
      token: await app.tokenFor('ana@x.test', { sub: 'someone-else', email_verified: false }),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it('answers 401 without a token', async () => {
    const res = await app.request('GET', '/api/schools');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  });
});

describe('PUT /api/schools/{schoolId}', () => {
  it("lets an owner update the school's name, time zone and currency", async () => {
    const school = await app.createSchool({
      name: 'Old Name',
      members: { 'owner@x.test': 'owner' },
    });
    const token = await app.tokenFor('owner@x.test');

    const res = await app.request('PUT', `/api/schools/${school}`, {
      token,
      body: { name: '  New Name  ', timezone: 'America/Argentina/Buenos_Aires', currency: 'ars' },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: school,
        type: 'school',
        name: 'New Name',
        timezone: 'America/Argentina/Buenos_Aires',
        currency: 'ARS',
        verified: false,
        status: 'active',
        waitlist_open: true,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    });
    expect(res.body.data.id).toMatch(UUID);
    expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(res.body.data.created_at),
    );

    const [stored] = await app.db.select().from(organizations).where(eq(organizations.id, school));
    expect(stored).toMatchObject({
      name: 'New Name',
      timezone: 'America/Argentina/Buenos_Aires',
      currency: 'ARS',
    });

    const list = await app.request('GET', '/api/schools', { token });
    expect(list.body.data).toEqual([
      {
        id: school,
        name: 'New Name',
        role: 'owner',
        timezone: 'America/Argentina/Buenos_Aires',
        currency: 'ARS',
      },
    ]);
  });

  it('changes only the fields given and ignores unknown ones', async () => {
    const school = await app.createSchool({
      name: 'Keep Me',
      timezone: 'Europe/Paris',
      members: { 'owner@x.test': 'owner' },
    });

    const res = await app.request('PUT', `/api/schools/${school}`, {
      token: await app.tokenFor('owner@x.test'),
      body: { currency: 'GBP', verified: true, status: 'suspended', type: 'stud' },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Keep Me',
      timezone: 'Europe/Paris',
      currency: 'GBP',
      type: 'school',
      verified: false,
      status: 'active',
    });
  });

  it('lets a platform administrator act as owner', async () => {
    const school = await app.createSchool({ name: 'Admin Target' });

    const res = await app.request('PUT', `/api/schools/${school}`, {
      token: await app.tokenFor(ADMIN_EMAIL),
      body: { name: 'Renamed By Admin' },
    });

    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Renamed By Admin');
  });

  it.each(['manager', 'instructor', 'viewer'] as const)(
    'refuses a %s with 403 (members.edit)',
    async (role) => {
      const school = await app.createSchool({ name: 'Strict', members: { 'staff@x.test': role } });

      const res = await app.request('PUT', `/api/schools/${school}`, {
        token: await app.tokenFor('staff@x.test'),
        body: { name: 'Hijacked' },
      });

      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
      const [stored] = await app.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, school));
      expect(stored!.name).toBe('Strict');
    },
  );

  it('checks the permission before validating the body', async () => {
    const school = await app.createSchool({ members: { 'manager@x.test': 'manager' } });

    const res = await app.request('PUT', `/api/schools/${school}`, {
      token: await app.tokenFor('manager@x.test'),
      body: { timezone: 'Not/AZone' },
    });

    expect(res.status).toBe(403);
  });

  it('answers 422 naming the time zone field for an unknown time zone', async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });

    const res = await app.request('PUT', `/api/schools/${school}`, {
      token: await app.tokenFor('owner@x.test'),
      body: { timezone: 'Mars/Olympus_Mons' },
    });

    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The timezone field must be a valid IANA time zone (e.g. Europe/Madrid).',
      errors: {
        timezone: ['The timezone field must be a valid IANA time zone (e.g. Europe/Madrid).'],
      },
    });
  });

  it.each(['EURO', 'E1', '€€€', ''])(
    'answers 422 naming the currency field for %j',
    async (currency) => {
      const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });

      const res = await app.request('PUT', `/api/schools/${school}`, {
        token: await app.tokenFor('owner@x.test'),
        body: { currency },
      });

      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['currency']);
      expect(res.body.message).toBe(res.body.errors.currency[0]);
      const [stored] = await app.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, school));
      expect(stored!.currency).toBe('EUR');
    },
  );

  it('answers 422 for an empty name and for wrong types, one entry per field', async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });

    const res = await app.request('PUT', `/api/schools/${school}`, {
      token: await app.tokenFor('owner@x.test'),
      body: { name: '   ', timezone: 42 },
    });

    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['name', 'timezone']);
    expect(res.body.message).toMatch(/\(and 1 more error\)$/);
  });

  it('refuses a member of school A on school B with 403', async () => {
    await app.createSchool({ name: 'School A', members: { 'owner@x.test': 'owner' } });
    const schoolB = await app.createSchool({
      name: 'School B',
      members: { 'other@x.test': 'owner' },
    });

    const res = await app.request('PUT', `/api/schools/${schoolB}`, {
      token: await app.tokenFor('owner@x.test'),
      body: { name: 'Taken Over' },
    });

    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    const [stored] = await app.db.select().from(organizations).where(eq(organizations.id, schoolB));
    expect(stored!.name).toBe('School B');
  });

  it('answers the same 403 for a school that does not exist and for a malformed id', async () => {
    await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const token = await app.tokenFor('owner@x.test');

    const missing = await app.request('PUT', '/api/schools/00000000-0000-4000-8000-000000000000', {
      token,
      body: { name: 'X' },
    });
    const malformed = await app.request('PUT', '/api/schools/not-a-uuid', {
      token,
      body: { name: 'X' },
    });
    const sqlish = await app.request('PUT', "/api/schools/1'%20or%20'1'='1", {
      token,
      body: { name: 'X' },
    });

    for (const res of [missing, malformed, sqlish]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    expect(malformed.body.error.message).toBe(missing.body.error.message);
  });

  it('refuses the owner of a suspended school', async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    await app.db
      .update(organizations)
      .set({ status: 'suspended' })
      .where(eq(organizations.id, school));

    const res = await app.request('PUT', `/api/schools/${school}`, {
      token: await app.tokenFor('owner@x.test'),
      body: { name: 'Still Mine' },
    });

    expect(res.status).toBe(403);
  });

  it('answers 401 without a token, before anything else', async () => {
    const school = await app.createSchool();

    const res = await app.request('PUT', `/api/schools/${school}`, { body: { timezone: 'bad' } });

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  });
});
