import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, organizations, users, waitlistEntries } from '@/db/schema';
import { notificationPreferences } from '@/db/schema/notifications';
import { DEMO_OWNER_EMAIL, seedDemo } from '@/db/seed-demo';
import { PUBLIC_LIMITS } from '../kernel/trpc/public';
import { useTestApp } from '../test/harness';
import { awayFromWindowEdge } from '../test/rate-limit-window';
import { schoolWithRoles } from '../test/progression-fixtures';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp({ env: { TRUST_PROXY: '1', APP_URL: 'https://riding.example' } });
const f = schoolFixtures(() => app.db);

/** Each test's public calls come from their own client, so the limiter's buckets do not mix. */
let client = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++client}` });

const entry = (over: Record<string, unknown> = {}) => ({
  registrant: { name: 'Emma Dubois', email: 'Emma@Family.test', phone: '+33 6 12 34 56 78' },
  relationship: 'parent',
  rider: { first_name: 'Léa', last_name: 'Dubois', birth_date: '2016-04-02', level: 'beginner' },
  preferences: { days_of_week: [6], time_from: '09:00', time_to: '12:00' },
  message: 'Weekends suit us best.',
  consent: true,
  ...over,
});

async function setup() {
  const roles = await schoolWithRoles(app, 'Sunny Stables');
  // The owner and manager become users (their first request), as staff who get notices.
  for (const token of [roles.owner, roles.manager, roles.instructor])
    await app.request('GET', '/api/notifications', { token });
  const register = (body: Record<string, unknown> = entry(), headers = from()) =>
    app.request('POST', `/api/public/schools/${roles.school}/waitlist`, { body, headers });
  return { ...roles, register };
}

describe('the public school page and registration (DESIGN-MODULES A.4)', () => {
  it('shows the school, whether its list is open and its active classes, without sign-in', async () => {
    const { school } = await setup();
    await f.class(school, { name: 'Ponies', discipline: 'jumping' });
    await f.class(school, { name: 'Retired class', status: 'inactive' });
    const res = await app.request('GET', `/api/public/schools/${school}`, { headers: from() });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: school,
      name: 'Sunny Stables',
      waitlist_open: true,
      classes: [
        {
          id: expect.any(String),
          name: 'Ponies',
          type: 'group',
          level: 'beginner',
          discipline: 'jumping',
        },
      ],
    });
    const stud = await app.createSchool({ type: 'stud' });
    for (const id of ['4f6b3c1e-0000-4000-8000-000000000000', stud, 'nope'])
      expect(
        (await app.request('GET', `/api/public/schools/${id}`, { headers: from() })).status,
      ).toBe(404);
    await app.db
      .update(organizations)
      .set({ status: 'suspended' })
      .where(eq(organizations.id, school));
    expect(
      (await app.request('GET', `/api/public/schools/${school}`, { headers: from() })).status,
    ).toBe(404);
  });

  it('registers a rider: the reference, the confirmation to the registrant, the owners and managers told', async () => {
    const { school, register, owner, manager, instructor } = await setup();
    const res = await register();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'You are on the waiting list. We sent a confirmation to your e-mail.',
      data: { reference: expect.stringMatching(/^WL-[0-9A-HJKMNP-TV-Z]{6}$/) },
    });
    const reference = res.body.data.reference;
    const mails = await app.db.select().from(emailOutbox);
    const confirmation = mails.find((m) => m.kind === 'waitlist-confirmation')!;
    expect(confirmation.to).toBe('emma@family.test');
    expect(confirmation.text).toContain(reference);
    expect(confirmation.text).toContain('Léa Dubois');
    expect(confirmation.html).toMatch(
      /https:\/\/riding\.example\/waitlist\/withdraw\/[A-Za-z0-9_-]{43}/,
    );
    expect(
      mails
        .filter((m) => m.kind === 'waitlist-notification')
        .map((m) => m.to)
        .sort(),
    ).toEqual(['manager@a.test', 'owner@a.test']);
    for (const token of [owner, manager]) {
      const notices = await app.request('GET', '/api/notifications', { token });
      expect(notices.body.data[0]).toMatchObject({
        type: 'school.waitlist_new',
        title: 'Léa Dubois joined the waiting list',
        link: `/schools/${school}/waitlist`,
      });
    }
    expect(
      (await app.request('GET', '/api/notifications', { token: instructor })).body.data,
    ).toEqual([]);
  });

  it('answers a repeated registration with the same reference and sends nothing more', async () => {
    const { register } = await setup();
    const first = await register();
    const mails = await app.db.$count(emailOutbox);
    const again = await register(
      entry({
        registrant: { name: 'Emma', email: 'emma@family.TEST' },
        rider: { first_name: 'LÉA', last_name: 'dubois' },
      }),
    );
    expect(again.status).toBe(201);
    expect(again.body.data.reference).toBe(first.body.data.reference);
    expect(await app.db.$count(emailOutbox)).toBe(mails);
    expect(await app.db.$count(waitlistEntries)).toBe(1);
  });

  it('holds at most five waiting entries per e-mail and school', async () => {
    const { register } = await setup();
    for (const n of [1, 2, 3, 4, 5])
      expect(
        (await register(entry({ rider: { first_name: `Rider ${n}`, last_name: 'Dubois' } })))
          .status,
      ).toBe(201);
    const sixth = await register(entry({ rider: { first_name: 'Rider 6', last_name: 'Dubois' } }));
    expect(sixth.status).toBe(422);
    expect(sixth.body.errors['registrant.email'][0]).toMatch(/at most 5/);
  });

  it('refuses without consent, without names, with another school’s class; a closed list is a 404', async () => {
    const { school, other, register, owner, manager } = await setup();
    const foreign = await f.class(other, { name: 'Foreign' });
    const cases: [Record<string, unknown>, string][] = [
      [entry({ consent: false }), 'consent'],
      [entry({ consent: undefined }), 'consent'],
      [entry({ rider: { first_name: '', last_name: 'Dubois' } }), 'rider.first_name'],
      [entry({ registrant: { name: 'Emma', email: 'not-an-email' } }), 'registrant.email'],
      [entry({ preferences: { class_id: foreign.id } }), 'preferences.class_id'],
      [entry({ preferences: { days_of_week: [7] } }), 'preferences.days_of_week.0'],
    ];
    for (const [body, field] of cases) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toHaveProperty([field]);
    }
    const close = { waitlist_open: false };
    expect(
      (await app.request('PUT', `/api/schools/${school}`, { token: manager, body: close })).status,
    ).toBe(403);
    const closed = await app.request('PUT', `/api/schools/${school}`, {
      token: owner,
      body: close,
    });
    expect(closed.body.data.waitlist_open).toBe(false);
    expect((await register()).status).toBe(404);
    const page = await app.request('GET', `/api/public/schools/${school}`, { headers: from() });
    expect(page.body.data.waitlist_open).toBe(false);
    expect(await app.db.$count(waitlistEntries)).toBe(0);
    const reopened = await app.request('PUT', `/api/schools/${school}`, {
      token: owner,
      body: { waitlist_open: true },
    });
    expect(reopened.body.data.waitlist_open).toBe(true);
    expect((await register()).status).toBe(201);
  });

  it('sends the waitlist e-mail only to staff whose preference allows it (in-app for all)', async () => {
    const { register, manager } = await setup();
    const [user] = await app.db.select().from(users).where(eq(users.email, 'manager@a.test'));
    await app.db.insert(notificationPreferences).values({
      userId: user!.id,
      type: 'school.waitlist_new',
      email: false,
      inApp: true,
    });
    await register();
    const notified = await app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'waitlist-notification'));
    expect(notified.map((m) => m.to)).toEqual(['owner@a.test']);
    expect(
      (await app.request('GET', '/api/notifications', { token: manager })).body.data,
    ).toHaveLength(1);
  });

  it('withdraws by the link of the confirmation, once', async () => {
    const { register } = await setup();
    await register();
    const [mail] = await app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'waitlist-confirmation'));
    const token = /waitlist\/withdraw\/([A-Za-z0-9_-]+)/.exec(mail!.html)![1]!;
    const res = await app.request('POST', `/api/public/waitlist/${token}/withdraw`, {
      headers: from(),
    });
    expect(res.body).toEqual({ message: 'You are no longer on the waiting list.' });
    const [row] = await app.db.select().from(waitlistEntries);
    expect(row!.status).toBe('withdrawn');
    expect(
      (await app.request('POST', `/api/public/waitlist/${token}/withdraw`, { headers: from() }))
        .status,
    ).toBe(404);
    expect(
      (
        await app.request('POST', '/api/public/waitlist/unknown-token/withdraw', {
          headers: from(),
        })
      ).status,
    ).toBe(404);
  });

  it('limits registrations to 5 a minute per client', async () => {
    const { register } = await setup();
    await awayFromWindowEdge(app.db);
    const headers = { 'x-forwarded-for': '203.0.113.99' };
    for (let n = 0; n < PUBLIC_LIMITS.write; n++)
      expect(
        (await register(entry({ rider: { first_name: `R${n}`, last_name: 'X' } }), headers)).status,
      ).toBe(n < 5 ? 201 : 422);
    const limited = await register(
      entry({ rider: { first_name: 'Late', last_name: 'X' } }),
      headers,
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});

describe('the staff waitlist', () => {
  it('lists oldest first with positions among the waiting, filters, reads, updates and erases', async () => {
    const { school, register, manager, viewer } = await setup();
    const klass = await f.class(school, { name: 'Ponies', level: 'beginner' });
    await register(entry({ rider: { first_name: 'First', last_name: 'One' } }));
    await register(
      entry({
        rider: { first_name: 'Second', last_name: 'Two' },
        preferences: { class_id: klass.id, level: 'beginner' },
      }),
    );
    await register(entry({ rider: { first_name: 'Third', last_name: 'Three' } }));
    const base = `/api/schools/${school}/waitlist`;

    const list = await app.request('GET', base, { token: viewer });
    expect(
      list.body.data.map((e: { rider: { first_name: string }; position: number }) => [
        e.rider.first_name,
        e.position,
      ]),
    ).toEqual([
      ['First', 1],
      ['Second', 2],
      ['Third', 3],
    ]);
    expect(list.body.data[1]).toMatchObject({
      registrant: { name: 'Emma Dubois', email: 'emma@family.test', phone: '+33 6 12 34 56 78' },
      relationship: 'parent',
      preferences: { class_id: klass.id, class_name: 'Ponies', level: 'beginner' },
      status: 'waiting',
      student_id: null,
    });
    expect(list.body.meta).toMatchObject({ total: 3, per_page: 20 });
    const byClass = await app.request('GET', `${base}?class_id=${klass.id}`, { token: viewer });
    expect(
      byClass.body.data.map((e: { rider: { first_name: string } }) => e.rider.first_name),
    ).toEqual(['Second']);

    const first = list.body.data[0];
    const contacted = await app.request('PUT', `${base}/${first.id}`, {
      token: manager,
      body: { status: 'contacted', staff_notes: 'Called on Monday' },
    });
    expect(contacted.body.data).toMatchObject({
      status: 'contacted',
      staff_notes: 'Called on Monday',
      position: null,
    });
    const after = await app.request('GET', `${base}?status=waiting`, { token: viewer });
    expect(after.body.data.map((e: { position: number }) => e.position)).toEqual([1, 2]);
    expect(
      (await app.request('GET', `${base}/${first.id}`, { token: viewer })).body.data.status,
    ).toBe('contacted');

    expect((await app.request('DELETE', `${base}/${first.id}`, { token: manager })).body).toEqual({
      message: 'Waitlist entry deleted.',
    });
    expect((await app.request('GET', `${base}/${first.id}`, { token: manager })).status).toBe(404);
  });

  it('guards by role and school: instructors do not see it, viewers only read, another school’s entry is a 404', async () => {
    const { school, other, register, instructor, viewer, stranger, owner } = await setup();
    await register();
    const [row] = await app.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.schoolId, school)));
    const base = `/api/schools/${school}/waitlist`;
    expect((await app.request('GET', base)).status).toBe(401);
    expect((await app.request('GET', base, { token: instructor })).status).toBe(403);
    expect((await app.request('GET', base, { token: stranger })).status).toBe(403);
    expect(
      (
        await app.request('PUT', `${base}/${row!.id}`, {
          token: viewer,
          body: { status: 'contacted' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await app.request('GET', `/api/schools/${other}/waitlist/${row!.id}`, { token: stranger }))
        .status,
    ).toBe(404);
    const foreignStudent = await f.student(other);
    const bad = await app.request('PUT', `${base}/${row!.id}`, {
      token: owner,
      body: { student_id: foreignStudent.id },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('student_id');
  });
});

describe('the demo data', () => {
  it('has two families waiting, the longest first', async () => {
    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(true);
    const owner = await app.tokenFor(DEMO_OWNER_EMAIL);
    const [school] = (await app.request('GET', '/api/schools', { token: owner })).body.data;
    const list = await app.request('GET', `/api/schools/${school.id}/waitlist`, { token: owner });
    expect(
      list.body.data.map((e: { reference: string; position: number }) => [e.reference, e.position]),
    ).toEqual([
      ['WL-DEM002', 1],
      ['WL-DEM001', 2],
    ]);
  });
});
