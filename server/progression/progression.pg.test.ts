import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { students } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { daysAgo, progressionFixtures, schoolWithRoles } from '../test/progression-fixtures';

const app = useTestApp();
const p = progressionFixtures(() => app.db);

describe('progression under concurrent requests (PostgreSQL)', () => {
  it('moves a rider once when two assessments race: the second counts from the first (422)', async () => {
    const { school, owner, instructor } = await schoolWithRoles(app);
    const bronze = await p.level(school, { name: 'Bronze', position: 1, minAttendedClasses: 3 });
    const silver = await p.level(school, { name: 'Silver', position: 2, minAttendedClasses: 3 });
    const rider = await p.rider(school);
    await rider.attend([daysAgo(21), daysAgo(14), daysAgo(7)]);
    const change = (token: string, levelId: string) =>
      app.request('POST', `/api/schools/${school}/students/${rider.student.id}/level-changes`, {
        token,
        body: { level_id: levelId },
      });

    // Both pass their guards while the rider's row is held, then race for it.
    const answers = await startWhileLocked(
      app.db,
      (tx) =>
        tx
          .select({ id: students.id })
          .from(students)
          .where(and(eq(students.schoolId, school), eq(students.id, rider.student.id)))
          .for('update'),
      () => Promise.all([change(owner, bronze.id), change(instructor, silver.id)]),
      { waiting: 2 },
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(refused.body.errors.level_id[0]).toMatch(/attended 0 classes/);
    const changes = await app.request(
      'GET',
      `/api/schools/${school}/students/${rider.student.id}/level-changes`,
      { token: owner },
    );
    expect(changes.body.data).toHaveLength(1);
  });

  it('awards a badge once from ten simultaneous requests: one 201, nine 422 on badge_id', async () => {
    const { school, owner } = await schoolWithRoles(app);
    const rider = await p.rider(school);
    const badge = await app.request('POST', `/api/schools/${school}/badges`, {
      token: owner,
      body: { name: 'Brave' },
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.request('POST', `/api/schools/${school}/students/${rider.student.id}/badges`, {
          token: owner,
          body: { badge_id: badge.body.data.id },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 422);
    expect(refused).toHaveLength(9);
    for (const a of refused)
      expect(a.body.errors.badge_id).toEqual(['The student already holds this badge.']);
  });
});
