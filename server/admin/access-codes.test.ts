import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessCodes, memberships, organizations } from '@/db/schema';
import { DEMO_ACCESS_CODE, seedDemo } from '@/db/seed-demo';
import { hashLinkToken, normalizeCode } from '../kernel/link-tokens';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { awayFromWindowEdge } from '../test/rate-limit-window';

const app = useTestApp();

async function issue(body: Record<string, unknown> = { organization_type: 'school' }) {
  const res = await app.request('POST', '/api/admin/access-codes', {
    token: await app.tokenFor(ADMIN_EMAIL),
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; code: string; code_hint: string };
}

const redeem = async (email: string, code: string, name = 'Sunny Stables') =>
  app.request('POST', '/api/access-codes/redeem', {
    token: await app.tokenFor(email),
    body: { code, organization: { name } },
  });

describe('access codes (DESIGN-MODULES E.4)', () => {
  it('shows the code once, keeps only its hash and hint, and never answers it again', async () => {
    const admin = await app.tokenFor(ADMIN_EMAIL);
    const created = await app.request('POST', '/api/admin/access-codes', {
      token: admin,
      body: {
        organization_type: 'stud',
        max_redemptions: 3,
        expires_at: '2099-01-01T00:00:00Z',
        auto_verify: true,
        note: '  Breed society campaign ',
      },
    });
    expect(created.status).toBe(201);
    const code = created.body.data.code as string;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(created.body.data).toMatchObject({
      code_hint: code.slice(-4),
      organization_type: 'stud',
      max_redemptions: 3,
      redemptions_count: 0,
      expires_at: '2099-01-01T00:00:00.000Z',
      auto_verify: true,
      note: 'Breed society campaign',
      status: 'active',
    });

    const [stored] = await app.db.select().from(accessCodes);
    expect(stored!.codeHash).toBe(hashLinkToken(code));
    expect(JSON.stringify(stored)).not.toContain(code);

    const id = created.body.data.id;
    for (const path of [
      '/api/admin/access-codes',
      `/api/admin/access-codes/${id}`,
      '/api/admin/audit-log',
    ]) {
      const res = await app.request('GET', path, { token: admin });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(code);
    }
    const listed = await app.request('GET', '/api/admin/access-codes', { token: admin });
    expect(listed.body.data).toEqual([expect.objectContaining({ id, code_hint: code.slice(-4) })]);
    expect(listed.body.data[0]).not.toHaveProperty('code');
  });

  it('redeems into a new organization of its type owned by the redeemer, once per user', async () => {
    const { code, id } = await issue({
      organization_type: 'stud',
      max_redemptions: 2,
      auto_verify: true,
    });
    // Typed loosely: lower case, spaces, no hyphens.
    const typed = code.toLowerCase().replaceAll('-', ' ');
    const res = await redeem('breeder@x.test', typed, 'Hill Stud');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Hill Stud is yours.',
      data: {
        organization: { id: expect.any(String), name: 'Hill Stud', type: 'stud', role: 'owner' },
      },
    });
    const studId = res.body.data.organization.id;
    const [org] = await app.db.select().from(organizations).where(eq(organizations.id, studId));
    expect(org).toMatchObject({ type: 'stud', verified: true, timezone: 'UTC', currency: 'USD' });

    const token = await app.tokenFor('breeder@x.test');
    const studs = await app.request('GET', '/api/studs', { token });
    expect(studs.body.data).toEqual([expect.objectContaining({ id: studId, role: 'owner' })]);

    const again = await redeem('breeder@x.test', code, 'Second Stud');
    expect(again.status).toBe(409);
    expect(await app.db.$count(organizations)).toBe(1);

    const redemptions = await app.request('GET', `/api/admin/access-codes/${id}/redemptions`, {
      token: await app.tokenFor(ADMIN_EMAIL),
    });
    expect(redemptions.body.data).toEqual([
      {
        id: expect.any(String),
        user: expect.objectContaining({ email: 'breeder@x.test' }),
        organization: { id: studId, name: 'Hill Stud', type: 'stud' },
        created_at: expect.any(String),
      },
    ]);
    const one = await app.request('GET', `/api/admin/access-codes/${id}`, {
      token: await app.tokenFor(ADMIN_EMAIL),
    });
    expect(one.body.data.redemptions_count).toBe(1);
  });

  it('answers the same 422 for unknown, malformed, expired, disabled and used-up codes', async () => {
    const admin = await app.tokenFor(ADMIN_EMAIL);
    const used = await issue();
    expect((await redeem('first@x.test', used.code)).status).toBe(201);
    const expired = await issue();
    await app.db
      .update(accessCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accessCodes.id, expired.id));
    const disabled = await issue();
    const off = await app.request('PUT', `/api/admin/access-codes/${disabled.id}`, {
      token: admin,
      body: { status: 'disabled' },
    });
    expect(off.body.data.status).toBe('disabled');

    const bodies = [];
    for (const [n, code] of [
      'ZZZZ-ZZZZ-ZZZZ',
      'not a code',
      expired.code,
      disabled.code,
      used.code,
    ].entries()) {
      const res = await redeem(`tries${n}@x.test`, code);
      expect(res.status, code).toBe(422);
      bodies.push(res.body);
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0].errors).toEqual({ code: ['This code is not valid.'] });
    expect(await app.db.$count(organizations)).toBe(1);
  });

  it('refuses a sixth attempt after five failures in 15 minutes, even with a good code', async () => {
    await awayFromWindowEdge(app.db, 20, 15 * 60);
    const good = await issue();
    for (let n = 0; n < 5; n += 1)
      expect((await redeem('guesser@x.test', `AAAA-AAAA-AAA${n}`)).status).toBe(422);
    const sixth = await redeem('guesser@x.test', good.code);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user is not held back by them.
    expect((await redeem('other@x.test', good.code)).status).toBe(201);
  });

  it('never lowers the limit below the redemptions made, and logs every admin write', async () => {
    const admin = await app.tokenFor(ADMIN_EMAIL);
    const { id, code } = await issue({ organization_type: 'school', max_redemptions: 2 });
    await redeem('a@x.test', code);
    await redeem('b@x.test', code);
    const lower = await app.request('PUT', `/api/admin/access-codes/${id}`, {
      token: admin,
      body: { max_redemptions: 1 },
    });
    expect(lower.status).toBe(422);
    expect(Object.keys(lower.body.errors)).toEqual(['max_redemptions']);
    const raised = await app.request('PUT', `/api/admin/access-codes/${id}`, {
      token: admin,
      body: { max_redemptions: 3, note: 'Third school' },
    });
    expect(raised.body.data).toMatchObject({ max_redemptions: 3, redemptions_count: 2 });

    const log = await app.request(
      'GET',
      `/api/admin/audit-log?subject_type=access_code&subject_id=${id}`,
      { token: admin },
    );
    expect(log.body.data.map((row: { action: string }) => row.action)).toEqual([
      'admin.accessCodes.update',
      'admin.accessCodes.create',
    ]);
    const [update, create] = log.body.data;
    expect(update.actor).toMatchObject({ email: ADMIN_EMAIL });
    expect(update.before).toMatchObject({ max_redemptions: 2, note: null, redemptions_count: 2 });
    expect(update.after).toMatchObject({ max_redemptions: 3, note: 'Third school' });
    expect(create.before).toBeNull();
    expect(create.after).not.toHaveProperty('code');
    // The refused update left no row.
    expect(log.body.meta.total).toBe(2);
  });

  it('is for platform administrators; redeeming is for any signed-in user', async () => {
    const user = await app.tokenFor('someone@x.test');
    const denied = await app.request('POST', '/api/admin/access-codes', {
      token: user,
      body: { organization_type: 'school' },
    });
    expect(denied.status).toBe(403);
    expect(await app.db.$count(accessCodes)).toBe(0);
    const anonymous = await app.request('POST', '/api/access-codes/redeem', {
      body: { code: 'AAAA-AAAA-AAAA', organization: { name: 'X' } },
    });
    expect(anonymous.status).toBe(401);
    const invalid = await app.request('POST', '/api/access-codes/redeem', {
      token: user,
      body: { code: 'AAAA-AAAA-AAAA', organization: { name: '' } },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(['organization.name']);
    const unknown = await app.request(
      'GET',
      '/api/admin/access-codes/00000000-0000-4000-8000-000000000000',
      {
        token: await app.tokenFor(ADMIN_EMAIL),
      },
    );
    expect(unknown.status).toBe(404);
    expect(await app.db.$count(memberships)).toBe(0);
  });

  it('has in the demo data a code that redeems into a school, and a stud awaiting verification', async () => {
    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(true);
    // The seed hashes the code itself: it must be the canonical form the route hashes.
    expect(normalizeCode(DEMO_ACCESS_CODE)).toBe(DEMO_ACCESS_CODE);
    const res = await redeem('newcomer@x.test', DEMO_ACCESS_CODE.toLowerCase(), 'My School');
    expect(res.status).toBe(201);
    expect(res.body.data.organization).toMatchObject({ type: 'school', role: 'owner' });
    const queue = await app.request('GET', '/api/admin/verification-requests', {
      token: await app.tokenFor(ADMIN_EMAIL),
    });
    expect(queue.body.data).toEqual([
      expect.objectContaining({
        legal_name: 'Demo Stud Farm S.L.',
        status: 'pending',
        organization: expect.objectContaining({ name: 'Demo Stud Farm', type: 'stud' }),
      }),
    ]);
  });
});
