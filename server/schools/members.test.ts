import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { memberships, users } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';

const app = useTestApp();

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Signs a person in once (binding their invitations) and returns their token and user id. */
async function signIn(email: string, claims: Record<string, unknown> = {}) {
  const token = await app.tokenFor(email, claims);
  const me = await app.request('GET', '/api/auth/me', { token });
  expect(me.status).toBe(200);
  return { token, userId: me.body.id as string };
}

async function memberIdOf(schoolId: string, email: string): Promise<string> {
  const res = await app.request('GET', `/api/schools/${schoolId}/members`, {
    token: await app.tokenFor(ADMIN_EMAIL),
  });
  const member = (res.body.data as { id: string; email: string }[]).find((m) => m.email === email);
  if (!member) throw new Error(`no member ${email}`);
  return member.id;
}

describe('GET /api/schools/{schoolId}/members', () => {
  it('lists members and invitations by role, then e-mail, with every field', async () => {
    const school = await app.createSchool({
      members: {
        'owner@x.test': 'owner',
        'zed@x.test': 'viewer',
        'amy@x.test': 'viewer',
        'ivan@x.test': 'instructor',
        'max@x.test': 'manager',
      },
    });
    const owner = await signIn('owner@x.test', { name: 'Olivia Owner' });
    const amy = await signIn('amy@x.test', { name: 'Amy Rider' });
    await app.createSchool({ name: 'Elsewhere', members: { 'elsewhere@x.test': 'owner' } });

    const res = await app.request('GET', `/api/schools/${school}/members`, { token: owner.token });

    expect(res.status).toBe(200);
    const stamps = {
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    };
    expect(res.body).toEqual({
      data: [
        {
          id: expect.stringMatching(UUID),
          email: 'owner@x.test',
          role: 'owner',
          user_id: owner.userId,
          display_name: 'Olivia Owner',
          status: 'active',
          ...stamps,
        },
        {
          id: expect.stringMatching(UUID),
          email: 'max@x.test',
          role: 'manager',
          user_id: null,
          display_name: null,
          status: 'invited',
          ...stamps,
        },
        {
          id: expect.stringMatching(UUID),
          email: 'ivan@x.test',
          role: 'instructor',
          user_id: null,
          display_name: null,
          status: 'invited',
          ...stamps,
        },
        {
          id: expect.stringMatching(UUID),
          email: 'amy@x.test',
          role: 'viewer',
          user_id: amy.userId,
          display_name: 'Amy Rider',
          status: 'active',
          ...stamps,
        },
        {
          id: expect.stringMatching(UUID),
          email: 'zed@x.test',
          role: 'viewer',
          user_id: null,
          display_name: null,
          status: 'invited',
          ...stamps,
        },
      ],
    });
  });

  it.each(['manager', 'instructor', 'viewer'] as const)(
    'refuses a %s with 403 (members.* is owner-only)',
    async (role) => {
      const school = await app.createSchool({
        members: { 'owner@x.test': 'owner', 'staff@x.test': role },
      });
      const token = await app.tokenFor('staff@x.test');

      const res = await app.request('GET', `/api/schools/${school}/members`, { token });

      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    },
  );

  it('refuses a stranger and a malformed school id with 403, and answers 401 without a token', async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    await app.createSchool({ members: { 'stranger@x.test': 'owner' } });
    const stranger = await app.tokenFor('stranger@x.test');

    expect(
      (await app.request('GET', `/api/schools/${school}/members`, { token: stranger })).status,
    ).toBe(403);
    expect(
      (await app.request('GET', '/api/schools/nope/members', { token: stranger })).status,
    ).toBe(403);
    const anonymous = await app.request('GET', `/api/schools/${school}/members`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('POST /api/schools/{schoolId}/members', () => {
  it('invites an unknown e-mail, which binds at its first verified sign-in', async () => {
    const school = await app.createSchool({
      name: 'Invite School',
      members: { 'owner@x.test': 'owner' },
    });
    const owner = await app.tokenFor('owner@x.test');

    const res = await app.request('POST', `/api/schools/${school}/members`, {
      token: owner,
      body: { email: 'New.Rider@X.test', role: 'instructor' },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        email: 'new.rider@x.test',
        role: 'instructor',
        user_id: null,
        display_name: null,
        status: 'invited',
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    });
    const memberId = res.body.data.id;

    // The invited person signs in for the first time, with the address in another case.
    const invitee = await app.tokenFor('new.rider@X.TEST', { sub: 'new-rider' });
    const schools = await app.request('GET', '/api/schools', { token: invitee });
    expect(schools.status).toBe(200);
    expect(schools.body.data).toEqual([
      { id: school, name: 'Invite School', role: 'instructor', timezone: 'UTC', currency: 'EUR' },
    ]);

    const [user] = await app.db.select().from(users).where(eq(users.subject, 'new-rider'));
    const list = await app.request('GET', `/api/schools/${school}/members`, { token: owner });
    expect(list.body.data.find((m: { id: string }) => m.id === memberId)).toMatchObject({
      user_id: user!.id,
      status: 'active',
      role: 'instructor',
    });
  });

  it("answers a known account's invitation exactly as an unknown e-mail's (issue 13)", async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const owner = await app.tokenFor('owner@x.test');
    const known = await signIn('known@x.test', { name: 'Known Person' });

    const invite = (email: string) =>
      app.request('POST', `/api/schools/${school}/members`, {
        token: owner,
        body: { email, role: 'manager' },
      });
    const toKnown = await invite('KNOWN@x.test');
    const toUnknown = await invite('nobody@x.test');

    // Same status, same fields, same values but for the id, the e-mail and the time stamps.
    expect(toKnown.status).toBe(201);
    expect(toUnknown.status).toBe(201);
    const comparable = (res: typeof toKnown) => ({
      ...res.body.data,
      id: 'ID',
      email: 'EMAIL',
      created_at: 'T',
      updated_at: 'T',
    });
    expect(comparable(toKnown)).toEqual(comparable(toUnknown));
    expect(toKnown.body.data).toEqual({
      id: expect.stringMatching(UUID),
      email: 'known@x.test',
      role: 'manager',
      user_id: null,
      display_name: null,
      status: 'invited',
      created_at: expect.stringMatching(ISO_TIMESTAMP),
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(toKnown.text).not.toContain('Known Person');
    expect(toKnown.text).not.toContain(known.userId);
    // Nor does the list say more until the invitee turns up.
    const before = await app.request('GET', `/api/schools/${school}/members`, { token: owner });
    expect(
      before.body.data.find((m: { email: string }) => m.email === 'known@x.test'),
    ).toMatchObject({
      user_id: null,
      display_name: null,
      status: 'invited',
    });

    // The known user holds the membership from their next request on, without a new sign-in.
    const schools = await app.request('GET', '/api/schools', { token: known.token });
    expect(schools.body.data).toEqual([expect.objectContaining({ id: school, role: 'manager' })]);
    const after = await app.request('GET', `/api/schools/${school}/members`, { token: owner });
    expect(
      after.body.data.find((m: { email: string }) => m.email === 'known@x.test'),
    ).toMatchObject({
      id: toKnown.body.data.id,
      user_id: known.userId,
      display_name: 'Known Person',
      status: 'active',
    });
  });

  it('costs a request nothing extra once there is no invitation left to bind', async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const owner = await signIn('owner@x.test');
    const member = await signIn('member@x.test');
    await app.request('POST', `/api/schools/${school}/members`, {
      token: owner.token,
      body: { email: 'member@x.test', role: 'viewer' },
    });
    // An invitation to someone who already holds a membership of that school (one left from
    // before they joined) is not bound, and is not retried on every request.
    await app.db
      .insert(memberships)
      .values({ organizationId: school, invitedEmail: 'owner@x.test', role: 'viewer' });
    const statements = async (token: string) => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', '/api/auth/me', { token }),
      );
      expect(res.status).toBe(200);
      return counter.count;
    };

    const binding = await statements(member.token);
    const plain = await statements(member.token);
    expect(binding).toBe(plain + 1);
    expect(await statements(owner.token)).toBe(plain);
  });

  it('does not hand a membership to a user whose e-mail is not verified', async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const unverified = await signIn('claimed@x.test', { sub: 'impostor', email_verified: false });

    const res = await app.request('POST', `/api/schools/${school}/members`, {
      token: await app.tokenFor('owner@x.test'),
      body: { email: 'claimed@x.test', role: 'manager' },
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ user_id: null, status: 'invited' });
    const schools = await app.request('GET', '/api/schools', { token: unverified.token });
    expect(schools.body.data).toEqual([]);
    const members = await app.request('GET', `/api/schools/${school}/members`, {
      token: unverified.token,
    });
    expect(members.status).toBe(403);
  });

  it('answers 422 on email for a duplicate invitation or an existing member', async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const owner = await app.tokenFor('owner@x.test');
    const first = await app.request('POST', `/api/schools/${school}/members`, {
      token: owner,
      body: { email: 'twice@x.test', role: 'viewer' },
    });
    expect(first.status).toBe(201);

    const again = await app.request('POST', `/api/schools/${school}/members`, {
      token: owner,
      body: { email: 'TWICE@x.test', role: 'manager' },
    });
    const ownerAgain = await app.request('POST', `/api/schools/${school}/members`, {
      token: owner,
      body: { email: 'owner@x.test', role: 'viewer' },
    });

    for (const res of [again, ownerAgain]) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: 'The email is already a member of this school.',
        errors: { email: ['The email is already a member of this school.'] },
      });
    }
    const rows = await app.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, school));
    expect(rows).toHaveLength(2);
  });

  it('lets the same e-mail be invited to two schools', async () => {
    const a = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const b = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const owner = await app.tokenFor('owner@x.test');

    for (const school of [a, b]) {
      const res = await app.request('POST', `/api/schools/${school}/members`, {
        token: owner,
        body: { email: 'shared@x.test', role: 'viewer' },
      });
      expect(res.status).toBe(201);
    }
  });

  it.each([
    [
      { email: 'not-an-email', role: 'viewer' },
      { email: ['The email field must be a valid email address.'] },
    ],
    [{ email: 'ok@x.test', role: 'boss' }, { role: ['The selected role is invalid.'] }],
    [{ email: 'ok@x.test' }, { role: ['The role field is required.'] }],
    [{}, { email: ['The email field is required.'], role: ['The role field is required.'] }],
  ])('answers 422 for %j', async (body, errors) => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });

    const res = await app.request('POST', `/api/schools/${school}/members`, {
      token: await app.tokenFor('owner@x.test'),
      body,
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(errors);
    const messages = Object.values(errors).flat();
    expect(res.body.message).toBe(
      messages.length > 1 ? `${messages[0]} (and ${messages.length - 1} more error)` : messages[0],
    );
  });

  it.each(['manager', 'instructor', 'viewer'] as const)(
    'refuses a %s with 403, before validation',
    async (role) => {
      const school = await app.createSchool({
        members: { 'owner@x.test': 'owner', 'staff@x.test': role },
      });
      const token = await app.tokenFor('staff@x.test');

      const valid = await app.request('POST', `/api/schools/${school}/members`, {
        token,
        body: { email: 'friend@x.test', role: 'owner' },
      });
      const invalid = await app.request('POST', `/api/schools/${school}/members`, {
        token,
        body: { role: 'boss' },
      });

      expect(valid.status).toBe(403);
      expect(valid.body.error.code).toBe('FORBIDDEN');
      expect(invalid.status).toBe(403);
      const rows = await app.db
        .select()
        .from(memberships)
        .where(eq(memberships.organizationId, school));
      expect(rows).toHaveLength(2);
    },
  );

  it('lets a platform administrator invite into any school', async () => {
    const school = await app.createSchool();

    const res = await app.request('POST', `/api/schools/${school}/members`, {
      token: await app.tokenFor(ADMIN_EMAIL),
      body: { email: 'first-owner@x.test', role: 'owner' },
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      email: 'first-owner@x.test',
      role: 'owner',
      status: 'invited',
    });
  });
});

