import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import {
  accessCodeRedemptions,
  accessCodes,
  adminActions,
  commissionTiers,
  emailOutbox,
  memberships,
  organizations,
  portalLinks,
  users,
  verificationRequests,
} from '@/db/schema';
import { marketplaceWorld } from '../marketplace/marketplace-fixtures';
import { registry } from '../modules';
import { appRouter } from '../router';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { progressionFixtures } from '../test/progression-fixtures';

const app = useTestApp();
const p = progressionFixtures(() => app.db);

type Procedure = { _def: { type: string; meta?: { audit?: unknown; openapi?: { path: string } } } };

describe('the audit log of admin writes', () => {
  it('covers every admin mutation of every module: each declares its subject', () => {
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, Procedure>,
    );
    const adminWrites = procedures.filter(
      ([, procedure]) =>
        procedure._def.type === 'mutation' &&
        procedure._def.meta?.openapi?.path.startsWith('/admin/'),
    );
    expect(adminWrites.length).toBeGreaterThan(15);
    expect(
      adminWrites.filter(([, procedure]) => !procedure._def.meta?.audit).map(([key]) => key),
    ).toEqual([]);
    expect(Object.keys(registry.routers.admin)).toContain('overview');
  });

  it('records who changed what with before and after; a refused write records nothing', async () => {
    const admin = await app.tokenFor(ADMIN_EMAIL);
    const school = await app.createSchool({ name: 'Old Name' });
    const renamed = await app.request('PUT', `/api/admin/organizations/${school}`, {
      token: admin,
      body: { name: 'New Name', verified: true },
    });
    expect(renamed.status).toBe(200);
    const refused = await app.request('PUT', `/api/admin/organizations/${school}`, {
      token: admin,
      body: { timezone: 'Mars/Olympus' },
    });
    expect(refused.status).toBe(422);
    await app.request('PUT', '/api/admin/settings/general.site_name', {
      token: admin,
      body: { value: 'Horse Hub' },
    });

    const log = await app.request('GET', '/api/admin/audit-log', { token: admin });
    expect(log.body.data.map((row: { action: string }) => row.action)).toEqual([
      'admin.settings.update',
      'admin.organizations.update',
    ]);
    const [setting, organization] = log.body.data;
    expect(organization).toMatchObject({
      actor: { email: ADMIN_EMAIL },
      subject_type: 'organization',
      subject_id: school,
      before: expect.objectContaining({ name: 'Old Name', verified: false }),
      after: expect.objectContaining({ name: 'New Name', verified: true }),
    });
    expect(setting).toMatchObject({
      subject_type: 'settings',
      subject_id: 'general.site_name',
      before: {},
      after: { 'general.site_name': 'Horse Hub' },
    });
    const filtered = await app.request(
      'GET',
      `/api/admin/audit-log?subject_type=organization&subject_id=${school}`,
      { token: admin },
    );
    expect(filtered.body.data).toHaveLength(1);
    const user = await app.tokenFor('someone@x.test');
    expect((await app.request('GET', '/api/admin/audit-log', { token: user })).status).toBe(403);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts users, organizations, queues and mail; no marketplace order yet', async () => {
    const admin = await app.tokenFor(ADMIN_EMAIL);
    await app.request('GET', '/api/auth/me', { token: admin });
    await app.createSchool({ name: 'A', members: { 'owner@a.test': 'owner' } });
    const stud = await app.createSchool({ name: 'S', type: 'stud' });
    await app.request('PUT', `/api/admin/organizations/${stud}`, {
      token: admin,
      body: { verified: true },
    });
    const owner = await app.tokenFor('owner@a.test');
    await app.request('GET', '/api/auth/me', { token: owner });
    await app.db.insert(emailOutbox).values([
      {
        kind: 'contact-confirmation',
        to: 'x@x.test',
        subject: 's',
        html: 'h',
        text: 't',
        props: {},
        status: 'failed',
      },
    ]);

    const res = await app.request('GET', '/api/admin/dashboard', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      users: { total: 2, active: 2, new_this_month: 2 },
      organizations: { total: 2, verified: 1, schools: 1, studs: 1, pending_verification: 0 },
      publications: { total: 0, active: 0, pending: 0 },
      marketplace: {
        orders_this_month: 0,
        gmv_this_month: 0,
        commission_this_month: 0,
        open_disputes: 0,
      },
      queues: { pending_publications: 0, pending_corrections: 0, pending_verifications: 0 },
      mail: { queued: expect.any(Number), failed: 1 },
    });
    const test = await app.request('GET', '/api/test/dashboard', { token: admin });
    expect(test.body.users).toEqual(res.body.data.users);
    expect(test.body.organizations).toEqual({ total: 2, verified: 1 });
  });

  it('counts this month’s marketplace orders, what was paid, the commission and open disputes', async () => {
    const w = await marketplaceWorld(app);
    await app.db
      .insert(commissionTiers)
      .values({ name: 'Standard', minAmount: '0', ratePercent: '10' });
    const saddle = await w.listing({ quantity: 5, ships: true, shippingPrice: '10.00' });
    const order = async (key: string) => {
      await app.request('POST', '/api/marketplace/cart/items', {
        token: w.buyer.token,
        body: { listing_id: saddle.id, quantity: 1 },
      });
      const res = await app.request('POST', '/api/marketplace/orders', {
        token: w.buyer.token,
        body: {
          shipping_address: {
            name: 'B',
            street: 'S 1',
            city: 'C',
            postal_code: '1',
            country: 'ES',
          },
        },
        headers: { 'Idempotency-Key': key },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data.order;
    };
    const disputed = await order('dashboard-1');
    await order('dashboard-2');
    const sub = disputed.sub_orders[0].id;
    const seller = (action: string, body = {}) =>
      app.request('POST', `/api/marketplace/sales/${sub}/${action}`, {
        token: w.seller.token,
        body,
      });
    expect((await seller('mark-paid')).status).toBe(200);
    expect((await seller('ship', { carrier: 'SEUR' })).status).toBe(200);
    const dispute = await app.request(
      'POST',
      `/api/marketplace/orders/${disputed.id}/sub-orders/${sub}/dispute`,
      { token: w.buyer.token, body: { reason: 'Not as described' } },
    );
    expect(dispute.status).toBe(200);

    const res = await app.request('GET', '/api/admin/dashboard', { token: w.admin.token });
    // Two orders placed; one paid: 450.00 + 10.00 shipping, 10 % of the 450.00 line kept.
    expect(res.body.data.marketplace).toEqual({
      orders_this_month: 2,
      gmv_this_month: 460,
      commission_this_month: 45,
      open_disputes: 1,
    });
  });
});

