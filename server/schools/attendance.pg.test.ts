import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendance, schedules } from '@/db/schema';
import { useTestApp, type TestResponse } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { schoolFixtures } from '../test/school-fixtures';
import { todayIn } from '../kernel/fields/calendar';

const app = useTestApp();
const f = schoolFixtures(() => app.db);
const STATUSES = ['present', 'absent', 'late', 'excused'] as const;

/** A school with a class of six on today's weekday, and its owner signed in. */
async function setup(owner = 'owner@a.test') {
  const schoolId = await app.createSchool({ members: { [owner]: 'owner' } });
  const token = await app.tokenFor(owner);
  expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);
  const date = todayIn('UTC');
  const instructor = await f.instructor(schoolId);
  const klass = await f.class(schoolId, { maxStudents: 10 });
  const schedule = await f.schedule(schoolId, {
    classId: klass.id,
    instructorId: instructor.id,
    dayOfWeek: new Date(`${date}T00:00:00Z`).getUTCDay(),
    maxStudents: 10,
  });
  const enrollmentIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const student = await f.student(schoolId, { firstName: `S${i}` });
    const enrollment = await f.enrollment(schoolId, {
      studentId: student.id,
      classId: klass.id,
      scheduleId: schedule.id,
      startDate: '2026-01-01',
    });
    enrollmentIds.push(enrollment.id);
  }
  return {
    schoolId,
    token,
    date,
    schedule,
    enrollmentIds,
    url: `/api/schools/${schoolId}/attendance`,
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Submission `i`: a different part of the class each time, every record marked with `i`. */
function submission(s: Setup, i: number) {
  const part = s.enrollmentIds.filter((_, j) => (i + j) % 3 !== 0);
  return part.map((enrollment_id, j) => ({
    enrollment_id,
    status: STATUSES[(i + j) % 4]!,
    notes: `submission ${i}`,
  }));
}

/** What is stored is exactly one submission, whole: its enrollments, statuses and notes. */
async function expectOneWholeSubmission(s: Setup, results: TestResponse[]) {
  for (const res of results) expect(res.status, res.text).toBe(200);
  const stored = await app.db
    .select({
      enrollmentId: attendance.enrollmentId,
      status: attendance.status,
      notes: attendance.notes,
    })
    .from(attendance)
    .where(and(eq(attendance.scheduleId, s.schedule.id), eq(attendance.date, s.date)));
  const notes = new Set(stored.map((row) => row.notes));
  expect(notes.size, JSON.stringify(stored)).toBe(1);
  const winner = Number([...notes][0]!.replace('submission ', ''));
  const expected = submission(s, winner).map((item) => ({
    enrollmentId: item.enrollment_id,
    status: item.status,
    notes: item.notes,
  }));
  const byEnrollment = (a: { enrollmentId: string }, b: { enrollmentId: string }) =>
    a.enrollmentId.localeCompare(b.enrollmentId);
  expect(stored.sort(byEnrollment)).toEqual(expected.sort(byEnrollment));
}

describe('concurrent attendance submissions (PostgreSQL)', () => {
  it('leaves exactly one whole submission when 10 re-submissions of a class and date are let go at once', async () => {
    const s = await setup();
    expect(
      (
        await app.request('POST', s.url, {
          token: s.token,
          body: { schedule_id: s.schedule.id, date: s.date, attendance: submission(s, 99) },
        })
      ).status,
    ).toBe(200);

    // The test holds the schedule's row lock until all ten wait for it.
    const results = await startWhileLocked(
      app.db,
      (tx) =>
        tx
          .select({ id: schedules.id })
          .from(schedules)
          .where(eq(schedules.id, s.schedule.id))
          .for('update'),
      () =>
        Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            app.request('POST', s.url, {
              token: s.token,
              body: { schedule_id: s.schedule.id, date: s.date, attendance: submission(s, i) },
            }),
          ),
        ),
      { waiting: 10 },
    );

    await expectOneWholeSubmission(s, results);
  });

  it('leaves exactly one whole submission when first submissions simply run at once, in several rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await setup(`owner-${round}@a.test`);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          app.request('POST', s.url, {
            token: s.token,
            body: { schedule_id: s.schedule.id, date: s.date, attendance: submission(s, i) },
          }),
        ),
      );
      await expectOneWholeSubmission(s, results);
    }
  });
});
