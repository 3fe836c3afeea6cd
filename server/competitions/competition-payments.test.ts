import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { competitionPayments } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';
import { todayIn } from '../kernel/fields/calendar';
import { competitionFixtures } from '../test/competition-fixtures';
import { summarizeCompetitionPayments } from './payment-summary';

const app = useTestApp();
const f = schoolFixtures(() => app.db);
const c = competitionFixtures(() => app.db);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const stamps = {
  created_at: expect.stringMatching(ISO_TIMESTAMP),
  updated_at: expect.stringMatching(ISO_TIMESTAMP),
};

const MEMBERS = {
  'owner@a.test': 'owner',
  'manager@a.test': 'manager',
  'instructor@a.test': 'instructor',
  'viewer@a.test': 'viewer',
} as const;

const tokenOf = (role: 'owner' | 'manager' | 'instructor' | 'viewer') =>
  app.tokenFor(`${role}@a.test`);

async function setup(timezone = 'UTC') {
  const schoolId = await app.createSchool({ timezone, members: { ...MEMBERS } });
  const token = await tokenOf('owner');
  const competition = await c.competition(schoolId, { date: '2026-05-10' });
  const student = await f.student(schoolId, { firstName: 'Ana', lastName: 'García' });
  const horse = await f.horse(schoolId);
  const entry = await c.entry(schoolId, {
    competitionId: competition.id,
    studentId: student.id,
    horseId: horse.id,
  });
  const base = `/api/schools/${schoolId}/competitions/${competition.id}/payments`;
  return { schoolId, token, competition, student, horse, entry, base };
}

type Setup = Awaited<ReturnType<typeof setup>>;

const payment = (s: Setup, values: Partial<Parameters<typeof c.payment>[1]> = {}) =>
  c.payment(s.schoolId, { competitionId: s.competition.id, studentId: s.student.id, ...values });

function expect422(res: { status: number; body: any }, field: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({
    message: expect.any(String),
    errors: expect.objectContaining({ [field]: [message ?? expect.any(String)] }),
  });
}

/** Another school with a competition and a payment of its own, and one of another competition here. */
async function foreignIds(s: Setup) {
  const otherSchool = await app.createSchool({ name: 'Other' });
  const theirCompetition = await c.competition(otherSchool);
  const theirPayment = await c.payment(otherSchool, {
    competitionId: theirCompetition.id,
    studentId: (await f.student(otherSchool)).id,
  });
  const otherCompetition = await c.competition(s.schoolId, { name: 'Other cup' });
  const elsewhere = await payment(s, { competitionId: otherCompetition.id });
  return { theirCompetition, theirPayment, elsewhere };
}

