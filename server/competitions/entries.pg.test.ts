import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import {
  competitionEntries,
  competitionResults,
  competitions,
  type CompetitionFee,
} from '@/db/schema';
import { useTestApp, type TestResponse } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';
import { competitionFixtures } from '../test/competition-fixtures';

const app = useTestApp();
const f = schoolFixtures(() => app.db);
const c = competitionFixtures(() => app.db);

const ENTRY_FEE: CompetitionFee = {
  concept: 'inscription',
  name: 'Entry',
  amount: 10,
  is_required: true,
  applies_to: 'entry',
  description: null,
};

/**
 * Runs `requests` while the test holds the competition's row lock, and lets them go only
 * once `waiting` of them are queued on a lock: they have all passed the guards and validated
 * their input, so they truly race for what the lock protects. The test app's pool has 20
 * connections and the lock holds one (which also polls), so at most 19 requests can queue.
 */
async function raceOnCompetition(
  id: string,
  waiting: number,
  requests: () => Promise<TestResponse>[],
): Promise<TestResponse[]> {
  let pending: Promise<TestResponse[]> | undefined;
  await app.db.transaction(async (tx) => {
    await tx
      .select({ id: competitions.id })
      .from(competitions)
      .where(eq(competitions.id, id))
      .for('update');
    pending = Promise.all(requests());
    const deadline = Date.now() + 10_000;
    for (;;) {
      // Activity statistics are a snapshot per transaction unless cleared.
      await tx.execute(sql`select pg_stat_clear_snapshot()`);
      const [row] = await queryRows<{ waiting: number }>(
        tx,
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
  // Signs the owner in before the race, so that only the entries compete.
  expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);
  const competition = await c.competition(schoolId, { fees: [ENTRY_FEE] });
  const base = `/api/schools/${schoolId}/competitions/${competition.id}`;
  return { schoolId, token, competition, base };
}

async function numbering(competitionId: string, category: string) {
  return app.db
    .select({
      id: competitionEntries.id,
      status: competitionEntries.status,
      orderNumber: competitionEntries.orderNumber,
    })
    .from(competitionEntries)
    .where(
      and(
        eq(competitionEntries.competitionId, competitionId),
        eq(competitionEntries.category, category),
      ),
    )
    .orderBy(asc(competitionEntries.orderNumber));
}

describe('concurrent entries (PostgreSQL)', () => {
  it('enters a student once from 20 simultaneous requests: one 201, nineteen 422 on student_id', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const body = { student_id: student.id, category: 'Juniors' };

    const results = await raceOnCompetition(s.competition.id, 19, () =>
      Array.from({ length: 20 }, () =>
        app.request('POST', `${s.base}/entries`, { token: s.token, body }),
      ),
    );

    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(19);
    for (const res of refused) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: 'The student is already entered in this category.',
        errors: { student_id: ['The student is already entered in this category.'] },
      });
    }
    expect(await numbering(s.competition.id, 'Juniors')).toEqual([
      expect.objectContaining({ status: 'pending', orderNumber: 1 }),
    ]);
  });

  it('enters a student once when 20 requests simply run at once, in several rounds', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await setup(`owner-${round}@a.test`);
      const student = await f.student(s.schoolId);
      const body = { student_id: student.id, category: 'Seniors' };

      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          app.request('POST', `${s.base}/entries`, { token: s.token, body }),
        ),
      );

      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual([
        201,
        ...Array(19).fill(422),
      ]);
      expect(await numbering(s.competition.id, 'Seniors')).toHaveLength(1);
    }
  });

  it('keeps the departure numbers consecutive 1..n in age order through concurrent creates and cancels', async () => {
    const s = await setup();
    const birth = (i: number) => `20${String(i).padStart(2, '0')}-01-01`;
    const existing = [];
    for (let i = 0; i < 10; i++) {
      const student = await f.student(s.schoolId, { firstName: `E${i}`, birthDate: birth(i * 2) });
      const res = await app.request('POST', `${s.base}/entries`, {
        token: s.token,
        body: { student_id: student.id, category: 'Juniors' },
      });
      existing.push(res.body.data.id as string);
    }
    const newcomers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        f.student(s.schoolId, { firstName: `N${i}`, birthDate: birth(i * 2 + 1) }),
      ),
    );

    const results = await Promise.all([
      ...newcomers.map((student) =>
        app.request('POST', `${s.base}/entries`, {
          token: s.token,
          body: { student_id: student.id, category: 'Juniors' },
        }),
      ),
      ...existing
        .filter((_, i) => i % 2 === 0)
        .map((id) => app.request('DELETE', `${s.base}/entries/${id}`, { token: s.token })),
    ]);

    expect(results.map((r) => r.status)).toEqual([...Array(10).fill(201), ...Array(5).fill(200)]);
    const rows = await numbering(s.competition.id, 'Juniors');
    const numbered = rows.filter((row) => row.status === 'pending');
    expect(numbered.map((row) => row.orderNumber)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
    expect(rows.filter((row) => row.status === 'cancelled').map((row) => row.orderNumber)).toEqual(
      Array(5).fill(null),
    );
    // The numbers follow age: oldest (earliest birth year) first.
    const recalculated = await app.request('POST', `${s.base}/entries/recalculate-order`, {
      token: s.token,
      body: { category: 'Juniors' },
    });
    expect(
      recalculated.body.data
        .filter((e: { status: string }) => e.status === 'pending')
        .map((e: { id: string; order_number: number }) => [e.id, e.order_number]),
    ).toEqual(numbered.map((row) => [row.id, row.orderNumber]));
  });

  it('records one result from two simultaneous requests for the same entry', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const entry = await c.entry(s.schoolId, {
      competitionId: s.competition.id,
      studentId: student.id,
      orderNumber: 1,
    });

    const results = await raceOnCompetition(s.competition.id, 2, () => [
      app.request('POST', `${s.base}/results`, {
        token: s.token,
        body: { entry_id: entry.id, ribbon: 'blue' },
      }),
      app.request('POST', `${s.base}/results`, {
        token: s.token,
        body: { entry_id: entry.id, ribbon: 'red' },
      }),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)!.body.errors).toEqual({
      entry_id: ['The entry already has a result.'],
    });
    expect(
      await app.db
        .select()
        .from(competitionResults)
        .where(eq(competitionResults.entryId, entry.id)),
    ).toHaveLength(1);
  });

  it('never deletes a competition whose payment was paid meanwhile', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await setup(`owner-${round}@a.test`);
      const student = await f.student(s.schoolId);
      const payment = await c.payment(s.schoolId, {
        competitionId: s.competition.id,
        studentId: student.id,
      });

      const [paid, deleted] = await Promise.all([
        app.request('POST', `${s.base}/payments/${payment.id}/pay`, {
          token: s.token,
          body: { payment_method: 'cash' },
        }),
        app.request('DELETE', s.base, { token: s.token }),
      ]);

      const outcome = [paid.status, deleted.status];
      expect(
        [
          [200, 409],
          [404, 200],
        ],
        `round ${round}`,
      ).toContainEqual(outcome);
      const remaining = await app.db
        .select()
        .from(competitions)
        .where(eq(competitions.id, s.competition.id));
      expect(remaining).toHaveLength(outcome[0] === 200 ? 1 : 0);
    }
  });

  it('refuses a second open entry of a student in a category in the database itself', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const insert = () =>
      c.entry(s.schoolId, {
        competitionId: s.competition.id,
        studentId: student.id,
        category: 'Juniors',
      });

    const outcomes = await Promise.allSettled([insert(), insert()]);

    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    const pg =
      (failure.reason as { cause?: { code?: string; constraint_name?: string } }).cause ??
      failure.reason;
    expect(pg).toMatchObject({
      code: '23505',
      constraint_name: 'competition_entries_student_category_key',
    });
  });
});
