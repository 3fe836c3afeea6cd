import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { notificationPreferences, notifications } from '@/db/schema/notifications';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';
import { purgeExpiredNotifications } from './notification-lifecycle';
import { notify } from './notify';

const app = useTestApp();
const APP_URL = 'https://app.test';

/** Signs a person in (making them a user) and returns their token and id. */
async function user(email: string, claims: Record<string, unknown> = {}) {
  const token = await app.tokenFor(email, claims);
  const me = await app.request('GET', '/api/auth/me', { token });
  expect(me.status).toBe(200);
  return { token, id: me.body.id as string };
}

async function noticesFor(userId: string, count: number) {
  for (let i = 0; i < count; i++)
    await app.db.insert(notifications).values({
      userId,
      type: 'stud.task_due',
      title: `Task ${i}`,
      body: `Body ${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, 10, i)),
    });
}

describe('notify()', () => {
  it("writes in-app rows and e-mails per each user's preferences, and e-mails non-users", async () => {
    const ana = await user('ana@n.test');
    const ben = await user('ben@n.test');
    // Ben does not want reservation e-mails; its in-app notice is locked on.
    await app.db
      .insert(notificationPreferences)
      .values({ userId: ben.id, type: 'stud.reservation_requested', email: false, inApp: true });

    const sent = await app.db.transaction((tx) =>
      notify(
        tx,
        [{ userId: ana.id }, { userId: ben.id }, { email: 'owner@mare.test' }],
        'stud.reservation_requested',
        { title: 'A reservation was requested', body: 'Two doses', link: '/studs/x/reservations' },
        APP_URL,
      ),
    );

    expect(sent).toEqual({ inApp: 2, emails: 2 });
    const rows = await app.db.select().from(notifications);
    expect(rows.map((r) => r.userId).sort()).toEqual([ana.id, ben.id].sort());
    const mail = await app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'notice'));
    expect(mail.map((m) => m.to).sort()).toEqual(['ana@n.test', 'owner@mare.test']);
    expect(mail[0]!.html).toContain(`${APP_URL}/studs/x/reservations`);
  });

  it('follows the defaults: a task due is in-app only', async () => {
    const ana = await user('ana@n.test');
    await app.db.transaction((tx) =>
      notify(tx, [{ userId: ana.id }], 'stud.task_due', { title: 'Due', body: 'Shoe' }, APP_URL),
    );
    expect(await app.db.select().from(notifications)).toHaveLength(1);
    expect(await app.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it("is part of the caller's transaction: a rollback leaves nothing", async () => {
    const ana = await user('ana@n.test');
    await expect(
      app.db.transaction(async (tx) => {
        await notify(
          tx,
          [{ userId: ana.id }],
          'school.waitlist_new',
          { title: 'New', body: 'Someone joined' },
          APP_URL,
        );
        throw new Error('the caller fails');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await app.db.select().from(notifications)).toHaveLength(0);
    expect(await app.db.select().from(emailOutbox)).toHaveLength(0);
  });
});

describe('GET /api/notifications and the unread count', () => {
  it('pages newest first with meta.unread_count, filters unread, and shows only your own', async () => {
    const ana = await user('ana@n.test');
    const ben = await user('ben@n.test');
    await noticesFor(ana.id, 3);
    await noticesFor(ben.id, 2);
    const [oldest] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Task 0'));
    await app.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.userId, ana.id));
    await app.db
      .update(notifications)
      .set({ readAt: null })
      .where(eq(notifications.title, 'Task 2'));

    const page = await app.request('GET', '/api/notifications?per_page=2', { token: ana.token });
    expect(page.status).toBe(200);
    expect(page.body.data.map((n: { title: string }) => n.title)).toEqual(['Task 2', 'Task 1']);
    expect(page.body.meta).toMatchObject({ total: 3, last_page: 2, unread_count: 1 });
    expect(page.body.data[0]).toEqual({
      id: expect.any(String),
      type: 'stud.task_due',
      title: 'Task 2',
      body: 'Body 2',
      link: null,
      organization_id: null,
      data: {},
      read_at: null,
      created_at: '2026-11-01T10:02:00.000Z',
    });

    const unread = await app.request('GET', '/api/notifications?unread=true', {
      token: ana.token,
    });
    expect(unread.body.data.map((n: { title: string }) => n.title)).toEqual(['Task 2']);
    expect(unread.body.meta.total).toBe(1);

    const count = await app.request('GET', '/api/notifications/unread-count', {
      token: ben.token,
    });
    expect(count.body).toEqual({ data: { count: 2 } });
    expect(oldest).toBeDefined();
  });

  it('reads a page in the same number of statements for 1 notice or 40', async () => {
    const ana = await user('ana@n.test');
    const statements = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', '/api/notifications?per_page=50', { token: ana.token }),
      );
      expect(res.status).toBe(200);
      return counter.count;
    };
    await noticesFor(ana.id, 1);
    const few = await statements();
    await noticesFor(ana.id, 39);
    expect(await statements()).toBe(few);
  });

  it('answers 401 without a token and 422 on a bad page', async () => {
    expect((await app.request('GET', '/api/notifications')).status).toBe(401);
    const ana = await user('ana@n.test');
    const bad = await app.request('GET', '/api/notifications?per_page=500', { token: ana.token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['per_page']);
  });
});

describe('reading and deleting notifications', () => {
  it("marks one read, all read, deletes one; another user's id is a 404", async () => {
    const ana = await user('ana@n.test');
    const ben = await user('ben@n.test');
    await noticesFor(ana.id, 2);
    await noticesFor(ben.id, 1);
    const [bens] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ben.id));
    const list = await app.request('GET', '/api/notifications', { token: ana.token });
    const [first, second] = list.body.data as { id: string }[];

    const read = await app.request('POST', `/api/notifications/${first!.id}/read`, {
      token: ana.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.data.read_at).toEqual(expect.any(String));

    for (const [method, path] of [
      ['POST', `/api/notifications/${bens!.id}/read`],
      ['DELETE', `/api/notifications/${bens!.id}`],
      ['POST', '/api/notifications/not-a-uuid/read'],
    ] as const) {
      const res = await app.request(method, path, { token: ana.token });
      expect(res.status, path).toBe(404);
    }
    const [stillUnread] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, bens!.id));
    expect(stillUnread!.readAt).toBeNull();

    const all = await app.request('POST', '/api/notifications/read-all', { token: ana.token });
    expect(all.body.data).toEqual({ updated: 1 });
    const count = await app.request('GET', '/api/notifications/unread-count', {
      token: ben.token,
    });
    expect(count.body.data.count).toBe(1);

    const removed = await app.request('DELETE', `/api/notifications/${second!.id}`, {
      token: ana.token,
    });
    expect(removed.status).toBe(200);
    const left = await app.request('GET', '/api/notifications', { token: ana.token });
    expect(left.body.meta.total).toBe(1);
  });

  it('purges notifications older than 180 days, by a fixed clock', async () => {
    const ana = await user('ana@n.test');
    await noticesFor(ana.id, 2);
    expect(await purgeExpiredNotifications(app.db, new Date('2027-04-30T09:59:30Z'))).toBe(0);
    expect(await purgeExpiredNotifications(app.db, new Date('2027-04-30T10:00:30Z'))).toBe(1);
    expect(await app.db.select().from(notifications)).toHaveLength(1);
  });
});

describe('/api/profile', () => {
  it('shows and changes the profile; the e-mail is read-only; an edited name stays', async () => {
    const ana = await user('ana@n.test', { name: 'Ana' });
    const initial = await app.request('GET', '/api/profile', { token: ana.token });
    expect(initial.body.data).toEqual({
      id: ana.id,
      email: 'ana@n.test',
      display_name: 'Ana',
      phone: null,
      avatar: null,
      bio: null,
    });
    // Before an edit, the token's name renames the user.
    const renamed = await app.tokenFor('ana@n.test', { name: 'Ana María' });
    await app.request('GET', '/api/auth/me', { token: renamed });
    expect(
      (await app.request('GET', '/api/profile', { token: renamed })).body.data.display_name,
    ).toBe('Ana María');

    const put = await app.request('PUT', '/api/profile', {
      token: renamed,
      body: {
        display_name: 'Ana R.',
        phone: '+34 600 000 000',
        bio: 'Rider',
        email: 'evil@x.test',
        avatar: 'https://img.test/a.png',
        // Fields the server owns: ignored.
        id: '0badc0de-0000-4000-8000-000000000001',
        status: 'suspended',
        is_platform_admin: true,
      },
    });
    expect(put.status).toBe(200);
    const me = await app.request('GET', '/api/auth/me', { token: renamed });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: ana.id, status: 'active' });
    expect((await app.request('GET', '/api/admin/users', { token: renamed })).status).toBe(403);
    expect(put.body.data).toMatchObject({
      id: ana.id,
      email: 'ana@n.test',
      display_name: 'Ana R.',
      phone: '+34 600 000 000',
      bio: 'Rider',
      avatar: 'https://img.test/a.png',
    });

    const again = await app.tokenFor('ana@n.test', { name: 'Token Name' });
    await app.request('GET', '/api/auth/me', { token: again });
    expect(
      (await app.request('GET', '/api/profile', { token: again })).body.data.display_name,
    ).toBe('Ana R.');
  });

  it('answers 422 on an empty name or a plain-http avatar, and 401 without a token', async () => {
    const ana = await user('ana@n.test');
    const bad = await app.request('PUT', '/api/profile', {
      token: ana.token,
      body: { display_name: ' ', avatar: 'http://img.test/a.png' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['avatar', 'display_name']);
    expect((await app.request('GET', '/api/profile')).status).toBe(401);
  });
});

describe('/api/profile/settings', () => {
  it('keeps defaults, takes a time zone and an organization of yours, refuses another', async () => {
    const ana = await user('ana@n.test');
    const mine = await app.createSchool({ members: { 'ana@n.test': 'viewer' } });
    const other = await app.createSchool({ name: 'Other' });
    await app.request('GET', '/api/auth/me', { token: ana.token });

    const initial = await app.request('GET', '/api/profile/settings', { token: ana.token });
    expect(initial.body.data).toEqual({
      locale: 'en',
      timezone: null,
      default_organization_id: null,
      date_format: 'YYYY-MM-DD',
    });

    const put = await app.request('PUT', '/api/profile/settings', {
      token: ana.token,
      body: { locale: 'es', timezone: 'Europe/Madrid', default_organization_id: mine },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({
      locale: 'es',
      timezone: 'Europe/Madrid',
      default_organization_id: mine,
      date_format: 'YYYY-MM-DD',
    });

    const refused = await app.request('PUT', '/api/profile/settings', {
      token: ana.token,
      body: { default_organization_id: other, timezone: 'Nowhere/City', locale: 'fr' },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['locale', 'timezone']);
    const notMine = await app.request('PUT', '/api/profile/settings', {
      token: ana.token,
      body: { default_organization_id: other },
    });
    expect(notMine.status).toBe(422);
    expect(Object.keys(notMine.body.errors)).toEqual(['default_organization_id']);
  });
});

describe('/api/profile/notification-preferences', () => {
  it('lists every type with its defaults and stores only what differs', async () => {
    const ana = await user('ana@n.test');
    const initial = await app.request('GET', '/api/profile/notification-preferences', {
      token: ana.token,
    });
    expect(initial.body.data).toHaveLength(18);
    expect(
      initial.body.data.find((p: { type: string }) => p.type === 'marketplace.listing_moderated'),
    ).toEqual({
      type: 'marketplace.listing_moderated',
      label: expect.any(String),
      email: false,
      in_app: true,
      in_app_locked: false,
    });

    const put = await app.request('PUT', '/api/profile/notification-preferences', {
      token: ana.token,
      body: {
        preferences: [
          { type: 'stud.task_due', email: true, in_app: true },
          { type: 'school.waitlist_new', email: true, in_app: true },
          { type: 'marketplace.contact', email: false, in_app: true },
        ],
      },
    });
    expect(put.status).toBe(200);
    const byType = Object.fromEntries(
      put.body.data.map((p: { type: string }) => [p.type, p]),
    ) as Record<string, { email: boolean; in_app: boolean }>;
    expect(byType['stud.task_due']).toMatchObject({ email: true, in_app: true });
    expect(byType['marketplace.contact']).toMatchObject({ email: false, in_app: true });
    const stored = await app.db
      .select({ type: notificationPreferences.type })
      .from(notificationPreferences);
    // The waitlist choice equals its default: nothing stored for it.
    expect(stored.map((s) => s.type).sort()).toEqual(['marketplace.contact', 'stud.task_due']);

    const back = await app.request('PUT', '/api/profile/notification-preferences', {
      token: ana.token,
      body: { preferences: [{ type: 'stud.task_due', email: false, in_app: true }] },
    });
    expect(back.status).toBe(200);
    expect(await app.db.select().from(notificationPreferences)).toHaveLength(1);
  });

  it('answers 422 on an unknown type and on turning off a locked in-app notice', async () => {
    const ana = await user('ana@n.test');
    const unknown = await app.request('PUT', '/api/profile/notification-preferences', {
      token: ana.token,
      body: {
        preferences: [
          { type: 'stud.task_due', email: true, in_app: true },
          { type: 'nope', email: true, in_app: true },
        ],
      },
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['preferences.1.type']);

    const locked = await app.request('PUT', '/api/profile/notification-preferences', {
      token: ana.token,
      body: { preferences: [{ type: 'admin.dispute_opened', email: true, in_app: false }] },
    });
    expect(locked.status).toBe(422);
    expect(Object.keys(locked.body.errors)).toEqual(['preferences.0.in_app']);
    expect(await app.db.select().from(notificationPreferences)).toHaveLength(0);
  });
});

describe('member invitations', () => {
  it('send the invitation e-mail with the organization and the role', async () => {
    const studId = await app.createSchool({
      name: 'Hill Stud',
      type: 'stud',
      members: { 'owner@n.test': 'owner' },
    });
    const owner = await user('owner@n.test');
    const res = await app.request('POST', `/api/studs/${studId}/members`, {
      token: owner.token,
      body: { email: 'Groom@N.test', role: 'staff' },
    });
    expect(res.status).toBe(201);
    const [mail] = await app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'invitation'));
    expect(mail).toMatchObject({ to: 'groom@n.test', subject: 'You are invited to Hill Stud' });
    expect(mail!.text).toContain('staff');
  });
});

describe('a verification decision', () => {
  it("notifies the organization's owners once, when `verified` changes", async () => {
    const studId = await app.createSchool({
      name: 'Hill Stud',
      type: 'stud',
      members: { 'owner@n.test': 'owner', 'staff@n.test': 'staff' },
    });
    const owner = await user('owner@n.test');
    const staff = await user('staff@n.test');
    const admin = await app.tokenFor(ADMIN_EMAIL);

    for (const verified of [true, true]) {
      const res = await app.request('PUT', `/api/admin/organizations/${studId}`, {
        token: admin,
        body: { verified },
      });
      expect(res.status).toBe(200);
    }

    const mine = await app.request('GET', '/api/notifications', { token: owner.token });
    expect(mine.body.data).toEqual([
      expect.objectContaining({
        type: 'org.verification_decided',
        title: 'Hill Stud is verified',
        link: `/studs/${studId}`,
        organization_id: studId,
      }),
    ]);
    const theirs = await app.request('GET', '/api/notifications', { token: staff.token });
    expect(theirs.body.meta.total).toBe(0);
    const mail = await app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'notice'));
    expect(mail.map((m) => m.to)).toEqual(['owner@n.test']);
  });
});