describe('GET /api/schools/{schoolId}/competitions/{competitionId}/payments', () => {
  it('lists payments in order of creation, 50 per page by default', async () => {
    const s = await setup();
    const second = await payment(s, {
      concept: 'stable',
      conceptDetail: 'Box',
      amount: '40.10',
      createdAt: new Date('2026-04-02T10:00:00Z'),
    });
    const first = await payment(s, {
      entryId: s.entry.id,
      horseId: s.horse.id,
      conceptDetail: 'Entry fee',
      createdAt: new Date('2026-04-01T10:00:00Z'),
    });
    const otherCompetition = await c.competition(s.schoolId, { name: 'Other cup' });
    await payment(s, { competitionId: otherCompetition.id });

    const res = await app.request('GET', s.base, { token: await tokenOf('viewer') });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: first.id,
        competition_id: s.competition.id,
        entry_id: s.entry.id,
        student_id: s.student.id,
        student: { id: s.student.id, full_name: 'Ana García' },
        horse_id: s.horse.id,
        concept: 'inscription',
        concept_detail: 'Entry fee',
        amount: 25,
        due_date: '2026-05-10',
        status: 'pending',
        payment_method: null,
        paid_date: null,
        receipt_number: null,
        notes: null,
        ...stamps,
      },
      expect.objectContaining({
        id: second.id,
        concept: 'stable',
        amount: 40.1,
        entry_id: null,
        horse_id: null,
      }),
    ]);
    expect(res.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 1,
      path: `http://localhost:3000${s.base}`,
      per_page: 50,
      to: 2,
      total: 2,
    });
  });

  it('filters by status, concept and student', async () => {
    const s = await setup();
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });
    const a = await payment(s, { concept: 'inscription', status: 'paid' });
    const b = await payment(s, { concept: 'stable' });
    const d = await payment(s, { concept: 'stable', studentId: bruno.id, status: 'refunded' });
    const ids = async (query: string) => {
      const res = await app.request('GET', `${s.base}?${query}`, { token: s.token });
      expect(res.status, query).toBe(200);
      return res.body.data.map((p: { id: string }) => p.id).sort();
    };

    expect(await ids('status=paid')).toEqual([a.id]);
    expect(await ids('concept=stable')).toEqual([b.id, d.id].sort());
    expect(await ids(`student_id=${bruno.id}`)).toEqual([d.id]);
    expect(await ids(`concept=stable&status=pending`)).toEqual([b.id]);
    expect422(await app.request('GET', `${s.base}?status=overdue`, { token: s.token }), 'status');
    expect422(await app.request('GET', `${s.base}?concept=food`, { token: s.token }), 'concept');
    expect422(await app.request('GET', `${s.base}?student_id=x`, { token: s.token }), 'student_id');
  });

  it('runs the same number of statements for 2 and 20 payments', async () => {
    const s = await setup();
    const count = async () => {
      const counter = { count: 0 };
      await statementCounter.run(counter, async () => {
        expect((await app.request('GET', s.base, { token: s.token })).status).toBe(200);
      });
      return counter.count;
    };
    const add = async (n: number) => {
      for (let i = 0; i < n; i++)
        await payment(s, { studentId: (await f.student(s.schoolId, { firstName: `S${i}` })).id });
    };
    await add(2);
    await count(); // the first request signs the user in
    const few = await count();
    await add(18);
    expect(await count()).toBe(few);
  });

  it("answers 403 to instructors (no payments.view), 404 for another school's competition, 401 without a token", async () => {
    const s = await setup();
    const { theirCompetition } = await foreignIds(s);
    const res = await app.request('GET', s.base, { token: await tokenOf('instructor') });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(
      (
        await app.request(
          'GET',
          `/api/schools/${s.schoolId}/competitions/${theirCompetition.id}/payments`,
          { token: s.token },
        )
      ).status,
    ).toBe(404);
    expect((await app.request('GET', s.base)).status).toBe(401);
  });
});

