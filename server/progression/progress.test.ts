import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import {
  badges,
  certificates,
  competitionEntries,
  competitionResults,
  levelChanges,
  payments,
  studentBadges,
} from '@/db/schema';
import { competitionFixtures } from '../test/competition-fixtures';
import { useTestApp } from '../test/harness';
import { daysAgo, progressionFixtures, schoolWithRoles } from '../test/progression-fixtures';

const app = useTestApp();
const p = progressionFixtures(() => app.db);
const c = competitionFixtures(() => app.db);

async function setup() {
  const roles = await schoolWithRoles(app);
  const ladder = [
    await p.level(roles.school, { name: 'Pony', position: 1, baseLevel: 'beginner' }),
    await p.level(roles.school, {
      name: 'Bronze',
      position: 2,
      baseLevel: 'intermediate',
      minAttendedClasses: 3,
      requirements: ['Rising trot', 'Canter on both leads'],
    }),
    await p.level(roles.school, {
      name: 'Silver',
      position: 3,
      baseLevel: 'advanced',
      minAttendedClasses: 2,
    }),
  ];
  return { ...roles, ladder };
}

const studentPath = (school: string, student: string) =>
  `/api/schools/${school}/students/${student}`;

describe('level changes', () => {
  it('asks for the level’s classes since the last change, unless overridden with notes', async () => {
    const { school, ladder, owner, instructor } = await setup();
    const rider = await p.rider(school);
    const changes = `${studentPath(school, rider.student.id)}/level-changes`;

    // Pony asks for nothing.
    const first = await app.request('POST', changes, {
      token: instructor,
      body: { level_id: ladder[0]!.id, achieved_on: daysAgo(30) },
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      id: expect.any(String),
      student_id: rider.student.id,
      level: { id: ladder[0]!.id, name: 'Pony' },
      previous_level: null,
      achieved_on: daysAgo(30),
      assessed_by: { id: expect.any(String), name: 'instructor' },
      notes: null,
      override: false,
      created_at: expect.any(String),
    });

    // Before the change, and absences, do not count: two classes since it.
    await rider.attend([daysAgo(40), daysAgo(35)]);
    await rider.attend([daysAgo(21)], 'absent');
    await rider.attend([daysAgo(14)], 'present');
    await rider.attend([daysAgo(7)], 'late');
    const short = await app.request('POST', changes, {
      token: owner,
      body: { level_id: ladder[1]!.id },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.level_id[0]).toMatch(/attended 2 classes.*Bronze asks for 3/);

    const noNotes = await app.request('POST', changes, {
      token: owner,
      body: { level_id: ladder[1]!.id, override: true },
    });
    expect(noNotes.status).toBe(422);
    expect(noNotes.body.errors).toHaveProperty('notes');

    const overridden = await app.request('POST', changes, {
      token: owner,
      body: { level_id: ladder[1]!.id, override: true, notes: 'Rode daily at summer camp' },
    });
    expect(overridden.status).toBe(201);
    expect(overridden.body.data).toMatchObject({
      level: { name: 'Bronze' },
      previous_level: { name: 'Pony' },
      override: true,
      notes: 'Rode daily at summer camp',
    });

    // The student follows: current_level_id and the spec's level (the base level).
    const student = await app.request('GET', studentPath(school, rider.student.id), {
      token: owner,
    });
    expect(student.body.data).toMatchObject({
      current_level_id: ladder[1]!.id,
      level: 'intermediate',
    });

    // The count starts again from today's change.
    const again = await app.request('POST', changes, {
      token: owner,
      body: { level_id: ladder[2]!.id },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.level_id[0]).toMatch(/attended 0 classes/);

    const list = await app.request('GET', changes, { token: owner });
    expect(list.body.data.map((ch: { level: { name: string } }) => ch.level.name)).toEqual([
      'Bronze',
      'Pony',
    ]);
  });

  it('moves a rider who attended enough without override; refuses an inactive, the same, a foreign level, a future or earlier date', async () => {
    const { school, other, ladder, owner } = await setup();
    const rider = await p.rider(school);
    const changes = `${studentPath(school, rider.student.id)}/level-changes`;
    await rider.attend([daysAgo(21), daysAgo(14), daysAgo(7)]);
    const foreign = await p.level(other, { name: 'Foreign', position: 1 });
    const inactive = await p.level(school, { name: 'Retired', position: 9, active: false });

    const ok = await app.request('POST', changes, {
      token: owner,
      body: { level_id: ladder[1]!.id, achieved_on: daysAgo(3) },
    });
    expect(ok.status).toBe(201);

    const cases: [Record<string, unknown>, string][] = [
      [{ level_id: ladder[1]!.id }, 'level_id'],
      [{ level_id: inactive.id }, 'level_id'],
      [{ level_id: foreign.id }, 'level_id'],
      [{ level_id: 'not-a-uuid' }, 'level_id'],
      [{}, 'level_id'],
      [{ level_id: ladder[0]!.id, achieved_on: daysAgo(-2) }, 'achieved_on'],
      [
        { level_id: ladder[0]!.id, achieved_on: daysAgo(10), override: true, notes: 'x' },
        'achieved_on',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await app.request('POST', changes, { token: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toHaveProperty(field);
    }
  });

  it('leaves current_level_id alone when the spec’s level is written by PUT', async () => {
    const { school, ladder, owner } = await setup();
    const rider = await p.rider(school);
    await app.request('POST', `${studentPath(school, rider.student.id)}/level-changes`, {
      token: owner,
      body: { level_id: ladder[0]!.id },
    });
    const res = await app.request('PUT', studentPath(school, rider.student.id), {
      token: owner,
      body: { level: 'advanced', current_level_id: ladder[2]!.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ level: 'advanced', current_level_id: ladder[0]!.id });
  });

  it('guards by role and school: instructors assess, viewers do not; another school’s student is a 404', async () => {
    const { school, other, ladder, viewer, stranger, owner } = await setup();
    const rider = await p.rider(school);
    const foreignRider = await p.rider(other, { firstName: 'Eve', lastName: 'Other' });
    const body = { level_id: ladder[0]!.id };

    expect(
      (
        await app.request('POST', `${studentPath(school, rider.student.id)}/level-changes`, {
          body,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await app.request('POST', `${studentPath(school, rider.student.id)}/level-changes`, {
          token: viewer,
          body,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await app.request('GET', `${studentPath(school, rider.student.id)}/level-changes`, {
          token: viewer,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await app.request('POST', `${studentPath(school, rider.student.id)}/level-changes`, {
          token: stranger,
          body,
        })
      ).status,
    ).toBe(403);
    for (const path of ['level-changes', 'progress', 'timeline', 'badges']) {
      expect(
        (
          await app.request('GET', `${studentPath(school, foreignRider.student.id)}/${path}`, {
            token: owner,
          })
        ).status,
      ).toBe(404);
    }
    expect(
      (
        await app.request('POST', `${studentPath(school, foreignRider.student.id)}/level-changes`, {
          token: owner,
          body,
        })
      ).status,
    ).toBe(404);
  });

  it('makes level changes history: the student cannot be deleted (409)', async () => {
    const { school, ladder, owner } = await setup();
    const student = await app.request('POST', `/api/schools/${school}/students`, {
      token: owner,
      body: { first_name: 'Lia', last_name: 'Sosa' },
    });
    await app.db.insert(levelChanges).values({
      schoolId: school,
      studentId: student.body.data.id,
      levelId: ladder[0]!.id,
      achievedOn: daysAgo(1),
    });
    expect(
      (await app.request('DELETE', studentPath(school, student.body.data.id), { token: owner }))
        .status,
    ).toBe(409);
  });
});

describe('GET /students/{id}/progress', () => {
  it('reads the current and next level, classes remaining, badges, valid certificates and the last 90 days', async () => {
    const { school, ladder, owner, viewer } = await setup();
    const rider = await p.rider(school);
    await app.request('POST', `${studentPath(school, rider.student.id)}/level-changes`, {
      token: owner,
      body: { level_id: ladder[0]!.id, achieved_on: daysAgo(60) },
    });
    await rider.attend([daysAgo(120)], 'present', 1);
    await rider.attend([daysAgo(50)], 'present', 4);
    await rider.attend([daysAgo(40)], 'late', 3);
    await rider.attend([daysAgo(30)], 'absent');
    const [badge] = await app.db
      .insert(badges)
      .values({ schoolId: school, name: 'First ride' })
      .returning();
    await app.db.insert(studentBadges).values({
      schoolId: school,
      studentId: rider.student.id,
      badgeId: badge!.id,
      awardedOn: daysAgo(5),
      source: 'manual',
    });
    const certificate = {
      schoolId: school,
      studentId: rider.student.id,
      title: 'Pony',
      kind: 'level' as const,
      issuedOn: daysAgo(20),
      holderName: 'Ana García',
    };
    await app.db.insert(certificates).values([
      { ...certificate, code: 'AAAA-AAAA-AAA1' },
      { ...certificate, code: 'AAAA-AAAA-AAA2', validUntil: daysAgo(1) },
      {
        ...certificate,
        code: 'AAAA-AAAA-AAA3',
        status: 'revoked',
        revokedAt: new Date(),
        revokeReason: 'Typo',
      },
    ]);

    const res = await app.request('GET', `${studentPath(school, rider.student.id)}/progress`, {
      token: viewer,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      current_level: { id: ladder[0]!.id, name: 'Pony', position: 1, base_level: 'beginner' },
      next_level: {
        id: ladder[1]!.id,
        name: 'Bronze',
        position: 2,
        base_level: 'intermediate',
        requirements: ['Rising trot', 'Canter on both leads'],
        min_attended_classes: 3,
      },
      attended_since_change: 2,
      classes_remaining: 1,
      badges_count: 1,
      certificates_count: 1,
      attendance_rate_90d: 66.7,
      avg_performance_90d: 3.5,
    });
  });

  it('starts a rider without a level at the first active rung, and ends the ladder with no next level', async () => {
    const { school, ladder, owner } = await setup();
    const rider = await p.rider(school);
    const progress = () =>
      app.request('GET', `${studentPath(school, rider.student.id)}/progress`, { token: owner });

    expect((await progress()).body.data).toMatchObject({
      current_level: null,
      next_level: { name: 'Pony' },
      attended_since_change: 0,
      classes_remaining: 0,
      attendance_rate_90d: null,
      avg_performance_90d: null,
    });
    await app.request('POST', `${studentPath(school, rider.student.id)}/level-changes`, {
      token: owner,
      body: { level_id: ladder[2]!.id, override: true, notes: 'Came from another school' },
    });
    expect((await progress()).body.data).toMatchObject({
      current_level: { name: 'Silver' },
      next_level: null,
      classes_remaining: null,
    });
  });
});

describe('GET /students/{id}/timeline', () => {
  async function history(school: string, owner: string, ladder: { id: string }[]) {
    const rider = await p.rider(school);
    const student = rider.student.id;
    await app.request('POST', `${studentPath(school, student)}/level-changes`, {
      token: owner,
      body: { level_id: ladder[0]!.id, achieved_on: daysAgo(20) },
    });
    const [badge] = await app.db
      .insert(badges)
      .values({ schoolId: school, name: 'Brave' })
      .returning();
    await app.db.insert(studentBadges).values({
      schoolId: school,
      studentId: student,
      badgeId: badge!.id,
      awardedOn: daysAgo(15),
      source: 'manual',
    });
    await app.db.insert(certificates).values({
      schoolId: school,
      studentId: student,
      code: `TEST-${student.slice(0, 4).toUpperCase()}-0000`,
      title: 'Pony rider',
      kind: 'level',
      issuedOn: daysAgo(14),
      holderName: 'Ana García',
    });
    const competition = await c.competition(school, {
      name: 'Spring Cup',
      date: daysAgo(10),
      categories: ['juniors'],
    });
    const entry = await c.entry(school, {
      competitionId: competition.id,
      studentId: student,
      category: 'juniors',
    });
    await app.db.insert(competitionResults).values({
      schoolId: school,
      competitionId: competition.id,
      entryId: entry.id,
      studentId: student,
      category: 'juniors',
      ribbon: 'red',
      position: 2,
    });
    await app.db.insert(payments).values({
      schoolId: school,
      studentId: student,
      concept: 'tuition',
      period: daysAgo(12).slice(0, 7),
      description: 'Tuition for the month',
      amount: '80.00',
      currency: 'EUR',
      dueDate: daysAgo(12),
      status: 'paid',
      paymentMethod: 'cash',
      paidDate: daysAgo(11),
    });
    const ended = await app.request(
      'DELETE',
      `/api/schools/${school}/enrollments/${rider.enrollment.id}`,
      {
        token: owner,
      },
    );
    expect(ended.status, ended.text).toBe(200);
    return { rider, entry };
  }

  it('lists every kind of event from the records, newest first, paginated', async () => {
    const { school, ladder, owner, viewer } = await setup();
    const { rider, entry } = await history(school, owner, ladder);
    await app.db
      .update(competitionEntries)
      .set({ createdAt: new Date(`${daysAgo(12)}T12:00:00Z`) })
      .where((await import('drizzle-orm')).eq(competitionEntries.id, entry.id));

    const res = await app.request('GET', `${studentPath(school, rider.student.id)}/timeline`, {
      token: viewer,
    });
    expect(res.status).toBe(200);
    const events = res.body.data.map((e: { type: string; at: string; title: string }) => [
      e.type,
      e.at,
      e.title,
    ]);
    expect(events).toEqual([
      ['enrollment_ended', expect.any(String), 'Left Jumping Ana'],
      ['competition_result', daysAgo(10), 'Placed 2 in Spring Cup (juniors)'],
      ['payment_paid', daysAgo(11), 'Paid Tuition for the month'],
      ['competition_entry', daysAgo(12), 'Entered Spring Cup (juniors)'],
      ['certificate_issued', daysAgo(14), 'Certificate: Pony rider'],
      ['badge_awarded', daysAgo(15), 'Earned the badge Brave'],
      ['level_changed', daysAgo(20), 'Moved to level Pony'],
      ['enrolled', '2026-01-01', 'Enrolled in Jumping Ana'],
    ]);
    expect(res.body.data[0].ref).toEqual({ kind: 'enrollment', id: rider.enrollment.id });
    expect(res.body.meta).toMatchObject({ total: 8, per_page: 50, current_page: 1 });

    const page = await app.request(
      'GET',
      `${studentPath(school, rider.student.id)}/timeline?per_page=3&page=3`,
      {
        token: viewer,
      },
    );
    expect(page.body.data.map((e: { type: string }) => e.type)).toEqual([
      'level_changed',
      'enrolled',
    ]);
    expect(page.body.meta).toMatchObject({ total: 8, last_page: 3, from: 7, to: 8 });
    const past = await app.request(
      'GET',
      `${studentPath(school, rider.student.id)}/timeline?page=9`,
      { token: viewer },
    );
    expect(past.body).toMatchObject({ data: [], meta: { total: 8 } });
  });

  it('reads progress and timeline in the same number of statements for 2 and for 200 events', async () => {
    const { school, ladder, owner } = await setup();
    const rider = await p.rider(school);
    const count = async (path: string) => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `${studentPath(school, rider.student.id)}/${path}?per_page=100`, {
          token: owner,
        }),
      );
      expect(res.status).toBe(200);
      return counter.count;
    };
    await count('timeline'); // the caller's first request also records the user
    const few = [await count('timeline'), await count('progress')];
    await rider.attend(Array.from({ length: 200 }, (_, i) => daysAgo(i + 1)));
    await app.request('POST', `${studentPath(school, rider.student.id)}/level-changes`, {
      token: owner,
      body: { level_id: ladder[0]!.id },
    });
    await app.db.insert(payments).values(
      Array.from({ length: 200 }, (_, i) => ({
        schoolId: school,
        studentId: rider.student.id,
        concept: 'other' as const,
        amount: '10.00',
        currency: 'EUR',
        dueDate: daysAgo(i + 1),
        status: 'paid' as const,
        paymentMethod: 'cash' as const,
        paidDate: daysAgo(i + 1),
      })),
    );
    expect([await count('timeline'), await count('progress')]).toEqual(few);
  });
});