describe('PUT /api/schools/{schoolId}/members/{memberId}', () => {
  it("changes a member's role", async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'staff@x.test': 'viewer' },
    });
    const staff = await signIn('staff@x.test');
    const memberId = await memberIdOf(school, 'staff@x.test');

    const res = await app.request('PUT', `/api/schools/${school}/members/${memberId}`, {
      token: await app.tokenFor('owner@x.test'),
      body: { role: 'manager' },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: expect.objectContaining({
        id: memberId,
        email: 'staff@x.test',
        role: 'manager',
        user_id: staff.userId,
        status: 'active',
      }),
    });
    const schools = await app.request('GET', '/api/schools', { token: staff.token });
    expect(schools.body.data[0].role).toBe('manager');
  });

  it("changes an invitation's role", async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'later@x.test': 'viewer' },
    });
    const memberId = await memberIdOf(school, 'later@x.test');

    const res = await app.request('PUT', `/api/schools/${school}/members/${memberId}`, {
      token: await app.tokenFor('owner@x.test'),
      body: { role: 'instructor' },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'instructor', status: 'invited', user_id: null });
  });

  it('refuses to demote the last owner (409), and allows it while another owner remains', async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'co@x.test': 'owner' },
    });
    const owner = await app.tokenFor('owner@x.test');
    await signIn('co@x.test');
    const ownerId = await memberIdOf(school, 'owner@x.test');
    const coId = await memberIdOf(school, 'co@x.test');

    const first = await app.request('PUT', `/api/schools/${school}/members/${coId}`, {
      token: owner,
      body: { role: 'manager' },
    });
    expect(first.status).toBe(200);

    const last = await app.request('PUT', `/api/schools/${school}/members/${ownerId}`, {
      token: owner,
      body: { role: 'manager' },
    });
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ error: { code: 'CONFLICT', message: expect.any(String) } });

    // Keeping the owner an owner is not a demotion.
    const same = await app.request('PUT', `/api/schools/${school}/members/${ownerId}`, {
      token: owner,
      body: { role: 'owner' },
    });
    expect(same.status).toBe(200);
    const [row] = await app.db.select().from(memberships).where(eq(memberships.id, ownerId));
    expect(row!.role).toBe('owner');
  });

  it('lets an owner step down while another owner remains, but not the last one', async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'co@x.test': 'owner' },
    });
    const owner = await signIn('owner@x.test');
    const co = await signIn('co@x.test');
    const ownerId = await memberIdOf(school, 'owner@x.test');
    const coId = await memberIdOf(school, 'co@x.test');

    const stepDown = await app.request('PUT', `/api/schools/${school}/members/${ownerId}`, {
      token: owner.token,
      body: { role: 'manager' },
    });
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.data).toMatchObject({ id: ownerId, role: 'manager' });

    const last = await app.request('PUT', `/api/schools/${school}/members/${coId}`, {
      token: co.token,
      body: { role: 'manager' },
    });
    expect(last.status).toBe(409);
    expect(last.body).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'The last owner of a school cannot be removed or demoted.',
      },
    });
    const [row] = await app.db.select().from(memberships).where(eq(memberships.id, coId));
    expect(row!.role).toBe('owner');
  });

  it('does not count an owner invitation nobody has accepted yet as another owner', async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'pending@x.test': 'owner' },
    });
    const owner = await app.tokenFor('owner@x.test');
    const ownerId = await memberIdOf(school, 'owner@x.test');

    const res = await app.request('PUT', `/api/schools/${school}/members/${ownerId}`, {
      token: owner,
      body: { role: 'viewer' },
    });

    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
  });

  it("answers 404 for another school's member id and for a malformed one", async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const other = await app.createSchool({
      members: { 'victim@x.test': 'viewer', 'boss@x.test': 'owner' },
    });
    const owner = await app.tokenFor('owner@x.test');
    const foreignId = await memberIdOf(other, 'victim@x.test');

    for (const id of [foreignId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '123']) {
      const res = await app.request('PUT', `/api/schools/${school}/members/${id}`, {
        token: owner,
        body: { role: 'owner' },
      });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
    const [row] = await app.db.select().from(memberships).where(eq(memberships.id, foreignId));
    expect(row!.role).toBe('viewer');
  });

  it('validates the body before looking the member up (422, then 404)', async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'staff@x.test': 'viewer' },
    });
    const owner = await app.tokenFor('owner@x.test');
    const memberId = await memberIdOf(school, 'staff@x.test');

    const bad = await app.request('PUT', `/api/schools/${school}/members/${memberId}`, {
      token: owner,
      body: { role: 'king' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      message: 'The selected role is invalid.',
      errors: { role: ['The selected role is invalid.'] },
    });

    const missing = await app.request('PUT', `/api/schools/${school}/members/${memberId}`, {
      token: owner,
      body: {},
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ role: ['The role field is required.'] });

    const malformed = await app.request('PUT', `/api/schools/${school}/members/nope`, {
      token: owner,
      body: { role: 'king' },
    });
    expect(malformed.status).toBe(422);
  });

  it('refuses a manager with 403', async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'manager@x.test': 'manager' },
    });
    const managerId = await memberIdOf(school, 'manager@x.test');

    const res = await app.request('PUT', `/api/schools/${school}/members/${managerId}`, {
      token: await app.tokenFor('manager@x.test'),
      body: { role: 'owner' },
    });

    expect(res.status).toBe(403);
    const [row] = await app.db.select().from(memberships).where(eq(memberships.id, managerId));
    expect(row!.role).toBe('manager');
  });
});

