import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { memberships, organizations, users } from '@/db/schema';
import { ADMIN_EMAIL, useTestApp } from '../test/harness';

const app = useTestApp();

async function memberIds(schoolId: string): Promise<Record<string, string>> {
  const res = await app.request('GET', `/api/schools/${schoolId}/members`, {
    token: await app.tokenFor(ADMIN_EMAIL),
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.data.map((m: { email: string; id: string }) => [m.email, m.id]),
  );
}

/**
 * Runs `requests` while the test holds the school's row lock, and lets them go only once all
 * of them are waiting for it: each has passed the membership guard, so they truly race for
 * the last-owner check.
 */
async function raceOnSchoolLock<T>(schoolId: string, requests: () => Promise<T>[]): Promise<T[]> {
  let pending: Promise<T[]> | undefined;
  await app.db.transaction(async (tx) => {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, schoolId))
      .for('update');
    pending = Promise.all(requests());
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await queryRows<{ waiting: number }>(
        app.db,
        sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (row!.waiting >= 2) break;
      if (Date.now() > deadline)
        throw new Error(`only ${row!.waiting} request(s) reached the lock`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return pending!;
}

async function twoOwners(name: string) {
  const a = `a-${name}@x.test`;
  const b = `b-${name}@x.test`;
  const school = await app.createSchool({ name, members: { [a]: 'owner', [b]: 'owner' } });
  const tokenA = await app.tokenFor(a);
  const tokenB = await app.tokenFor(b);
  // Both sign in first, so that both are bound owners when the race starts.
  for (const token of [tokenA, tokenB]) {
    expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);
  }
  const ids = await memberIds(school);
  return { school, tokenA, tokenB, idA: ids[a]!, idB: ids[b]! };
}

async function boundOwners(schoolId: string) {
  return app.db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, schoolId),
        eq(memberships.role, 'owner'),
        isNotNull(memberships.userId),
      ),
    );
}

describe('concurrent membership changes (PostgreSQL)', () => {
  it('lets only one of two owners removing each other at the same moment succeed', async () => {
    for (let round = 0; round < 3; round++) {
      const { school, tokenA, tokenB, idA, idB } = await twoOwners(`remove-${round}`);

      const results = await raceOnSchoolLock(school, () => [
        app.request('DELETE', `/api/schools/${school}/members/${idB}`, { token: tokenA }),
        app.request('DELETE', `/api/schools/${school}/members/${idA}`, { token: tokenB }),
      ]);

      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body).toEqual({
        error: { code: 'CONFLICT', message: expect.any(String) },
      });
      expect(await boundOwners(school), `round ${round}`).toHaveLength(1);
    }
  });

  it('lets only one of two owners demoting each other at the same moment succeed', async () => {
    const { school, tokenA, tokenB, idA, idB } = await twoOwners('demote');

    const results = await raceOnSchoolLock(school, () => [
      app.request('PUT', `/api/schools/${school}/members/${idB}`, {
        token: tokenA,
        body: { role: 'viewer' },
      }),
      app.request('PUT', `/api/schools/${school}/members/${idA}`, {
        token: tokenB,
        body: { role: 'viewer' },
      }),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await boundOwners(school)).toHaveLength(1);
  });

  it('lets only one of two owners stepping down at the same moment succeed', async () => {
    const { school, tokenA, tokenB, idA, idB } = await twoOwners('step-down');

    const results = await raceOnSchoolLock(school, () => [
      app.request('PUT', `/api/schools/${school}/members/${idA}`, {
        token: tokenA,
        body: { role: 'manager' },
      }),
      app.request('PUT', `/api/schools/${school}/members/${idB}`, {
        token: tokenB,
        body: { role: 'manager' },
      }),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await boundOwners(school)).toHaveLength(1);
  });

  it('keeps an owner when the removals simply run at once, without a held lock', async () => {
    for (let round = 0; round < 5; round++) {
      const { school, tokenA, tokenB, idA, idB } = await twoOwners(`free-${round}`);

      const results = await Promise.all([
        app.request('DELETE', `/api/schools/${school}/members/${idB}`, { token: tokenA }),
        app.request('DELETE', `/api/schools/${school}/members/${idA}`, { token: tokenB }),
      ]);

      // The loser is refused: 409 if it passed the membership guard before the winner
      // committed, 403 if it was no longer a member by then. Never two successes.
      const statuses = results.map((r) => r.status).sort();
      expect(
        [
          [200, 403],
          [200, 409],
        ],
        `round ${round}: ${statuses}`,
      ).toContainEqual(statuses);
      expect(await boundOwners(school), `round ${round}`).toHaveLength(1);
    }
  });
});

describe('concurrent first sign-in (PostgreSQL)', () => {
  it('creates exactly one user from 20 simultaneous first requests, and all of them succeed', async () => {
    const school = await app.createSchool({
      name: 'Busy School',
      members: { 'newcomer@x.test': 'manager' },
    });
    const token = await app.tokenFor('newcomer@x.test', { name: 'New Comer' });

    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.request('GET', '/api/schools', { token })),
    );

    for (const res of results) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [
          { id: school, name: 'Busy School', role: 'manager', timezone: 'UTC', currency: 'EUR' },
        ],
      });
    }
    const rows = await app.db.select().from(users).where(eq(users.email, 'newcomer@x.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: 'sub-newcomer@x.test',
      displayName: 'New Comer',
      emailVerified: true,
    });
    const bound = await app.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, school));
    expect(bound).toEqual([
      expect.objectContaining({ userId: rows[0]!.id, invitedEmail: null, role: 'manager' }),
    ]);
  });

  it('gives 20 simultaneous /api/auth/me calls the same user id', async () => {
    const token = await app.tokenFor('solo@x.test');

    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.request('GET', '/api/auth/me', { token })),
    );

    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await app.db.select().from(users).where(eq(users.email, 'solo@x.test'))).toHaveLength(1);
  });
});
