import { previousMonday } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { runQueuedJobs } from '../kernel/jobs';
import { registry } from '../modules';
import { competitionFixtures } from '../test/competition-fixtures';
import { afterQueueing } from '../test/queued-jobs';
import { useTestApp } from '../test/harness';
import { storedPng } from '../test/media-fixtures';
import { daysAgo, progressionFixtures, schoolWithRoles } from '../test/progression-fixtures';

const app = useTestApp();
const p = progressionFixtures(() => app.db);
const c = competitionFixtures(() => app.db);

const setup = () => schoolWithRoles(app);

const base = (school: string) => `/api/schools/${school}/badges`;
const awards = (school: string, student: string) =>
  `/api/schools/${school}/students/${student}/badges`;
/** The background runner's pass over queued work. */
const runJobs = () => runQueuedJobs(app.db, registry.queuedJobs, afterQueueing(), app.config);

/** The n-th Monday before today, as the riders' Monday class runs. */
const monday = (n: number) => {
  let day = new Date();
  for (let i = 0; i < n; i++) day = previousMonday(day);
  return day.toISOString().slice(0, 10);
};

describe('badges', () => {
  it('creates, reads, updates and deletes a badge, with each rule shape', async () => {
    const { school, owner } = await setup();
    const level = await p.level(school, { name: 'Bronze', position: 1 });
    const rules = [
      null,
      { type: 'attendance_count', threshold: 10 },
      { type: 'competition_result', max_position: 3 },
      { type: 'level_reached', level_id: level.id },
    ];
    for (const [i, rule] of rules.entries()) {
      const res = await app.request('POST', base(school), {
        token: owner,
        body: { name: `Badge ${i}`, icon: 'star', criteria: 'As the rule says', rule },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        id: expect.any(String),
        name: `Badge ${i}`,
        description: null,
        icon: 'star',
        criteria: 'As the rule says',
        rule,
        active: true,
        holders_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
    }
    const list = await app.request('GET', base(school), { token: owner });
    expect(list.body.data).toHaveLength(4);
    const id = list.body.data[1].id;
    const updated = await app.request('PUT', `${base(school)}/${id}`, {
      token: owner,
      body: { rule: null, active: false, description: 'Retired' },
    });
    expect(updated.body.data).toMatchObject({
      rule: null,
      active: false,
      description: 'Retired',
      name: 'Badge 1',
    });
    expect((await app.request('DELETE', `${base(school)}/${id}`, { token: owner })).status).toBe(
      200,
    );
    expect((await app.request('GET', `${base(school)}/${id}`, { token: owner })).status).toBe(404);
  });

  it('refuses a bad rule, icon or name with 422 on the field', async () => {
    const { school, other, owner } = await setup();
    const foreignLevel = await p.level(other, { name: 'Foreign', position: 1 });
    const image = await storedPng(app.db, school, 'icon.png');
    const foreignImage = await storedPng(app.db, other, 'icon.png');
    await app.request('POST', base(school), { token: owner, body: { name: 'Taken' } });

    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: 'Taken' }, 'name'],
      [{ name: 'X', rule: { type: 'attendance_count', threshold: 0 } }, 'rule.threshold'],
      [{ name: 'X', rule: { type: 'competition_result', max_position: 9 } }, 'rule.max_position'],
      [{ name: 'X', rule: { type: 'level_reached', level_id: foreignLevel.id } }, 'rule.level_id'],
      [{ name: 'X', rule: { type: 'birthday' } }, 'rule.type'],
      [{ name: 'X', icon: 'unicorn' }, 'icon'],
      [{ name: 'X', icon: foreignImage.id }, 'icon'],
    ];
    for (const [body, field] of cases) {
      const res = await app.request('POST', base(school), { token: owner, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors).join(), JSON.stringify(body)).toContain(field);
    }
    const withImage = await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Photo', icon: image.id },
    });
    expect(withImage.status).toBe(201);
  });

  it('awards by hand once per student, revokes so it can be given again, and lists holders', async () => {
    const { school, owner, instructor, viewer } = await setup();
    const rider = await p.rider(school);
    const badge = await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Brave' },
    });
    const inactive = await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Old', active: false },
    });

    const award = await app.request('POST', awards(school, rider.student.id), {
      token: instructor,
      body: { badge_id: badge.body.data.id, awarded_on: daysAgo(2), notes: 'First canter' },
    });
    expect(award.status).toBe(201);
    expect(award.body.data).toEqual({
      id: expect.any(String),
      student: { id: rider.student.id, full_name: 'Ana García' },
      badge: { id: badge.body.data.id, name: 'Brave', icon: null },
      awarded_on: daysAgo(2),
      awarded_by: { id: expect.any(String), name: 'instructor' },
      source: 'manual',
      notes: 'First canter',
      created_at: expect.any(String),
    });

    const twice = await app.request('POST', awards(school, rider.student.id), {
      token: owner,
      body: { badge_id: badge.body.data.id },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.badge_id).toEqual(['The student already holds this badge.']);
    for (const body of [
      { badge_id: inactive.body.data.id },
      { badge_id: badge.body.data.id, awarded_on: daysAgo(-1) },
    ]) {
      expect(
        (await app.request('POST', awards(school, rider.student.id), { token: owner, body }))
          .status,
      ).toBe(422);
    }
    expect(
      (
        await app.request('POST', awards(school, rider.student.id), {
          token: viewer,
          body: { badge_id: badge.body.data.id },
        })
      ).status,
    ).toBe(403);

    const holders = await app.request('GET', `${base(school)}/${badge.body.data.id}/holders`, {
      token: viewer,
    });
    expect(
      holders.body.data.map((a: { student: { full_name: string } }) => a.student.full_name),
    ).toEqual(['Ana García']);
    expect(
      (await app.request('GET', `${base(school)}/${badge.body.data.id}`, { token: viewer })).body
        .data.holders_count,
    ).toBe(1);
    // A badge someone holds is kept.
    expect(
      (await app.request('DELETE', `${base(school)}/${badge.body.data.id}`, { token: owner }))
        .status,
    ).toBe(409);

    const revoked = await app.request(
      'DELETE',
      `${awards(school, rider.student.id)}/${award.body.data.id}`,
      {
        token: instructor,
      },
    );
    expect(revoked.status).toBe(200);
    expect(
      (await app.request('GET', awards(school, rider.student.id), { token: viewer })).body.data,
    ).toEqual([]);
    expect(
      (
        await app.request('DELETE', `${awards(school, rider.student.id)}/${award.body.data.id}`, {
          token: owner,
        })
      ).status,
    ).toBe(404);
    const again = await app.request('POST', awards(school, rider.student.id), {
      token: owner,
      body: { badge_id: badge.body.data.id },
    });
    expect(again.status).toBe(201);
  });

  it('awards an attendance badge once, by the job after the submission that reaches the threshold; a stricter rule revokes nothing', async () => {
    const { school, owner, instructor } = await setup();
    const rider = await p.rider(school);
    const badge = await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Two rides', rule: { type: 'attendance_count', threshold: 2 } },
    });
    await runJobs(); // the new rule's pass over the school: nobody meets it yet
    const submit = (date: string, status: string) =>
      app.request('POST', `/api/schools/${school}/attendance`, {
        token: instructor,
        body: {
          schedule_id: rider.schedule.id,
          date,
          attendance: [{ enrollment_id: rider.enrollment.id, status }],
        },
      });

    expect((await submit(monday(3), 'present')).status).toBe(200);
    expect((await submit(monday(2), 'absent')).status).toBe(200);
    await runJobs();
    expect(
      (await app.request('GET', awards(school, rider.student.id), { token: owner })).body.data,
    ).toEqual([]);

    expect((await submit(monday(1), 'late')).status).toBe(200);
    expect(await runJobs()).toBeGreaterThan(0);
    const held = await app.request('GET', awards(school, rider.student.id), { token: owner });
    expect(held.body.data).toEqual([
      expect.objectContaining({
        badge: expect.objectContaining({ name: 'Two rides' }),
        source: 'rule',
        awarded_by: null,
      }),
    ]);

    // Submitting again, and tightening the rule, leave the award as it is.
    expect((await submit(monday(1), 'present')).status).toBe(200);
    await app.request('PUT', `${base(school)}/${badge.body.data.id}`, {
      token: owner,
      body: { rule: { type: 'attendance_count', threshold: 50 } },
    });
    await runJobs();
    const after = await app.request('GET', awards(school, rider.student.id), { token: owner });
    expect(after.body.data).toHaveLength(1);
    expect(after.body.data[0].id).toBe(held.body.data[0].id);
  });

  it('awards a competition badge after a good result and a level badge after a level change', async () => {
    const { school, owner } = await setup();
    const rider = await p.rider(school);
    const bronze = await p.level(school, { name: 'Bronze', position: 1 });
    const silver = await p.level(school, { name: 'Silver', position: 2 });
    await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Podium', rule: { type: 'competition_result', max_position: 3 } },
    });
    await app.request('POST', base(school), {
      token: owner,
      body: { name: 'Bronze rider', rule: { type: 'level_reached', level_id: bronze.id } },
    });
    await runJobs();

    const competition = await c.competition(school, { date: daysAgo(3), categories: ['juniors'] });
    const entry = await c.entry(school, {
      competitionId: competition.id,
      studentId: rider.student.id,
      category: 'juniors',
    });
    const result = await app.request(
      'POST',
      `/api/schools/${school}/competitions/${competition.id}/results`,
      {
        token: owner,
        body: { entry_id: entry.id, ribbon: 'yellow' },
      },
    );
    expect(result.status).toBe(201);
    await runJobs();
    const names = async () =>
      (await app.request('GET', awards(school, rider.student.id), { token: owner })).body.data
        .map((a: { badge: { name: string } }) => a.badge.name)
        .sort();
    expect(await names()).toEqual(['Podium']);

    // Reaching a higher rung than the rule's counts as reaching it.
    await app.request('POST', `/api/schools/${school}/students/${rider.student.id}/level-changes`, {
      token: owner,
      body: { level_id: silver.id },
    });
    await runJobs();
    expect(await names()).toEqual(['Bronze rider', 'Podium']);
  });

  it('guards by role and school', async () => {
    const { school, other, owner, instructor, viewer, stranger } = await setup();
    const badge = await app.request('POST', base(other), {
      token: stranger,
      body: { name: 'Foreign' },
    });
    const rider = await p.rider(school);
    expect((await app.request('GET', base(school))).status).toBe(401);
    for (const token of [instructor, viewer]) {
      expect((await app.request('GET', base(school), { token })).status).toBe(200);
      expect((await app.request('POST', base(school), { token, body: { name: 'X' } })).status).toBe(
        403,
      );
    }
    expect((await app.request('GET', base(school), { token: stranger })).status).toBe(403);
    expect(
      (await app.request('GET', `${base(school)}/${badge.body.data.id}`, { token: owner })).status,
    ).toBe(404);
    expect(
      (await app.request('GET', `${base(school)}/${badge.body.data.id}/holders`, { token: owner }))
        .status,
    ).toBe(404);
    const foreignAward = await app.request('POST', awards(school, rider.student.id), {
      token: owner,
      body: { badge_id: badge.body.data.id },
    });
    expect(foreignAward.status).toBe(422);
    expect(foreignAward.body.errors).toHaveProperty('badge_id');
  });
});
