import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, students, waitlistEntries } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { schoolWithRoles } from '../test/progression-fixtures';
import { schoolFixtures } from '../test/school-fixtures';
import { purgeSettledEntries } from './purge';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

/** A waiting entry inserted as the public registration writes it. */
async function waiting(schoolId: string, over: Partial<typeof waitlistEntries.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(waitlistEntries)
    .values({
      schoolId,
      reference: `WL-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      registrantName: 'Emma Dubois',
      registrantEmail: 'emma@family.test',
      registrantPhone: '+33 6 12 34 56 78',
      relationship: 'parent',
      riderFirstName: 'Léa',
      riderLastName: 'Dubois',
      riderBirthDate: '2016-04-02',
      consentAt: new Date(),
      withdrawTokenHash: Math.random().toString(36),
      ...over,
    })
    .returning();
  return row!;
}

async function lesson(schoolId: string, maxStudents = 4) {
  const klass = await f.class(schoolId, { name: 'Ponies', level: 'beginner', maxStudents });
  const instructor = await f.instructor(schoolId);
  const schedule = await f.schedule(schoolId, {
    classId: klass.id,
    instructorId: instructor.id,
    dayOfWeek: 1,
    maxStudents,
  });
  return { klass, schedule };
}

describe('POST /waitlist/{id}/convert', () => {
  it('makes the rider a student with the registrant as emergency contact, and the entry enrolled', async () => {
    const { school, manager } = await schoolWithRoles(app);
    const entry = await waiting(school);
    const res = await app.request('POST', `/api/schools/${school}/waitlist/${entry.id}/convert`, {
      token: manager,
      body: { student: { email: 'lea@family.test' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.enrollment).toBeNull();
    expect(res.body.data.student).toMatchObject({
      first_name: 'Léa',
      last_name: 'Dubois',
      birth_date: '2016-04-02',
      email: 'lea@family.test',
      emergency_contact: {
        name: 'Emma Dubois',
        relationship: 'parent',
        phone: '+33 6 12 34 56 78',
      },
      status: 'active',
    });
    const [after] = await app.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, entry.id));
    expect(after).toMatchObject({ status: 'enrolled', studentId: res.body.data.student.id });
    const again = await app.request('POST', `/api/schools/${school}/waitlist/${entry.id}/convert`, {
      token: manager,
      body: {},
    });
    expect(again.status).toBe(409);
  });

  it('enrolls into a schedule under the enrollment rules; a full one is a 422 and writes nothing', async () => {
    const { school, owner } = await schoolWithRoles(app);
    const { klass, schedule } = await lesson(school, 1);
    const first = await waiting(school);
    const ok = await app.request('POST', `/api/schools/${school}/waitlist/${first.id}/convert`, {
      token: owner,
      body: { schedule_id: schedule.id, start_date: '2026-12-07' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.enrollment).toMatchObject({
      schedule_id: schedule.id,
      class_id: klass.id,
      start_date: '2026-12-07',
    });

    const second = await waiting(school, {
      riderFirstName: 'Tom',
      registrantEmail: 'tom@family.test',
    });
    const before = await app.db.$count(students);
    const full = await app.request('POST', `/api/schools/${school}/waitlist/${second.id}/convert`, {
      token: owner,
      body: { schedule_id: schedule.id, start_date: '2026-12-07' },
    });
    expect(full.status).toBe(422);
    expect(full.body.errors).toHaveProperty('schedule_id');
    expect(await app.db.$count(students)).toBe(before);
    const [still] = await app.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, second.id));
    expect(still!.status).toBe('waiting');
  });

  it('is refused to viewers and instructors; another school’s entry or schedule is a 404 or 422', async () => {
    const { school, other, owner, viewer, instructor, stranger } = await schoolWithRoles(app);
    const entry = await waiting(school);
    const foreign = await lesson(other);
    for (const token of [viewer, instructor, stranger])
      expect(
        (
          await app.request('POST', `/api/schools/${school}/waitlist/${entry.id}/convert`, {
            token,
            body: {},
          })
        ).status,
      ).toBe(403);
    const bad = await app.request('POST', `/api/schools/${school}/waitlist/${entry.id}/convert`, {
      token: owner,
      body: { schedule_id: foreign.schedule.id },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('schedule_id');
    const foreignEntry = await waiting(other);
    expect(
      (
        await app.request('POST', `/api/schools/${school}/waitlist/${foreignEntry.id}/convert`, {
          token: owner,
          body: {},
        })
      ).status,
    ).toBe(404);
  });
});

describe('GET /schedules/{id}/waitlist-matches', () => {
  it('lists waiting entries for its class, or for its level or any, on its weekday or any day', async () => {
    const { school, owner } = await schoolWithRoles(app);
    const { klass, schedule } = await lesson(school);
    const otherClass = await f.class(school, { name: 'Dressage', level: 'advanced' });
    const byClass = await waiting(school, {
      riderFirstName: 'A',
      classId: klass.id,
      createdAt: new Date('2026-01-01'),
    });
    const byLevel = await waiting(school, {
      riderFirstName: 'B',
      level: 'beginner',
      daysOfWeek: [1, 3],
      createdAt: new Date('2026-01-02'),
    });
    await waiting(school, { riderFirstName: 'C', classId: otherClass.id });
    await waiting(school, { riderFirstName: 'D', daysOfWeek: [3] });
    await waiting(school, { riderFirstName: 'E', level: 'advanced' });
    await waiting(school, { riderFirstName: 'F', classId: klass.id, status: 'contacted' });
    const res = await app.request(
      'GET',
      `/api/schools/${school}/schedules/${schedule.id}/waitlist-matches`,
      { token: owner },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual([byClass.id, byLevel.id]);
  });
});

describe('the purge (A.4 rule 6)', () => {
  it('deletes withdrawn and declined entries 12 months after their last change, nothing else', async () => {
    const { school } = await schoolWithRoles(app);
    const now = new Date('2027-06-15T03:00:00Z');
    const old = await waiting(school, {
      riderFirstName: 'Old',
      status: 'withdrawn',
      statusChangedAt: new Date('2026-06-01T00:00:00Z'),
    });
    const declined = await waiting(school, {
      riderFirstName: 'Dec',
      status: 'declined',
      statusChangedAt: new Date('2026-05-01T00:00:00Z'),
    });
    const recent = await waiting(school, {
      riderFirstName: 'Recent',
      status: 'withdrawn',
      statusChangedAt: new Date('2026-07-01T00:00:00Z'),
    });
    const stillWaiting = await waiting(school, {
      riderFirstName: 'Wait',
      statusChangedAt: new Date('2025-01-01T00:00:00Z'),
    });
    expect(await purgeSettledEntries(app.db, now)).toBe(2);
    const left = (await app.db.select({ id: waitlistEntries.id }).from(waitlistEntries))
      .map((r) => r.id)
      .sort();
    expect(left).toEqual([recent.id, stillWaiting.id].sort());
    expect(left).not.toContain(old.id);
    expect(left).not.toContain(declined.id);
  });
});

describe('a place freed in a schedule with matches (A.4 rule 5)', () => {
  it('tells owners and managers in-app, by no e-mail; a schedule nobody waits for tells nobody', async () => {
    const { school, owner, manager, instructor } = await schoolWithRoles(app);
    for (const token of [owner, manager, instructor])
      await app.request('GET', '/api/notifications', { token });
    const { klass, schedule } = await lesson(school);
    const other = await lesson(school);
    const rider = await f.student(school);
    const seat = await f.enrollment(school, {
      studentId: rider.id,
      classId: klass.id,
      scheduleId: schedule.id,
    });
    const elsewhere = await f.enrollment(school, {
      studentId: rider.id,
      classId: other.klass.id,
      scheduleId: other.schedule.id,
    });
    await waiting(school, { classId: klass.id });
    await waiting(school, { riderFirstName: 'Tom', level: 'beginner', daysOfWeek: [1] });
    await app.db
      .update(waitlistEntries)
      .set({ classId: other.klass.id })
      .where(eq(waitlistEntries.riderFirstName, 'Tom'));
    await waiting(school, { riderFirstName: 'Ann', daysOfWeek: [1] });

    const mails = await app.db.$count(emailOutbox);
    expect(
      (
        await app.request('DELETE', `/api/schools/${school}/enrollments/${seat.id}`, {
          token: owner,
        })
      ).status,
    ).toBe(200);
    for (const token of [owner, manager]) {
      const [notice] = (await app.request('GET', '/api/notifications', { token })).body.data;
      expect(notice).toMatchObject({
        type: 'school.waitlist_new',
        title: 'A place is free in Ponies (Monday 10:00)',
        body: '2 waiting for it on the waiting list.',
      });
    }
    expect(
      (await app.request('GET', '/api/notifications', { token: instructor })).body.data,
    ).toEqual([]);
    expect(await app.db.$count(emailOutbox)).toBe(mails);

    await app.db.delete(waitlistEntries).where(eq(waitlistEntries.schoolId, school));
    await app.request('DELETE', `/api/schools/${school}/enrollments/${elsewhere.id}`, {
      token: owner,
    });
    expect(
      (await app.request('GET', '/api/notifications', { token: owner })).body.data,
    ).toHaveLength(1);
  });
});