describe('POST /api/schools/{schoolId}/competitions/{competitionId}/payments', () => {
  it('creates a pending manual payment for a student, due on the competition date by default', async () => {
    const s = await setup();

    const res = await app.request('POST', s.base, {
      token: await tokenOf('manager'),
      body: {
        student_id: s.student.id,
        concept: 'transport',
        concept_detail: 'Van',
        amount: 12.5,
        notes: 'Shared van',
        status: 'paid',
      },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        competition_id: s.competition.id,
        entry_id: null,
        student_id: s.student.id,
        student: { id: s.student.id, full_name: 'Ana García' },
        horse_id: null,
        concept: 'transport',
        concept_detail: 'Van',
        amount: 12.5,
        due_date: '2026-05-10',
        status: 'pending',
        payment_method: null,
        paid_date: null,
        receipt_number: null,
        notes: 'Shared van',
        ...stamps,
      },
    });
    const [row] = await app.db
      .select()
      .from(competitionPayments)
      .where(eq(competitionPayments.id, res.body.data.id));
    expect(row).toMatchObject({ amount: '12.50', feeAppliesTo: null, feeKey: null });
  });

  it("creates one for an entry, taking the entry's student and horse", async () => {
    const s = await setup();

    const res = await app.request('POST', s.base, {
      token: s.token,
      body: { entry_id: s.entry.id, concept: 'other', amount: 0, due_date: '2026-05-01' },
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      entry_id: s.entry.id,
      student_id: s.student.id,
      horse_id: s.horse.id,
      amount: 0,
      due_date: '2026-05-01',
      concept_detail: null,
    });
    const same = await app.request('POST', s.base, {
      token: s.token,
      body: { entry_id: s.entry.id, student_id: s.student.id, concept: 'other', amount: 1 },
    });
    expect(same.status).toBe(201);
  });

  it('validates the body and the references', async () => {
    const s = await setup();
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });
    const { elsewhere, theirPayment } = await foreignIds(s);
    const foreignStudentId = theirPayment.studentId;
    const otherEntry = await c.entry(s.schoolId, {
      competitionId: elsewhere.competitionId,
      studentId: s.student.id,
    });
    const post = (body: Record<string, unknown>) =>
      app.request('POST', s.base, { token: s.token, body });

    const empty = await post({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      concept: ['The concept field is required.'],
      amount: ['The amount field is required.'],
    });
    expect422(
      await post({ concept: 'other', amount: 1 }),
      'student_id',
      'The student id field is required when entry id is not present.',
    );
    expect422(
      await post({ student_id: s.student.id, concept: 'food', amount: 1 }),
      'concept',
      'The selected concept is invalid.',
    );
    expect422(await post({ student_id: s.student.id, concept: 'other', amount: -1 }), 'amount');
    expect422(
      await post({ student_id: s.student.id, concept: 'other', amount: 1.234 }),
      'amount',
      'The amount field must have 0-2 decimal places.',
    );
    expect422(
      await post({ student_id: s.student.id, concept: 'other', amount: 1, due_date: '2026-13-01' }),
      'due_date',
    );
    expect422(
      await post({ student_id: foreignStudentId, concept: 'other', amount: 1 }),
      'student_id',
      'The selected student id is invalid.',
    );
    expect422(
      await post({ entry_id: MISSING_UUID, concept: 'other', amount: 1 }),
      'entry_id',
      'The selected entry id is invalid.',
    );
    expect422(
      await post({ entry_id: otherEntry.id, concept: 'other', amount: 1 }),
      'entry_id',
      'The selected entry belongs to another competition.',
    );
    expect422(
      await post({ entry_id: s.entry.id, student_id: bruno.id, concept: 'other', amount: 1 }),
      'student_id',
      "The student id must be the entry's student.",
    );
    expect(
      await app.db
        .select()
        .from(competitionPayments)
        .where(eq(competitionPayments.competitionId, s.competition.id)),
    ).toHaveLength(0);
  });

  it("answers 403 to viewers and instructors, 404 for another school's competition, 401 without a token", async () => {
    const s = await setup();
    const { theirCompetition } = await foreignIds(s);
    const body = { student_id: s.student.id, concept: 'other', amount: 1 };
    for (const role of ['viewer', 'instructor'] as const) {
      expect(
        (await app.request('POST', s.base, { token: await tokenOf(role), body })).status,
        role,
      ).toBe(403);
    }
    expect(
      (
        await app.request(
          'POST',
          `/api/schools/${s.schoolId}/competitions/${theirCompetition.id}/payments`,
          { token: s.token, body },
        )
      ).status,
    ).toBe(404);
    expect((await app.request('POST', s.base, { body })).status).toBe(401);
  });
});

describe('GET /api/schools/{schoolId}/competitions/{competitionId}/payments/{paymentId}', () => {
  it('shows one payment', async () => {
    const s = await setup();
    const row = await payment(s, {
      status: 'paid',
      paymentMethod: 'card',
      paidDate: '2026-04-01',
      receiptNumber: 'R-1',
    });

    const res = await app.request('GET', `${s.base}/${row.id}`, { token: await tokenOf('viewer') });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: row.id,
      status: 'paid',
      payment_method: 'card',
      paid_date: '2026-04-01',
      receipt_number: 'R-1',
      amount: 25,
    });
  });

  it("answers 404 for another competition's or school's payment and malformed ids; 403 to instructors; 401", async () => {
    const s = await setup();
    const row = await payment(s);
    const { theirPayment, elsewhere } = await foreignIds(s);
    for (const id of [theirPayment.id, elsewhere.id, MISSING_UUID, 'nope']) {
      const res = await app.request('GET', `${s.base}/${id}`, { token: s.token });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Payment not found.' } });
    }
    expect(
      (await app.request('GET', `${s.base}/${row.id}`, { token: await tokenOf('instructor') }))
        .status,
    ).toBe(403);
    expect((await app.request('GET', `${s.base}/${row.id}`)).status).toBe(401);
  });
});

