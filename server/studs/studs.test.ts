import { describe, expect, it } from 'vitest';
import { memberships } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';

const app = useTestApp();

const FORBIDDEN = { error: { code: 'FORBIDDEN', message: expect.any(String) } };

/** A stud with an owner, a manager, a staff member and a viewer, and a school beside it. */
async function world() {
  const studId = await app.createSchool({
    name: 'Hill Stud',
    type: 'stud',
    timezone: 'Europe/Madrid',
    members: {
      'owner@stud.test': 'owner',
      'manager@stud.test': 'manager',
      'staff@stud.test': 'staff',
      'viewer@stud.test': 'viewer',
    },
  });
  const schoolId = await app.createSchool({
    name: 'Valley School',
    members: { 'owner@stud.test': 'owner', 'teacher@school.test': 'instructor' },
  });
  const token = (email: string) => app.tokenFor(email);
  return { studId, schoolId, token };
}

describe('GET /api/studs', () => {
  it("lists the caller's active studs with their role, and no school", async () => {
    const { studId, token } = await world();
    await app.createSchool({ name: 'Other Stud', type: 'stud', members: { 'x@x.test': 'owner' } });

    const res = await app.request('GET', '/api/studs', { token: await token('owner@stud.test') });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: studId,
          name: 'Hill Stud',
          role: 'owner',
          timezone: 'Europe/Madrid',
          currency: 'EUR',
        },
      ],
    });
    const schools = await app.request('GET', '/api/schools', {
      token: await token('owner@stud.test'),
    });
    expect(schools.body.data.map((s: { name: string }) => s.name)).toEqual(['Valley School']);
  });

  it('answers 401 without a token', async () => {
    expect((await app.request('GET', '/api/studs')).status).toBe(401);
  });
});

describe('GET and PUT /api/studs/{studId}', () => {
  it('shows the profile to every member and lets owners and managers change it', async () => {
    const { studId, token } = await world();

    const read = await app.request('GET', `/api/studs/${studId}`, {
      token: await token('viewer@stud.test'),
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: studId, type: 'stud', name: 'Hill Stud' });

    const put = await app.request('PUT', `/api/studs/${studId}`, {
      token: await token('manager@stud.test'),
      body: { name: 'Hill Stud Farm', currency: 'gbp', waitlist_open: false },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ name: 'Hill Stud Farm', currency: 'GBP' });
    // A stud keeps no waiting list: the school-only field is neither taken nor shown.
    expect(put.body.data).not.toHaveProperty('waitlist_open');

    const staff = await app.request('PUT', `/api/studs/${studId}`, {
      token: await token('staff@stud.test'),
      body: { name: 'Mine' },
    });
    expect(staff.status).toBe(403);
    expect(staff.body).toEqual(FORBIDDEN);
  });

  it('answers 422 on a bad time zone, and 403 to non-members and for unknown ids', async () => {
    const { studId, token } = await world();
    const owner = await token('owner@stud.test');

    const bad = await app.request('PUT', `/api/studs/${studId}`, {
      token: owner,
      body: { timezone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['timezone']);

    const stranger = await app.request('GET', `/api/studs/${studId}`, {
      token: await token('teacher@school.test'),
    });
    expect(stranger.status).toBe(403);
    const unknown = await app.request('GET', '/api/studs/6f0c3c1e-0000-4000-8000-000000000000', {
      token: owner,
    });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual(stranger.body);
  });
});

describe('module access (DESIGN-MODULES 0.1)', () => {
  it('refuses a school id under /studs and a stud id under /schools, even to its owner', async () => {
    const { studId, schoolId, token } = await world();
    const owner = await token('owner@stud.test');

    for (const path of [
      `/api/studs/${schoolId}`,
      `/api/studs/${schoolId}/members`,
      `/api/schools/${studId}/members`,
      `/api/schools/${studId}/students`,
    ]) {
      const res = await app.request('GET', path, { token: owner });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual(FORBIDDEN);
    }
  });

  it('lets a platform administrator act as owner in any stud', async () => {
    const { studId } = await world();
    const res = await app.request('GET', `/api/studs/${studId}/members`, {
      token: await app.tokenFor(ADMIN_EMAIL),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { role: string }) => m.role)).toEqual([
      'owner',
      'manager',
      'staff',
      'viewer',
    ]);
  });
});

describe('/api/studs/{studId}/members', () => {
  it('invites with a stud role, changes it, and removes the member', async () => {
    const { studId, token } = await world();
    const owner = await token('owner@stud.test');

    const invited = await app.request('POST', `/api/studs/${studId}/members`, {
      token: owner,
      body: { email: 'groom@stud.test', role: 'staff' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({
      email: 'groom@stud.test',
      role: 'staff',
      status: 'invited',
      user_id: null,
    });
    const memberId = invited.body.data.id as string;

    const changed = await app.request('PUT', `/api/studs/${studId}/members/${memberId}`, {
      token: owner,
      body: { role: 'viewer' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toBe('viewer');

    const removed = await app.request('DELETE', `/api/studs/${studId}/members/${memberId}`, {
      token: owner,
    });
    expect(removed.status).toBe(200);
    const gone = await app.request('PUT', `/api/studs/${studId}/members/${memberId}`, {
      token: owner,
      body: { role: 'staff' },
    });
    expect(gone.status).toBe(404);
  });

  it('refuses a school role in a stud (422 on role) and a duplicate e-mail (422 on email)', async () => {
    const { studId, token } = await world();
    const owner = await token('owner@stud.test');

    const instructor = await app.request('POST', `/api/studs/${studId}/members`, {
      token: owner,
      body: { email: 'teacher@school.test', role: 'instructor' },
    });
    expect(instructor.status).toBe(422);
    expect(Object.keys(instructor.body.errors)).toEqual(['role']);

    const twice = await app.request('POST', `/api/studs/${studId}/members`, {
      token: owner,
      body: { email: 'viewer@stud.test', role: 'viewer' },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.email).toEqual(['The email is already a member of this stud.']);
  });

  it('keeps the last owner (409) and lets only owners manage members (403)', async () => {
    const { studId, token } = await world();
    const owner = await token('owner@stud.test');
    await app.request('GET', '/api/auth/me', { token: owner });
    const list = await app.request('GET', `/api/studs/${studId}/members`, { token: owner });
    const ownerId = list.body.data.find((m: { role: string }) => m.role === 'owner').id;

    const demote = await app.request('PUT', `/api/studs/${studId}/members/${ownerId}`, {
      token: owner,
      body: { role: 'manager' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toBe(
      'The last owner of a stud cannot be removed or demoted.',
    );

    const manager = await app.request('GET', `/api/studs/${studId}/members`, {
      token: await token('manager@stud.test'),
    });
    expect(manager.status).toBe(403);
  });

  it('refuses a school role given to a stud membership by any writer (database trigger)', async () => {
    const { studId } = await world();
    // A direct write, as a script would make it: the trigger refuses the role.
    await expect(
      app.db
        .insert(memberships)
        .values({ organizationId: studId, invitedEmail: 'raw@x.test', role: 'instructor' }),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/not a role of this organization/) },
    });
  });
});
