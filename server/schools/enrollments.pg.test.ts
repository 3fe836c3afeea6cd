import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { enrollments, horses, schedules } from '@/db/schema';
import { useTestApp, type TestResponse } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

/**
 * Runs `requests` while the test holds the row lock of `table`'s row `id`, and lets them go
 * only once `waiting` of them are queued on a lock: they have all passed the guards and read
 * their references, so they truly race for the rule the lock protects.
 */
async function raceOnRowLock(
  table: typeof schedules | typeof horses,
  id: string,
  waiting: number,
  requests: () => Promise<TestResponse>[],
): Promise<TestResponse[]> {
  let pending: Promise<TestResponse[]> | undefined;
  await app.db.transaction(async (tx) => {
    await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    pending = Promise.all(requests());
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await queryRows<{ waiting: number }>(
        app.db,
        sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (row!.waiting >= waiting) break;
      if (Date.now() > deadline)
        throw new Error(`only ${row!.waiting} request(s) reached the lock`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return pending!;
}

async function setup(owner = 'owner@a.test') {
  const schoolId = await app.createSchool({ members: { [owner]: 'owner' } });
  const token = await app.tokenFor(owner);
  // Signs the owner in before the race, so that only the enrollments compete.
  expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);
  const instructor = await f.instructor(schoolId);
  const klass = await f.class(schoolId);
  return { schoolId, token, instructor, klass, url: `/api/schools/${schoolId}/enrollments` };
}

describe('concurrent enrollments (PostgreSQL)', () => {
  it('fills a schedule with 3 places from 10 simultaneous requests: 3 created, 7 refused on schedule_id', async () => {
    const s = await setup();
    const schedule = await f.schedule(s.schoolId, {
      classId: s.klass.id,
      instructorId: s.instructor.id,
      maxStudents: 3,
    });
    const students = await Promise.all(
      Array.from({ length: 10 }, (_, i) => f.student(s.schoolId, { firstName: `S${i}` })),
    );

    const results = await raceOnRowLock(schedules, schedule.id, 10, () =>
      students.map((student) =>
        app.request('POST', s.url, {
          token: s.token,
          body: { student_id: student.id, class_id: s.klass.id, schedule_id: schedule.id },
        }),
      ),
    );

    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(7);
    for (const res of refused) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: 'The schedule is full (3 places).',
        errors: { schedule_id: ['The schedule is full (3 places).'] },
      });
    }
    expect(
      await app.db.select().from(enrollments).where(eq(enrollments.scheduleId, schedule.id)),
    ).toHaveLength(3);
  });

  it('never overfills when the requests simply run at once', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await setup(`owner-${round}@a.test`);
      const schedule = await f.schedule(s.schoolId, {
        classId: s.klass.id,
        instructorId: s.instructor.id,
        maxStudents: 3,
      });
      const students = await Promise.all(
        Array.from({ length: 10 }, (_, i) => f.student(s.schoolId, { firstName: `S${i}` })),
      );

      const results = await Promise.all(
        students.map((student) =>
          app.request('POST', s.url, {
            token: s.token,
            body: { student_id: student.id, class_id: s.klass.id, schedule_id: schedule.id },
          }),
        ),
      );

      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual([
        201, 201, 201, 422, 422, 422, 422, 422, 422, 422,
      ]);
      expect(
        await app.db.select().from(enrollments).where(eq(enrollments.scheduleId, schedule.id)),
      ).toHaveLength(3);
    }
  });

  it('assigns a horse to only one of two overlapping schedules requested at the same moment', async () => {
    const s = await setup();
    const horse = await f.horse(s.schoolId);
    const early = await f.schedule(s.schoolId, {
      classId: s.klass.id,
      instructorId: s.instructor.id,
      dayOfWeek: 2,
      startTime: '10:00',
      endTime: '11:00',
    });
    const late = await f.schedule(s.schoolId, {
      classId: s.klass.id,
      instructorId: s.instructor.id,
      dayOfWeek: 2,
      startTime: '10:30',
      endTime: '11:30',
    });
    const ana = await f.student(s.schoolId, { firstName: 'Ana' });
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });

    const results = await raceOnRowLock(horses, horse.id, 2, () => [
      app.request('POST', s.url, {
        token: s.token,
        body: {
          student_id: ana.id,
          class_id: s.klass.id,
          schedule_id: early.id,
          horse_id: horse.id,
        },
      }),
      app.request('POST', s.url, {
        token: s.token,
        body: {
          student_id: bruno.id,
          class_id: s.klass.id,
          schedule_id: late.id,
          horse_id: horse.id,
        },
      }),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.errors).toEqual({
      horse_id: ['The horse is already assigned to an overlapping schedule that day.'],
    });
    const assigned = await app.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.schoolId, s.schoolId), eq(enrollments.horseId, horse.id)));
    expect(assigned).toHaveLength(1);
  });

  it('lets only one of two simultaneous requests enroll the same student in a schedule', async () => {
    const s = await setup();
    const schedule = await f.schedule(s.schoolId, {
      classId: s.klass.id,
      instructorId: s.instructor.id,
    });
    const student = await f.student(s.schoolId);
    const body = { student_id: student.id, class_id: s.klass.id, schedule_id: schedule.id };

    const results = await raceOnRowLock(schedules, schedule.id, 2, () => [
      app.request('POST', s.url, { token: s.token, body }),
      app.request('POST', s.url, { token: s.token, body }),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.errors).toEqual({
      student_id: ['The student already has an open enrollment in this schedule.'],
    });
  });
});