describe('PUT /api/schools/{schoolId}/competitions/{competitionId}/payments/{paymentId}', () => {
  it('changes the fields sent, the status included', async () => {
    const s = await setup();
    const row = await payment(s, { notes: 'kept' });

    const res = await app.request('PUT', `${s.base}/${row.id}`, {
      token: await tokenOf('manager'),
      body: {
        amount: 30.05,
        concept: 'rental',
        concept_detail: 'Helmet',
        due_date: '2026-05-01',
        status: 'refunded',
        receipt_number: 'R-9',
      },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      amount: 30.05,
      concept: 'rental',
      concept_detail: 'Helmet',
      due_date: '2026-05-01',
      status: 'refunded',
      receipt_number: 'R-9',
      notes: 'kept',
      paid_date: null,
    });
  });

  it('gives a payment set to paid a paid date of today in the school time zone', async () => {
    const s = await setup('Pacific/Kiritimati');
    const row = await payment(s);

    const res = await app.request('PUT', `${s.base}/${row.id}`, {
      token: s.token,
      body: { status: 'paid', payment_method: 'transfer' },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'paid',
      payment_method: 'transfer',
      paid_date: todayIn('Pacific/Kiritimati'),
    });
  });

  it('links the payment to an entry of the competition, or refuses (422)', async () => {
    const s = await setup();
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });
    const row = await payment(s, { studentId: bruno.id });

    expect422(
      await app.request('PUT', `${s.base}/${row.id}`, {
        token: s.token,
        body: { entry_id: s.entry.id, student_id: bruno.id },
      }),
      'student_id',
    );
    expect422(
      await app.request('PUT', `${s.base}/${row.id}`, { token: s.token, body: { amount: 'ten' } }),
      'amount',
    );
    expect422(
      await app.request('PUT', `${s.base}/${row.id}`, {
        token: s.token,
        body: { status: 'overdue' },
      }),
      'status',
    );
    expect422(
      await app.request('PUT', `${s.base}/${row.id}`, {
        token: s.token,
        body: { payment_method: 'mobile_wallet' },
      }),
      'payment_method',
    );
    const linked = await app.request('PUT', `${s.base}/${row.id}`, {
      token: s.token,
      body: { entry_id: s.entry.id },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({
      entry_id: s.entry.id,
      student_id: s.student.id,
      horse_id: s.horse.id,
    });
    const unlinked = await app.request('PUT', `${s.base}/${row.id}`, {
      token: s.token,
      body: { entry_id: null },
    });
    expect(unlinked.body.data).toMatchObject({
      entry_id: null,
      student_id: s.student.id,
      horse_id: null,
    });
  });

  it('answers 403 to viewers, 404 for foreign and malformed ids, 401 without a token', async () => {
    const s = await setup();
    const row = await payment(s);
    const { theirPayment, elsewhere } = await foreignIds(s);
    expect(
      (
        await app.request('PUT', `${s.base}/${row.id}`, {
          token: await tokenOf('viewer'),
          body: { amount: 1 },
        })
      ).status,
    ).toBe(403);
    for (const id of [theirPayment.id, elsewhere.id, 'nope']) {
      expect(
        (await app.request('PUT', `${s.base}/${id}`, { token: s.token, body: { amount: 1 } }))
          .status,
        id,
      ).toBe(404);
    }
    expect((await app.request('PUT', `${s.base}/${row.id}`, { body: { amount: 1 } })).status).toBe(
      401,
    );
    const [untouched] = await app.db
      .select()
      .from(competitionPayments)
      .where(eq(competitionPayments.id, theirPayment.id));
    expect(untouched!.amount).toBe('25.00');
  });
});

