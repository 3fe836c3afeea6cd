import { previousMonday } from 'date-fns';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  attendance,
  certificates,
  emailOutbox,
  instructors,
  payments,
  portalLinks,
  students,
} from '@/db/schema';
import { DEMO_FAMILY_EMAIL, seedDemo } from '@/db/seed-demo';
import { competitionFixtures } from '../test/competition-fixtures';
import { useTestApp } from '../test/harness';
import { daysAgo, progressionFixtures, schoolWithRoles } from '../test/progression-fixtures';

const app = useTestApp({ env: { APP_URL: 'https://riding.example' } });
const p = progressionFixtures(() => app.db);
const c = competitionFixtures(() => app.db);

const access = (school: string, student: string) =>
  `/api/schools/${school}/students/${student}/portal-access`;
const portal = (student: string, rest = '') => `/api/portal/students/${student}${rest}`;
/** The n-th Monday before today: the riders' class is on Mondays. */
const monday = (n: number) => {
  let day = new Date();
  for (let i = 0; i < n; i++) day = previousMonday(day);
  return day.toISOString().slice(0, 10);
};
const READS = [
  '',
  '/schedule',
  '/attendance',
  '/payments',
  '/progress',
  '/timeline',
  '/badges',
  '/certificates',
  '/competitions',
];

/** A school, a rider aged 12 with a guardian invited and signed in (the link bound). */
async function followed() {
  const roles = await schoolWithRoles(app, 'Sunny Stables');
  const rider = await p.rider(roles.school);
  await app.db
    .update(students)
    .set({ birthDate: '2014-03-01', documentNumber: 'DOC-SECRET-1', notes: 'STAFF-NOTE-1' })
    .where(eq(students.id, rider.student.id));
  const invited = await app.request('POST', access(roles.school, rider.student.id), {
    token: roles.manager,
    body: { email: 'Parent@Family.test', relationship: 'guardian' },
  });
  expect(invited.status).toBe(201);
  const parent = await app.tokenFor('parent@family.test');
  return { ...roles, rider, parent, link: invited.body.data };
}

