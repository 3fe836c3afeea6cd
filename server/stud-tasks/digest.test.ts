import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studSettings, studTasks } from '@/db/schema';
import { notifications } from '@/db/schema/notifications';
import { runDueJobs } from '../kernel/jobs';
import { registry } from '../modules';
import { useTestApp } from '../test/harness';
import { digestText, taskDigestJob } from './digest';
import { userIdOf } from './task-fixtures';

const app = useTestApp();

const at = (iso: string) => new Date(iso);
const run = (iso: string) => taskDigestJob.run(app.db, at(iso), app.config);

async function notices() {
  const rows = await app.db
    .select({
      userId: notifications.userId,
      organizationId: notifications.organizationId,
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    })
    .from(notifications);
  return rows.sort((a, b) => `${a.userId}${a.body}`.localeCompare(`${b.userId}${b.body}`));
}

const digestOn = async (stud: string) =>
  (await app.db.select().from(studSettings).where(eq(studSettings.studId, stud)))[0]
    ?.taskDigestOn ?? null;

/** A stud in `timezone` with an owner and a staff member, both signed in once. */
async function stud(name: string, timezone: string, domain: string) {
  const id = await app.createSchool({
    type: 'stud',
    name,
    timezone,
    members: { [`owner@${domain}`]: 'owner', [`staff@${domain}`]: 'staff' },
  });
  const owner = await userIdOf(app, `owner@${domain}`);
  const staff = await userIdOf(app, `staff@${domain}`);
  const task = (values: Partial<typeof studTasks.$inferInsert>) =>
    app.db.insert(studTasks).values({ studId: id, title: 'Task', ...values });
  return { id, owner, staff, task };
}

