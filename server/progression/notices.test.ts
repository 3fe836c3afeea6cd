import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { portalLinks, users } from '@/db/schema';
import { runQueuedJobs } from '../kernel/jobs';
import { registry } from '../modules';
import { afterQueueing } from '../test/queued-jobs';
import { useTestApp } from '../test/harness';
import { progressionFixtures, schoolWithRoles } from '../test/progression-fixtures';

const app = useTestApp();
const p = progressionFixtures(() => app.db);

/** A signed-in user (their first request records them) and their id. */
async function user(email: string) {
  const token = await app.tokenFor(email);
  expect((await app.request('GET', '/api/notifications', { token })).status).toBe(200);
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, id: row!.id };
}

const notices = async (token: string) =>
  (await app.request('GET', '/api/notifications', { token })).body.data.map(
    (n: { type: string; title: string }) => `${n.type}: ${n.title}`,
  );

describe('notices to the portal followers of a rider (DESIGN-MODULES A.5 rule 5)', () => {
  it('tell active links of level changes, badges by hand and by rule, and certificates; nobody else', async () => {
    const { school, owner } = await schoolWithRoles(app, 'Sunny Stables');
    const rider = await p.rider(school);
    const level = await p.level(school, { name: 'Bronze', position: 1 });
    const parent = await user('parent@family.test');
    const former = await user('former@family.test');
    await app.db.insert(portalLinks).values([
      {
        schoolId: school,
        studentId: rider.student.id,
        email: 'parent@family.test',
        relationship: 'guardian',
        status: 'active',
        userId: parent.id,
      },
      {
        schoolId: school,
        studentId: rider.student.id,
        email: 'former@family.test',
        relationship: 'guardian',
        status: 'revoked',
        userId: former.id,
      },
    ]);
    const student = `/api/schools/${school}/students/${rider.student.id}`;

    expect(
      (
        await app.request('POST', `${student}/level-changes`, {
          token: owner,
          body: { level_id: level.id },
        })
      ).status,
    ).toBe(201);
    const brave = await app.request('POST', `/api/schools/${school}/badges`, {
      token: owner,
      body: { name: 'Brave' },
    });
    await app.request('POST', `${student}/badges`, {
      token: owner,
      body: { badge_id: brave.body.data.id },
    });
    await app.request('POST', `/api/schools/${school}/badges`, {
      token: owner,
      body: { name: 'Bronze rider', rule: { type: 'level_reached', level_id: level.id } },
    });
    await runQueuedJobs(app.db, registry.queuedJobs, afterQueueing(), app.config);
    const issued = await app.request('POST', `/api/schools/${school}/certificates`, {
      token: owner,
      body: { student_id: rider.student.id, title: 'Bronze rider', kind: 'level' },
    });

    expect(await notices(parent.token)).toEqual([
      'portal.certificate_issued: Ana received a certificate',
      'portal.badge_awarded: Ana earned the badge Bronze rider',
      'portal.badge_awarded: Ana earned the badge Brave',
      'portal.level_changed: Ana reached Bronze',
    ]);
    const [certificate] = (await app.request('GET', '/api/notifications', { token: parent.token }))
      .body.data;
    expect(certificate).toMatchObject({
      body: `Sunny Stables: Bronze rider, issued on ${issued.body.data.issued_on}. Anyone can check it with the code ${issued.body.data.code}.`,
      organization_id: school,
      link: `/portal/students/${rider.student.id}`,
      data: { student_id: rider.student.id, certificate_id: issued.body.data.id },
    });
    expect(await notices(former.token)).toEqual([]);
  });

  it('revokes the links when the student is anonymized', async () => {
    const { school, owner } = await schoolWithRoles(app);
    const rider = await p.rider(school);
    const parent = await user('parent@family.test');
    await app.db.insert(portalLinks).values({
      schoolId: school,
      studentId: rider.student.id,
      email: 'parent@family.test',
      relationship: 'guardian',
      status: 'active',
      userId: parent.id,
    });
    await app.request('POST', `/api/schools/${school}/students/${rider.student.id}/anonymize`, {
      token: owner,
    });
    const [link] = await app.db.select().from(portalLinks);
    expect(link!.status).toBe('revoked');
  });
});