describe('portal access (staff)', () => {
  it('invites by e-mail with the invitation e-mail, and lists and revokes the links', async () => {
    const { school, rider, link, manager, viewer } = await followed();
    expect(link).toEqual({
      id: expect.any(String),
      student_id: rider.student.id,
      email: 'parent@family.test',
      relationship: 'guardian',
      status: 'invited',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [mail] = await app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'parent@family.test'));
    expect(mail).toMatchObject({ kind: 'invitation', subject: 'You are invited to Sunny Stables' });
    expect(mail!.text).toContain('guardian of Ana García');

    const list = await app.request('GET', access(school, rider.student.id), { token: viewer });
    expect(list.body.data).toEqual([link]);
    const revoked = await app.request('DELETE', `${access(school, rider.student.id)}/${link.id}`, {
      token: manager,
    });
    expect(revoked.body).toEqual({
      message: 'Portal access revoked.',
      data: { ...link, status: 'revoked', updated_at: expect.any(String) },
    });
    expect(
      (
        await app.request('DELETE', `${access(school, rider.student.id)}/${link.id}`, {
          token: manager,
        })
      ).status,
    ).toBe(409);
    // A revoked e-mail may be invited again.
    expect(
      (
        await app.request('POST', access(school, rider.student.id), {
          token: manager,
          body: { email: 'parent@family.test', relationship: 'guardian' },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a duplicate, a fifth live link, own access under 14, and an anonymized student', async () => {
    const { school, rider, owner } = await followed();
    const invite = (body: Record<string, unknown>, student = rider.student.id) =>
      app.request('POST', access(school, student), { token: owner, body });

    const duplicate = await invite({ email: 'PARENT@family.test', relationship: 'guardian' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.email).toEqual(['The email already has access to this student.']);
    const young = await invite({ email: 'ana@family.test', relationship: 'self' });
    expect(young.status).toBe(422);
    expect(young.body.errors).toHaveProperty('relationship');
    for (const n of [2, 3, 4])
      expect((await invite({ email: `g${n}@family.test`, relationship: 'guardian' })).status).toBe(
        201,
      );
    const fifth = await invite({ email: 'g5@family.test', relationship: 'guardian' });
    expect(fifth.status).toBe(422);
    expect(fifth.body.errors.email[0]).toMatch(/at most 4/);
    for (const body of [
      { email: 'not-an-email', relationship: 'guardian' },
      { email: 'x@y.test', relationship: 'uncle' },
    ])
      expect((await invite(body)).status).toBe(422);

    const teen = await p.rider(school, { firstName: 'Teo', lastName: 'Mayor' });
    await app.db
      .update(students)
      .set({ birthDate: daysAgo(365 * 15) })
      .where(eq(students.id, teen.student.id));
    expect(
      (await invite({ email: 'teo@family.test', relationship: 'self' }, teen.student.id)).status,
    ).toBe(201);
    await app.request('POST', `/api/schools/${school}/students/${teen.student.id}/anonymize`, {
      token: owner,
    });
    expect(
      (await invite({ email: 'other@family.test', relationship: 'guardian' }, teen.student.id))
        .status,
    ).toBe(409);
  });

  it('is for students.edit to invite and revoke, students.view to list; another school’s student is a 404', async () => {
    const { school, other, rider, instructor, viewer, stranger, owner } = await followed();
    const body = { email: 'x@family.test', relationship: 'guardian' };
    expect((await app.request('POST', access(school, rider.student.id), { body })).status).toBe(
      401,
    );
    for (const token of [instructor, viewer, stranger])
      expect(
        (await app.request('POST', access(school, rider.student.id), { token, body })).status,
      ).toBe(403);
    expect(
      (await app.request('GET', access(school, rider.student.id), { token: instructor })).status,
    ).toBe(200);
    const foreign = await p.rider(other, { firstName: 'Eve', lastName: 'Other' });
    expect(
      (await app.request('POST', access(school, foreign.student.id), { token: owner, body }))
        .status,
    ).toBe(404);
    expect(
      (await app.request('GET', access(school, foreign.student.id), { token: owner })).status,
    ).toBe(404);
  });
});

describe('the portal (a linked user)', () => {
  it('binds the invitation at the first portal request with the verified e-mail, not before and not unverified', async () => {
    const { rider } = await followed();
    const unverified = await app.tokenFor('parent@family.test', { email_verified: false });
    expect(
      (await app.request('GET', '/api/portal/students', { token: unverified })).body.data,
    ).toEqual([]);
    expect((await app.request('GET', portal(rider.student.id), { token: unverified })).status).toBe(
      404,
    );

    const parent = await app.tokenFor('parent@family.test');
    const list = await app.request('GET', '/api/portal/students', { token: parent });
    expect(list.body.data).toEqual([
      {
        student_id: rider.student.id,
        link_id: expect.any(String),
        relationship: 'guardian',
        school: { id: expect.any(String), name: 'Sunny Stables' },
        first_name: 'Ana',
        last_name: 'García',
        level: 'beginner',
        current_level: null,
      },
    ]);
    const [link] = await app.db.select().from(portalLinks);
    expect(link!.status).toBe('active');
  });

  it('reads classes, lessons, attendance, payments, progress, badges, certificates and results of the rider', async () => {
    const { school, rider, parent, owner } = await followed();
    await rider.attend([monday(2)], 'present', 4);
    await rider.attend([monday(1)], 'absent');
    await app.db.insert(payments).values([
      {
        schoolId: school,
        studentId: rider.student.id,
        concept: 'other',
        description: 'Helmet',
        amount: '45.00',
        currency: 'EUR',
        dueDate: daysAgo(3),
      },
      {
        schoolId: school,
        studentId: rider.student.id,
        concept: 'other',
        description: 'Saddle',
        amount: '15.50',
        currency: 'EUR',
        dueDate: daysAgo(20),
        status: 'paid',
        paymentMethod: 'cash',
        paidDate: daysAgo(19),
      },
    ]);
    const issued = await app.request('POST', `/api/schools/${school}/certificates`, {
      token: owner,
      body: { student_id: rider.student.id, title: 'Pony rider', kind: 'course' },
    });
    const competition = await c.competition(school, {
      name: 'Spring Cup',
      date: daysAgo(2),
      categories: ['juniors'],
    });
    const entry = await c.entry(school, {
      competitionId: competition.id,
      studentId: rider.student.id,
      category: 'juniors',
    });
    await app.request('POST', `/api/schools/${school}/competitions/${competition.id}/results`, {
      token: owner,
      body: { entry_id: entry.id, ribbon: 'red' },
    });

    const detail = await app.request('GET', portal(rider.student.id), { token: parent });
    expect(detail.status).toBe(200);
    expect(detail.body.data.enrollments).toEqual([
      expect.objectContaining({
        class_name: 'Jumping Ana',
        day_of_week: 1,
        start_time: '10:00',
        instructor_name: 'Iris Trainer',
        status: 'active',
      }),
    ]);
    expect(detail.body.data.next_sessions).toHaveLength(3);
    expect(new Date(`${detail.body.data.next_sessions[0].date}T00:00:00Z`).getUTCDay()).toBe(1);

    const week = await app.request(
      'GET',
      `${portal(rider.student.id, '/schedule')}?week=${monday(1)}`,
      { token: parent },
    );
    expect(week.body.data.sessions).toEqual([
      expect.objectContaining({
        date: monday(1),
        class_name: 'Jumping Ana',
        attendance: 'absent',
      }),
    ]);

    const attended = await app.request('GET', portal(rider.student.id, '/attendance'), {
      token: parent,
    });
    expect(attended.body.data.stats).toEqual({
      total: 2,
      present: 1,
      late: 0,
      absent: 1,
      excused: 0,
      attendance_rate: 50,
    });
    expect(attended.body.data.records[0]).toEqual({
      date: monday(1),
      class_name: 'Jumping Ana',
      status: 'absent',
      performance_rating: null,
    });

    const paid = await app.request('GET', portal(rider.student.id, '/payments'), { token: parent });
    expect(
      paid.body.data.map((x: { description: string; status: string; amount: number }) => [
        x.description,
        x.status,
        x.amount,
      ]),
    ).toEqual([
      ['Helmet', 'overdue', 45],
      ['Saddle', 'paid', 15.5],
    ]);
    const overdue = await app.request(
      'GET',
      `${portal(rider.student.id, '/payments')}?status=overdue`,
      { token: parent },
    );
    expect(overdue.body.data.map((x: { description: string }) => x.description)).toEqual([
      'Helmet',
    ]);

    const certs = await app.request('GET', portal(rider.student.id, '/certificates'), {
      token: parent,
    });
    expect(certs.body.data).toEqual([
      {
        id: issued.body.data.id,
        code: issued.body.data.code,
        title: 'Pony rider',
        kind: 'course',
        issued_on: daysAgo(0),
        valid_until: null,
        status: 'valid',
        verify_url: `https://riding.example/verify/${issued.body.data.code}`,
      },
    ]);
    const results = await app.request('GET', portal(rider.student.id, '/competitions'), {
      token: parent,
    });
    expect(results.body.data).toEqual([
      expect.objectContaining({
        competition: expect.objectContaining({ name: 'Spring Cup' }),
        category: 'juniors',
        result: { ribbon: 'red', position: 2 },
      }),
    ]);
    for (const rest of ['/progress', '/timeline', '/badges'])
      expect(
        (await app.request('GET', portal(rider.student.id, rest), { token: parent })).status,
      ).toBe(200);
  });

  it('never shows staff notes, document numbers, instructors’ contacts or other students', async () => {
    const { school, rider, parent, owner } = await followed();
    await app.db
      .update(instructors)
      .set({ email: 'coach-secret@school.test', phone: '+34 699 999 999' })
      .where(eq(instructors.schoolId, school));
    const classmate = await p.rider(school, { firstName: 'Zelda', lastName: 'Classmate' });
    await app.db.insert(attendance).values({
      schoolId: school,
      scheduleId: rider.schedule.id,
      enrollmentId: rider.enrollment.id,
      studentId: rider.student.id,
      date: daysAgo(7),
      status: 'present',
      notes: 'ATTENDANCE-NOTE-1',
    });
    const badge = await app.request('POST', `/api/schools/${school}/badges`, {
      token: owner,
      body: { name: 'Brave' },
    });
    await app.request('POST', `/api/schools/${school}/students/${rider.student.id}/badges`, {
      token: owner,
      body: { badge_id: badge.body.data.id, notes: 'AWARD-NOTE-1' },
    });
    const cert = await app.request('POST', `/api/schools/${school}/certificates`, {
      token: owner,
      body: { student_id: rider.student.id, title: 'Course', kind: 'course' },
    });
    await app.request('POST', `/api/schools/${school}/certificates/${cert.body.data.id}/revoke`, {
      token: owner,
      body: { reason: 'REVOKE-REASON-1' },
    });
    await app.db
      .update(certificates)
      .set({ description: 'shown on paper only' })
      .where(eq(certificates.id, cert.body.data.id));
    const secrets = [
      'STAFF-NOTE-1',
      'DOC-SECRET-1',
      'ATTENDANCE-NOTE-1',
      'AWARD-NOTE-1',
      'REVOKE-REASON-1',
      'coach-secret',
      '699 999',
      'Zelda',
      classmate.student.id,
      'owner@a.test',
    ];
    const answers = [
      await app.request('GET', '/api/portal/students', { token: parent }),
      ...(await Promise.all(
        READS.map((rest) => app.request('GET', portal(rider.student.id, rest), { token: parent })),
      )),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      for (const secret of secrets) expect(answer.text).not.toContain(secret);
    }
  });

  it('answers 404 to users without an active link: strangers, revoked, left; 401 without a token', async () => {
    const { school, rider, parent, manager, link } = await followed();
    const stranger = await app.tokenFor('someone@else.test');
    await app.request('GET', '/api/portal/students', { token: parent });
    for (const rest of READS) {
      expect((await app.request('GET', portal(rider.student.id, rest))).status).toBe(401);
      expect(
        (await app.request('GET', portal(rider.student.id, rest), { token: stranger })).status,
      ).toBe(404);
    }
    expect((await app.request('GET', portal('not-a-uuid'), { token: parent })).status).toBe(404);
    // Another user cannot end the parent's link; the parent can.
    expect(
      (await app.request('DELETE', `/api/portal/links/${link.id}`, { token: stranger })).status,
    ).toBe(404);
    const left = await app.request('DELETE', `/api/portal/links/${link.id}`, { token: parent });
    expect(left.body).toEqual({ message: 'You no longer follow this rider.' });
    expect((await app.request('GET', portal(rider.student.id), { token: parent })).status).toBe(
      404,
    );

    // Invited again and revoked by staff: 404 again.
    const again = await app.request('POST', access(school, rider.student.id), {
      token: manager,
      body: { email: 'parent@family.test', relationship: 'guardian' },
    });
    expect((await app.request('GET', portal(rider.student.id), { token: parent })).status).toBe(
      200,
    );
    await app.request('DELETE', `${access(school, rider.student.id)}/${again.body.data.id}`, {
      token: manager,
    });
    for (const rest of READS)
      expect(
        (await app.request('GET', portal(rider.student.id, rest), { token: parent })).status,
      ).toBe(404);
  });
});

describe('the demo data', () => {
  it('lets Lucía García’s family read her records in the portal', async () => {
    expect(await seedDemo(app.db, { timezone: 'Europe/Madrid' })).toBe(true);
    const family = await app.tokenFor(DEMO_FAMILY_EMAIL);
    const riders = await app.request('GET', '/api/portal/students', { token: family });
    expect(riders.body.data).toEqual([
      expect.objectContaining({
        first_name: 'Lucía',
        last_name: 'García',
        relationship: 'guardian',
        current_level: expect.objectContaining({ name: 'Bronze' }),
      }),
    ]);
    const id = riders.body.data[0].student_id;
    const detail = await app.request('GET', portal(id), { token: family });
    expect(detail.body.data.next_sessions.length).toBeGreaterThan(0);
    const certificates = await app.request('GET', portal(id, '/certificates'), { token: family });
    expect(certificates.body.data).toEqual([
      expect.objectContaining({ title: 'Bronze rider', status: 'valid' }),
    ]);
  });
});