describe('the morning digest of due tasks (stud.task_due)', () => {
  it('words the counts', () => {
    expect(digestText(2, 1)).toBe('2 tasks due today, 1 overdue.');
    expect(digestText(1, 0)).toBe('1 task due today.');
    expect(digestText(0, 3)).toBe('3 tasks overdue.');
    expect(digestText(0, 1)).toBe('1 task overdue.');
  });

  it('tells each assignee once at 07:00 local, again the next morning, never twice a day', async () => {
    const hill = await stud('Hill Stud', 'UTC', 'hill.test');
    // 2 March 2026: one due today and two overdue for the owner, one due today for staff.
    await hill.task({ dueOn: '2026-03-02', assignedTo: hill.owner });
    await hill.task({ dueOn: '2026-03-01', assignedTo: hill.owner });
    await hill.task({ dueOn: '2026-02-10', assignedTo: hill.owner, priority: 'high' });
    await hill.task({ dueOn: '2026-03-02', assignedTo: hill.staff });
    // Not counted: later, undated, unassigned, done and cancelled tasks.
    await hill.task({ dueOn: '2026-03-03', assignedTo: hill.staff });
    await hill.task({ assignedTo: hill.staff });
    await hill.task({ dueOn: '2026-03-02' });
    await hill.task({
      dueOn: '2026-03-02',
      assignedTo: hill.staff,
      status: 'done',
      completedAt: new Date(),
    });
    await hill.task({ dueOn: '2026-03-01', assignedTo: hill.staff, status: 'cancelled' });

    expect(await run('2026-03-02T06:30:00Z')).toBe(0);
    expect(await notices()).toEqual([]);
    expect(await digestOn(hill.id)).toBeNull();

    expect(await run('2026-03-02T07:00:00Z')).toBe(2);
    const link = `/studs/${hill.id}/tasks`;
    const title = 'Tasks due at Hill Stud';
    const first = [
      { userId: hill.owner, body: '1 task due today, 2 overdue.' },
      { userId: hill.staff, body: '1 task due today.' },
    ].map((n) => ({ ...n, organizationId: hill.id, type: 'stud.task_due', title, link }));
    expect(await notices()).toEqual(
      first.sort((a, b) => `${a.userId}${a.body}`.localeCompare(`${b.userId}${b.body}`)),
    );
    expect(await digestOn(hill.id)).toBe('2026-03-02');

    // Later the same day: nothing more, even with a new task due.
    await hill.task({ dueOn: '2026-03-02', assignedTo: hill.staff });
    expect(await run('2026-03-02T09:00:00Z')).toBe(0);
    expect(await run('2026-03-02T23:59:00Z')).toBe(0);
    expect(await notices()).toHaveLength(2);

    // The next morning: before 07:00 nothing, then each assignee again.
    expect(await run('2026-03-03T06:59:00Z')).toBe(0);
    expect(await run('2026-03-03T07:30:00Z')).toBe(2);
    expect((await notices()).map((n) => [n.userId, n.body]).sort()).toEqual(
      [
        [hill.owner, '1 task due today, 2 overdue.'],
        [hill.staff, '1 task due today.'],
        [hill.owner, '3 tasks overdue.'],
        [hill.staff, '1 task due today, 2 overdue.'],
      ].sort(),
    );
    expect(await digestOn(hill.id)).toBe('2026-03-03');
  });

  it('runs for a stud in another time zone at its own morning, and marks studs with nothing due', async () => {
    const hill = await stud('Hill Stud', 'UTC', 'hill.test');
    const ranch = await stud('Ranch', 'America/New_York', 'ranch.test');
    const quiet = await stud('Quiet Stud', 'Europe/Madrid', 'quiet.test');
    await hill.task({ dueOn: '2026-03-02', assignedTo: hill.staff });
    await ranch.task({ dueOn: '2026-03-02', assignedTo: ranch.staff });
    // Already the 3rd in New York's eyes only after 05:00 UTC; due today there at 12:00 UTC.
    await ranch.task({ dueOn: '2026-03-01', assignedTo: ranch.owner });

    // 07:10 UTC: 08:10 in Madrid, 02:10 in New York (UTC-5 before 8 March).
    expect(await run('2026-03-02T07:10:00Z')).toBe(1);
    expect((await notices()).map((n) => n.userId)).toEqual([hill.staff]);
    expect(await digestOn(hill.id)).toBe('2026-03-02');
    expect(await digestOn(quiet.id)).toBe('2026-03-02');
    expect(await digestOn(ranch.id)).toBeNull();

    // 11:59 UTC is 06:59 in New York; 12:00 is 07:00.
    expect(await run('2026-03-02T11:59:00Z')).toBe(0);
    expect(await run('2026-03-02T12:00:00Z')).toBe(2);
    const ranchNotices = (await notices()).filter((n) => n.organizationId === ranch.id);
    expect(ranchNotices.map((n) => [n.userId, n.body]).sort()).toEqual(
      [
        [ranch.owner, '1 task overdue.'],
        [ranch.staff, '1 task due today.'],
      ].sort(),
    );
    expect(await digestOn(ranch.id)).toBe('2026-03-02');
    // Just past midnight UTC it is still the 2nd in New York: nothing new anywhere.
    expect(await run('2026-03-03T00:30:00Z')).toBe(0);
    expect(await notices()).toHaveLength(3);
  });

  it('keeps a stud’s settings when marking them, and skips suspended studs', async () => {
    const hill = await stud('Hill Stud', 'UTC', 'hill.test');
    await app.db
      .insert(studSettings)
      .values({ studId: hill.id, gestationDays: 335, defaultAssigneeId: hill.staff });
    await hill.task({ dueOn: '2026-03-02', assignedTo: hill.staff });
    const closed = await stud('Closed Stud', 'UTC', 'closed.test');
    await app.request('PUT', `/api/admin/organizations/${closed.id}`, {
      token: await app.tokenFor('admin@platform.test'),
      body: { status: 'suspended' },
    });
    await closed.task({ dueOn: '2026-03-02', assignedTo: closed.staff });
    expect(await run('2026-03-02T08:00:00Z')).toBe(1);
    const [settings] = await app.db
      .select()
      .from(studSettings)
      .where(eq(studSettings.studId, hill.id));
    expect(settings).toMatchObject({
      gestationDays: 335,
      defaultAssigneeId: hill.staff,
      taskDigestOn: '2026-03-02',
    });
    expect(await digestOn(closed.id)).toBeNull();
    expect((await notices()).map((n) => n.userId)).toEqual([hill.staff]);
  });

  it('is a registered timed job, run by the scheduler once per hour', async () => {
    expect(registry.jobs.find((job) => job.name === 'stud.task-digest')).toBe(taskDigestJob);
    expect(taskDigestJob.everySeconds).toBe(3600);
    const hill = await stud('Hill Stud', 'UTC', 'hill.test');
    await hill.task({ dueOn: '2026-03-02', assignedTo: hill.owner });
    expect(
      await runDueJobs(app.db, [taskDigestJob], at('2026-03-02T07:05:00Z'), app.config),
    ).toEqual(['stud.task-digest']);
    expect(
      await runDueJobs(app.db, [taskDigestJob], at('2026-03-02T07:30:00Z'), app.config),
    ).toEqual([]);
    expect(await notices()).toHaveLength(1);
  });
});
