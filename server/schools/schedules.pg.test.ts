import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schedules } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

describe('concurrent schedule creation (PostgreSQL)', () => {
  it('creates exactly one of 10 simultaneous overlapping schedules of one instructor', async () => {
    const school = await app.createSchool({ members: { 'owner@a.test': 'owner' } });
    const token = await app.tokenFor('owner@a.test');
    // Signed in once, so the requests race on the schedule rule, not on the first sign-in.
    expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);
    const klass = await f.class(school);
    const teacher = await f.instructor(school);

    for (let round = 0; round < 3; round++) {
      const dayOfWeek = round + 1;
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          app.request('POST', `/api/schools/${school}/schedules`, {
            token,
            body: {
              class_id: klass.id,
              instructor_id: teacher.id,
              day_of_week: dayOfWeek,
              // Every pair of these slots overlaps: all contain 10:50-11:00.
              start_time: `10:${String(i * 5).padStart(2, '0')}`,
              end_time: `11:${String(i * 5).padStart(2, '0')}`,
            },
          }),
        ),
      );

      const statuses = results.map((r) => r.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, ...Array<number>(9).fill(422)]);
      for (const refused of results.filter((r) => r.status === 422)) {
        expect(Object.keys(refused.body.errors)).toEqual(['instructor_id']);
      }
      const stored = await app.db
        .select()
        .from(schedules)
        .where(eq(schedules.dayOfWeek, dayOfWeek));
      expect(stored, `round ${round}`).toHaveLength(1);
    }
  });
});