describe('GET and PUT /api/admin/users/{id}', () => {
  it('shows a user with memberships, portal links and counts', async () => {
    const admin = await app.tokenFor(ADMIN_EMAIL);
    const school = await app.createSchool({ name: 'Sunny', members: { 'mum@x.test': 'viewer' } });
    const mum = await app.tokenFor('mum@x.test');
    const me = await app.request('GET', '/api/auth/me', { token: mum });
    const rider = await p.rider(school);
    await app.db.insert(portalLinks).values({
      schoolId: school,
      studentId: rider.student.id,
      email: 'mum@x.test',
      relationship: 'guardian',
      status: 'active',
      userId: me.body.id,
    });
    const res = await app.request('GET', `/api/admin/users/${me.body.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: me.body.id,
      email: 'mum@x.test',
      memberships: [
        {
          organization: {
            id: school,
            name: 'Sunny',
            type: 'school',
            status: 'active',
            verified: false,
          },
          role: 'viewer',
        },
      ],
      seller_profiles: [],
      portal_links: [
        {
          student_id: rider.student.id,
          school: { id: school, name: 'Sunny' },
          relationship: 'guardian',
          status: 'active',
        },
      ],
      counts: {
        memberships: 1,
        portal_links: 1,
        notifications: 0,
        unread_notifications: 0,
        access_code_redemptions: 0,
      },
    });
    expect(
      (
        await app.request('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000', {
          token: admin,
        })
      ).status,
    ).toBe(404);
  });

  it('leaves the flag of PLATFORM_ADMIN_EMAILS to the environment, and nobody suspends themselves', async () => {
    const admin = await app.tokenFor(ADMIN_EMAIL);
    const self = await app.request('GET', '/api/auth/me', { token: admin });
    const unflag = await app.request('PUT', `/api/admin/users/${self.body.id}`, {
      token: admin,
      body: { is_platform_admin: false },
    });
    expect(unflag.status).toBe(409);
    const suspend = await app.request('PUT', `/api/admin/users/${self.body.id}`, {
      token: admin,
      body: { status: 'suspended' },
    });
    expect(suspend.status).toBe(409);
    const other = await app.request('GET', '/api/auth/me', {
      token: await app.tokenFor('b@x.test'),
    });
    const flagged = await app.request('PUT', `/api/admin/users/${other.body.id}`, {
      token: admin,
      body: { is_platform_admin: true },
    });
    expect(flagged.body.data.is_platform_admin).toBe(true);
    const [row] = await app.db.select().from(users).where(eq(users.id, other.body.id));
    expect(row!.isPlatformAdmin).toBe(true);
    const logged = await app.db.select().from(adminActions);
    expect(logged.map((a) => [a.action, a.subjectId])).toEqual([
      ['admin.users.update', other.body.id],
    ]);
    expect(logged[0]!.before).toMatchObject({ is_platform_admin: false });
    expect(logged[0]!.after).toMatchObject({ is_platform_admin: true });
  });
});

describe('SQL statements of the admin lists', () => {
  /** `n` organizations with a member each, a verification request, a code redemption, a log row. */
  async function world(n: number) {
    const admin = await app.tokenFor(ADMIN_EMAIL);
    const me = await app.request('GET', '/api/auth/me', { token: admin });
    const orgs = await app.db
      .insert(organizations)
      .values(
        Array.from({ length: n }, (_, k) => ({
          name: `Org ${n}-${k}`,
          type: 'school' as const,
          timezone: 'UTC',
          currency: 'EUR',
        })),
      )
      .returning({ id: organizations.id });
    await app.db
      .insert(memberships)
      .values(
        orgs.map((o) => ({ organizationId: o.id, userId: me.body.id, role: 'owner' as const })),
      );
    await app.db
      .insert(verificationRequests)
      .values(orgs.map((o) => ({ organizationId: o.id, legalName: 'S.L.' })));
    const [code] = await app.db
      .insert(accessCodes)
      .values({
        codeHash: `hash-${n}`,
        codeHint: 'ABCD',
        organizationType: 'school',
        maxRedemptions: n,
      })
      .returning({ id: accessCodes.id });
    await app.db
      .insert(accessCodeRedemptions)
      .values(orgs.map((o) => ({ accessCodeId: code!.id, organizationId: o.id, userId: null })));
    await app.db.insert(adminActions).values(
      orgs.map((o) => ({
        actorId: me.body.id,
        action: 'x',
        subjectType: 'organization',
        subjectId: o.id,
      })),
    );
    const counts: Record<string, number> = {};
    for (const path of [
      '/api/admin/audit-log',
      '/api/admin/access-codes',
      `/api/admin/access-codes/${code!.id}/redemptions`,
      '/api/admin/verification-requests',
      `/api/admin/users/${me.body.id}`,
      '/api/admin/dashboard',
    ]) {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', path, { token: admin }),
      );
      expect(res.status, path).toBe(200);
      counts[path.replace(code!.id, '{id}').replace(me.body.id, '{id}')] = counter.count;
    }
    return counts;
  }

  it('are the same with 2 and with 30 records of each kind', async () => {
    const small = await world(2);
    const large = await world(30);
    expect(large).toEqual(small);
  });
});