describe('DELETE /api/schools/{schoolId}/members/{memberId}', () => {
  it('removes a member, who then loses access', async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'leaving@x.test': 'manager' },
    });
    const leaving = await signIn('leaving@x.test');
    const memberId = await memberIdOf(school, 'leaving@x.test');

    const res = await app.request('DELETE', `/api/schools/${school}/members/${memberId}`, {
      token: await app.tokenFor('owner@x.test'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String) });
    expect(await app.db.select().from(memberships).where(eq(memberships.id, memberId))).toEqual([]);
    expect((await app.request('GET', '/api/schools', { token: leaving.token })).body).toEqual({
      data: [],
    });
    const denied = await app.request('PUT', `/api/schools/${school}`, {
      token: leaving.token,
      body: { name: 'x' },
    });
    expect(denied.status).toBe(403);

    const again = await app.request('DELETE', `/api/schools/${school}/members/${memberId}`, {
      token: await app.tokenFor('owner@x.test'),
    });
    expect(again.status).toBe(404);
  });

  it('withdraws an invitation', async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'maybe@x.test': 'viewer' },
    });
    const memberId = await memberIdOf(school, 'maybe@x.test');

    const res = await app.request('DELETE', `/api/schools/${school}/members/${memberId}`, {
      token: await app.tokenFor('owner@x.test'),
    });

    expect(res.status).toBe(200);
    const schools = await app.request('GET', '/api/schools', {
      token: await app.tokenFor('maybe@x.test'),
    });
    expect(schools.body.data).toEqual([]);
  });

  it('refuses to remove the last owner (409) but removes an owner while another remains', async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'co@x.test': 'owner' },
    });
    const { token: owner } = await signIn('owner@x.test');
    const co = await signIn('co@x.test');
    const ownerId = await memberIdOf(school, 'owner@x.test');
    const coId = await memberIdOf(school, 'co@x.test');

    const removed = await app.request('DELETE', `/api/schools/${school}/members/${ownerId}`, {
      token: co.token,
    });
    expect(removed.status).toBe(200);

    const last = await app.request('DELETE', `/api/schools/${school}/members/${coId}`, {
      token: co.token,
    });
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ error: { code: 'CONFLICT', message: expect.any(String) } });
    expect(
      (await app.request('GET', `/api/schools/${school}/members`, { token: owner })).status,
    ).toBe(403);

    const owners = await app.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, school), eq(memberships.role, 'owner')));
    expect(owners.map((o) => o.id)).toEqual([coId]);
  });

  it('keeps the last owner even against a platform administrator', async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    await signIn('owner@x.test');
    const ownerId = await memberIdOf(school, 'owner@x.test');

    const res = await app.request('DELETE', `/api/schools/${school}/members/${ownerId}`, {
      token: await app.tokenFor(ADMIN_EMAIL),
    });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'The last owner of a school cannot be removed or demoted.',
      },
    });
  });

  it('refuses the last owner removing themselves (409), saying why', async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'pending@x.test': 'owner' },
    });
    const owner = await signIn('owner@x.test');
    const ownerId = await memberIdOf(school, 'owner@x.test');

    const res = await app.request('DELETE', `/api/schools/${school}/members/${ownerId}`, {
      token: owner.token,
    });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'You are the last owner of this school: you cannot remove yourself.',
      },
    });
    expect(await app.db.select().from(memberships).where(eq(memberships.id, ownerId))).toHaveLength(
      1,
    );
  });

  it('refuses an owner removing themselves while another owner remains (409)', async () => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'co@x.test': 'owner' },
    });
    const owner = await signIn('owner@x.test');
    await signIn('co@x.test');
    const ownerId = await memberIdOf(school, 'owner@x.test');

    const res = await app.request('DELETE', `/api/schools/${school}/members/${ownerId}`, {
      token: owner.token,
    });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'You cannot remove yourself from this school: another owner can remove you.',
      },
    });
    const schools = await app.request('GET', '/api/schools', { token: owner.token });
    expect(schools.body.data).toEqual([expect.objectContaining({ id: school, role: 'owner' })]);
  });

  it('holds the same rules in a stud, named as a stud', async () => {
    const stud = await app.createSchool({
      type: 'stud',
      members: { 'owner@x.test': 'owner', 'groom@x.test': 'staff' },
    });
    const owner = await signIn('owner@x.test');
    await signIn('groom@x.test');
    const ids = Object.fromEntries(
      (
        await app.request('GET', `/api/studs/${stud}/members`, { token: owner.token })
      ).body.data.map((m: { email: string; id: string }) => [m.email, m.id]),
    );

    const self = await app.request('DELETE', `/api/studs/${stud}/members/${ids['owner@x.test']}`, {
      token: owner.token,
    });
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe(
      'You are the last owner of this stud: you cannot remove yourself.',
    );
    const demote = await app.request('PUT', `/api/studs/${stud}/members/${ids['owner@x.test']}`, {
      token: await app.tokenFor(ADMIN_EMAIL),
      body: { role: 'staff' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toBe(
      'The last owner of a stud cannot be removed or demoted.',
    );
    const groom = await app.request('DELETE', `/api/studs/${stud}/members/${ids['groom@x.test']}`, {
      token: owner.token,
    });
    expect(groom.status).toBe(200);
  });

  it("answers 404 for another school's member id and for a malformed one", async () => {
    const school = await app.createSchool({ members: { 'owner@x.test': 'owner' } });
    const other = await app.createSchool({
      members: { 'victim@x.test': 'viewer', 'boss@x.test': 'owner' },
    });
    const owner = await app.tokenFor('owner@x.test');
    const foreignId = await memberIdOf(other, 'victim@x.test');

    for (const id of [foreignId, 'not-a-uuid', `${foreignId}x`]) {
      const res = await app.request('DELETE', `/api/schools/${school}/members/${id}`, {
        token: owner,
      });
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect(
      await app.db.select().from(memberships).where(eq(memberships.id, foreignId)),
    ).toHaveLength(1);
  });

  it.each(['manager', 'viewer'] as const)('refuses a %s with 403', async (role) => {
    const school = await app.createSchool({
      members: { 'owner@x.test': 'owner', 'staff@x.test': role, 'target@x.test': 'viewer' },
    });
    const targetId = await memberIdOf(school, 'target@x.test');

    const res = await app.request('DELETE', `/api/schools/${school}/members/${targetId}`, {
      token: await app.tokenFor('staff@x.test'),
    });

    expect(res.status).toBe(403);
    expect(
      await app.db.select().from(memberships).where(eq(memberships.id, targetId)),
    ).toHaveLength(1);
  });
});