describe('POST /api/schools/{schoolId}/competitions/{competitionId}/payments/{paymentId}/pay', () => {
  it('marks a pending payment paid with the registration fields', async () => {
    const s = await setup();
    const row = await payment(s);

    const res = await app.request('POST', `${s.base}/${row.id}/pay`, {
      token: await tokenOf('manager'),
      body: {
        payment_method: 'card',
        paid_date: '2026-04-20',
        receipt_number: 'R-42',
        notes: 'At the desk',
      },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: expect.objectContaining({
        id: row.id,
        status: 'paid',
        payment_method: 'card',
        paid_date: '2026-04-20',
        receipt_number: 'R-42',
        notes: 'At the desk',
        amount: 25,
      }),
    });
  });

  it.each(['cancelled', 'refunded', 'paid'] as const)(
    'pays a %s payment too, paid today in the school time zone by default',
    async (status) => {
      const s = await setup('America/Adak');
      const row = await payment(s, {
        status,
        notes: 'Kept note',
        paymentMethod: status === 'paid' ? 'cash' : null,
      });

      const res = await app.request('POST', `${s.base}/${row.id}/pay`, {
        token: s.token,
        body: { payment_method: 'transfer' },
      });

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'paid',
        payment_method: 'transfer',
        paid_date: todayIn('America/Adak'),
        notes: 'Kept note',
        receipt_number: null,
      });
    },
  );

  it('requires a payment method among cash, transfer and card', async () => {
    const s = await setup();
    const row = await payment(s);
    expect422(
      await app.request('POST', `${s.base}/${row.id}/pay`, { token: s.token, body: {} }),
      'payment_method',
      'The payment method field is required.',
    );
    expect422(
      await app.request('POST', `${s.base}/${row.id}/pay`, {
        token: s.token,
        body: { payment_method: 'other' },
      }),
      'payment_method',
      'The selected payment method is invalid.',
    );
    expect422(
      await app.request('POST', `${s.base}/${row.id}/pay`, {
        token: s.token,
        body: { payment_method: 'cash', paid_date: 'today' },
      }),
      'paid_date',
    );
    const [untouched] = await app.db
      .select()
      .from(competitionPayments)
      .where(eq(competitionPayments.id, row.id));
    expect(untouched!.status).toBe('pending');
  });

  it('answers 403 to viewers and instructors, 404 for foreign and malformed ids, 401 without a token', async () => {
    const s = await setup();
    const row = await payment(s);
    const { theirPayment, elsewhere } = await foreignIds(s);
    const body = { payment_method: 'cash' };
    for (const role of ['viewer', 'instructor'] as const) {
      expect(
        (await app.request('POST', `${s.base}/${row.id}/pay`, { token: await tokenOf(role), body }))
          .status,
        role,
      ).toBe(403);
    }
    for (const id of [theirPayment.id, elsewhere.id, MISSING_UUID, 'nope']) {
      expect(
        (await app.request('POST', `${s.base}/${id}/pay`, { token: s.token, body })).status,
        id,
      ).toBe(404);
    }
    expect((await app.request('POST', `${s.base}/${row.id}/pay`, { body })).status).toBe(401);
    const [untouched] = await app.db
      .select()
      .from(competitionPayments)
      .where(eq(competitionPayments.id, theirPayment.id));
    expect(untouched!.status).toBe('pending');
  });
});

