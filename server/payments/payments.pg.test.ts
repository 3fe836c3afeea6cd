import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { paymentAudit, payments } from '@/db/schema';
import { useTestApp, type TestResponse } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

/**
 * Runs `requests` while the test holds a lock on the payments table that their writes wait
 * for, and lets them go only once `waiting` of them are queued: they have all passed the
 * guards and then run their statements at the same moment.
 */
async function raceOnPaymentsTable(
  waiting: number,
  requests: () => Promise<TestResponse>[],
): Promise<TestResponse[]> {
  let pending: Promise<TestResponse[]> | undefined;
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`lock table payments in share mode`);
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

async function setup() {
  const schoolId = await app.createSchool({ members: { 'owner@a.test': 'owner' } });
  const token = await app.tokenFor('owner@a.test');
  // Signs the owner in before the race, so that only the payment requests compete.
  expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);
  return { schoolId, token, base: `/api/schools/${schoolId}/payments` };
}

describe('concurrent payments (PostgreSQL)', () => {
  it('creates each monthly charge once from 5 simultaneous generate-monthly requests', async () => {
    const s = await setup();
    const instructor = await f.instructor(s.schoolId);
    const klass = await f.class(s.schoolId, {
      price: '80.00',
      priceType: 'monthly',
      maxStudents: 50,
    });
    const schedule = await f.schedule(s.schoolId, {
      classId: klass.id,
      instructorId: instructor.id,
      maxStudents: 50,
    });
    for (let i = 0; i < 30; i++) {
      const student = await f.student(s.schoolId, { firstName: `S${i}` });
      await f.enrollment(s.schoolId, {
        studentId: student.id,
        classId: klass.id,
        scheduleId: schedule.id,
      });
    }

    const results = await raceOnPaymentsTable(5, () =>
      Array.from({ length: 5 }, () =>
        app.request('POST', `${s.base}/generate-monthly`, {
          token: s.token,
          body: { month: '2026-03' },
        }),
      ),
    );

    for (const res of results) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.created + res.body.data.skipped).toBe(30);
      expect(res.body.data.total_amount).toBe(res.body.data.created * 80);
    }
    expect(results.reduce((sum, res) => sum + res.body.data.created, 0)).toBe(30);
    // Plain sequential runs afterwards skip everything.
    const again = await app.request('POST', `${s.base}/generate-monthly`, {
      token: s.token,
      body: { month: '2026-03' },
    });
    expect(again.body.data).toEqual({ created: 0, skipped: 30, total_amount: 0 });
    const rows = await app.db.select().from(payments).where(eq(payments.schoolId, s.schoolId));
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.studentId)).size).toBe(30);
    expect(
      await app.db.select().from(paymentAudit).where(eq(paymentAudit.schoolId, s.schoolId)),
    ).toHaveLength(30);
  });

  it('pays a payment once when two requests pay it at the same moment', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const [payment] = await app.db
      .insert(payments)
      .values({
        schoolId: s.schoolId,
        studentId: student.id,
        concept: 'other',
        amount: '50.00',
        currency: 'EUR',
        dueDate: '2026-03-10',
      })
      .returning();

    const results = await Promise.all(
      ['cash', 'card'].map((method) =>
        app.request('POST', `${s.base}/${payment!.id}/pay`, {
          token: s.token,
          body: { payment_method: method },
        }),
      ),
    );

    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const audit = await app.db
      .select()
      .from(paymentAudit)
      .where(eq(paymentAudit.paymentId, payment!.id));
    expect(audit.map((entry) => entry.action)).toEqual(['pay']);
  });

  it('issues distinct consecutive receipt numbers to 10 payments paid at once', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const rows = await app.db
      .insert(payments)
      .values(
        Array.from({ length: 10 }, () => ({
          schoolId: s.schoolId,
          studentId: student.id,
          concept: 'other' as const,
          amount: '10.00',
          currency: 'EUR',
          dueDate: '2026-03-10',
        })),
      )
      .returning();

    const results = await Promise.all(
      rows.map((row) =>
        app.request('POST', `${s.base}/${row.id}/pay`, {
          token: s.token,
          body: { payment_method: 'cash', paid_date: '2026-03-10' },
        }),
      ),
    );

    expect(results.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(results.map((res) => res.body.data.receipt_number).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `R-2026-${String(i + 1).padStart(6, '0')}`),
    );
  });

  it('lets only one of two simultaneous manual tuition charges for a month through (422 period)', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const body = { student_id: student.id, concept: 'tuition', amount: 80, due_date: '2026-03-10' };

    const results = await Promise.all(
      [1, 2].map(() => app.request('POST', s.base, { token: s.token, body })),
    );

    expect(results.map((res) => res.status).sort()).toEqual([201, 422]);
    expect(results.find((res) => res.status === 422)!.body.errors).toEqual({
      period: ['The student already has a tuition charge for this period.'],
    });
    const rows = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.schoolId, s.schoolId), eq(payments.studentId, student.id)));
    expect(rows).toHaveLength(1);
  });
});
