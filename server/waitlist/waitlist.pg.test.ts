import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrollments, schedules, students, waitlistEntries } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { schoolWithRoles } from '../test/progression-fixtures';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

describe('waitlist conversions under concurrency (PostgreSQL)', () => {
  it('converts ten entries into the last place at once: one enrollment, nine 422, no stray student', async () => {
    const { school, owner } = await schoolWithRoles(app);
    const klass = await f.class(school, { maxStudents: 2 });
    const instructor = await f.instructor(school);
    const schedule = await f.schedule(school, {
      classId: klass.id,
      instructorId: instructor.id,
      maxStudents: 2,
    });
    const seated = await f.student(school, { firstName: 'Seated' });
    await f.enrollment(school, {
      studentId: seated.id,
      classId: klass.id,
      scheduleId: schedule.id,
    });
    const entries = await app.db
      .insert(waitlistEntries)
      .values(
        Array.from({ length: 10 }, (_, n) => ({
          schoolId: school,
          reference: `WL-RACE0${n}`,
          registrantName: `Parent ${n}`,
          registrantEmail: `p${n}@family.test`,
          relationship: 'parent' as const,
          riderFirstName: `Rider${n}`,
          riderLastName: 'Race',
          consentAt: new Date(),
          withdrawTokenHash: `race-${n}`,
        })),
      )
      .returning({ id: waitlistEntries.id });
    const before = await app.db.$count(students);

    const answers = await startWhileLocked(
      app.db,
      (tx) =>
        tx
          .select({ id: schedules.id })
          .from(schedules)
          .where(and(eq(schedules.schoolId, school), eq(schedules.id, schedule.id)))
          .for('update'),
      () =>
        Promise.all(
          entries.map((e) =>
            app.request('POST', `/api/schools/${school}/waitlist/${e.id}/convert`, {
              token: owner,
              body: { schedule_id: schedule.id, start_date: '2026-01-05' },
            }),
          ),
        ),
      { waiting: 10 },
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(9);
    expect(await app.db.$count(enrollments, eq(enrollments.scheduleId, schedule.id))).toBe(2);
    expect(await app.db.$count(students)).toBe(before + 1);
    expect(await app.db.$count(waitlistEntries, eq(waitlistEntries.status, 'enrolled'))).toBe(1);
  });
});