describe('DELETE /api/schools/{schoolId}/competitions/{competitionId}/payments/{paymentId}', () => {
  it.each(['pending', 'paid'] as const)('cancels a %s payment and keeps it', async (status) => {
    const s = await setup();
    const row = await payment(s, { status });

    const res = await app.request('DELETE', `${s.base}/${row.id}`, {
      token: await tokenOf('manager'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Payment cancelled.',
      data: expect.objectContaining({ id: row.id, status: 'cancelled' }),
    });
    const [kept] = await app.db
      .select()
      .from(competitionPayments)
      .where(eq(competitionPayments.id, row.id));
    expect(kept!.status).toBe('cancelled');
  });

  it('answers 403 to viewers and instructors, 404 for foreign and malformed ids, 401 without a token', async () => {
    const s = await setup();
    const row = await payment(s);
    const { theirPayment, elsewhere } = await foreignIds(s);
    for (const role of ['viewer', 'instructor'] as const) {
      expect(
        (await app.request('DELETE', `${s.base}/${row.id}`, { token: await tokenOf(role) })).status,
        role,
      ).toBe(403);
    }
    for (const id of [theirPayment.id, elsewhere.id, MISSING_UUID, 'nope']) {
      expect((await app.request('DELETE', `${s.base}/${id}`, { token: s.token })).status, id).toBe(
        404,
      );
    }
    expect((await app.request('DELETE', `${s.base}/${row.id}`)).status).toBe(401);
  });
});

describe('GET /api/schools/{schoolId}/competitions/{competitionId}/payments/summary', () => {
  it('sums expected, paid and pending in exact cents, by concept and by status', async () => {
    const s = await setup();
    const amounts: [string, 'pending' | 'paid' | 'cancelled' | 'refunded', string][] = [
      ['inscription', 'paid', '0.10'],
      ['inscription', 'paid', '0.20'],
      ['inscription', 'pending', '0.70'],
      ['inscription', 'cancelled', '100.00'],
      ['stable', 'pending', '1234567.89'],
      ['stable', 'refunded', '50.05'],
      ['transport', 'cancelled', '9.99'],
      ['school_fee', 'paid', '33.33'],
    ];
    for (const [concept, status, amount] of amounts)
      await payment(s, { concept: concept as 'inscription', status, amount });
    const otherCompetition = await c.competition(s.schoolId, { name: 'Other cup' });
    await payment(s, { competitionId: otherCompetition.id, amount: '999.99' });

    const res = await app.request('GET', `${s.base}/summary`, { token: await tokenOf('viewer') });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        total_expected: 1234602.22,
        total_paid: 33.63,
        total_pending: 1234568.59,
        by_concept: [
          { concept: 'inscription', total: 1, paid: 0.3, pending: 0.7, count: 3 },
          { concept: 'school_fee', total: 33.33, paid: 33.33, pending: 0, count: 1 },
          { concept: 'stable', total: 1234567.89, paid: 0, pending: 1234567.89, count: 1 },
        ],
        by_status: [
          { status: 'pending', count: 2, amount: 1234568.59 },
          { status: 'paid', count: 3, amount: 33.63 },
          { status: 'cancelled', count: 2, amount: 109.99 },
          { status: 'refunded', count: 1, amount: 50.05 },
        ],
      },
    });
    const schoolWide = await summarizeCompetitionPayments(app.db, s.schoolId);
    expect(schoolWide.total_pending).toBe(1235568.58);
  });

  it('answers zeros for a competition without payments', async () => {
    const s = await setup();
    const res = await app.request('GET', `${s.base}/summary`, { token: s.token });
    expect(res.body.data).toEqual({
      total_expected: 0,
      total_paid: 0,
      total_pending: 0,
      by_concept: [],
      by_status: [
        { status: 'pending', count: 0, amount: 0 },
        { status: 'paid', count: 0, amount: 0 },
        { status: 'cancelled', count: 0, amount: 0 },
        { status: 'refunded', count: 0, amount: 0 },
      ],
    });
  });

  it("answers 403 to instructors, 404 for another school's competition, 401 without a token", async () => {
    const s = await setup();
    const { theirCompetition } = await foreignIds(s);
    expect(
      (await app.request('GET', `${s.base}/summary`, { token: await tokenOf('instructor') }))
        .status,
    ).toBe(403);
    expect(
      (
        await app.request(
          'GET',
          `/api/schools/${s.schoolId}/competitions/${theirCompetition.id}/payments/summary`,
          { token: s.token },
        )
      ).status,
    ).toBe(404);
    expect((await app.request('GET', `${s.base}/summary`)).status).toBe(401);
  });
});

describe('payments generated by entries', () => {
  it('lists the fee payments of new entries', async () => {
    const s = await setup();
    await app.request('PUT', `/api/schools/${s.schoolId}/competitions/${s.competition.id}`, {
      token: s.token,
      body: { fees: [{ concept: 'inscription', name: 'Entry fee', amount: 20 }] },
    });
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno', lastName: 'Díaz' });
    const entry = await app.request(
      'POST',
      `/api/schools/${s.schoolId}/competitions/${s.competition.id}/entries`,
      {
        token: s.token,
        body: { student_id: bruno.id, category: 'Seniors' },
      },
    );

    const res = await app.request('GET', `${s.base}?student_id=${bruno.id}`, { token: s.token });

    expect(res.body.data).toEqual([
      expect.objectContaining({
        entry_id: entry.body.data.id,
        student: { id: bruno.id, full_name: 'Bruno Díaz' },
        concept: 'inscription',
        concept_detail: 'Entry fee',
        amount: 20,
        due_date: '2026-05-10',
        status: 'pending',
      }),
    ]);
    const rows = await app.db
      .select()
      .from(competitionPayments)
      .orderBy(asc(competitionPayments.createdAt));
    expect(rows.map((row) => row.feeKey)).toEqual(['inscription:Entry fee']);
  });
});
