import { addDays, format, parseISO } from 'date-fns';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementCounter } from '@/db/client';
import { paymentAudit, paymentReceiptCounters, payments, users } from '@/db/schema';
import { useTestApp, type TestResponse } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';
import { todayIn } from '../kernel/fields/calendar';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const stamps = {
  created_at: expect.stringMatching(ISO_TIMESTAMP),
  updated_at: expect.stringMatching(ISO_TIMESTAMP),
};

/** A date `offset` days from today in a time zone. */
const day = (offset: number, timezone = 'UTC') =>
  format(addDays(parseISO(todayIn(timezone)), offset), 'yyyy-MM-dd');

const MEMBERS = {
  'owner@a.test': 'owner',
  'manager@a.test': 'manager',
  'instructor@a.test': 'instructor',
  'viewer@a.test': 'viewer',
} as const;

/** Freezes the clock for Date only; the database and sockets keep their real timers. */
function freezeAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

/** A school with one student (Ana García); the owner has signed in. */
async function setup(timezone = 'UTC') {
  const schoolId = await app.createSchool({ timezone, members: { ...MEMBERS } });
  const token = await app.tokenFor('owner@a.test');
  expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);
  const [owner] = await app.db.select().from(users).where(eq(users.email, 'owner@a.test'));
  const student = await f.student(schoolId, { firstName: 'Ana', lastName: 'García' });
  return {
    schoolId,
    token,
    ownerId: owner!.id,
    student,
    base: `/api/schools/${schoolId}/payments`,
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

const tokenOf = (role: keyof typeof MEMBERS) => app.tokenFor(role);

/** A payment inserted directly: pending `other` charge of 50.00 due in 10 days unless given. */
async function charge(
  schoolId: string,
  studentId: string,
  values: Partial<typeof payments.$inferInsert> = {},
) {
  const [row] = await app.db
    .insert(payments)
    .values({
      schoolId,
      studentId,
      concept: 'other',
      amount: '50.00',
      currency: 'EUR',
      dueDate: day(10),
      ...values,
    })
    .returning();
  return row!;
}

/** Another school with a student and a payment of its own, for cross-tenant checks. */
async function otherSchool() {
  const schoolId = await app.createSchool({ name: 'Other', members: { 'other@b.test': 'owner' } });
  const student = await f.student(schoolId);
  const instructor = await f.instructor(schoolId);
  const klass = await f.class(schoolId);
  const schedule = await f.schedule(schoolId, { classId: klass.id, instructorId: instructor.id });
  const enrollment = await f.enrollment(schoolId, {
    studentId: student.id,
    classId: klass.id,
    scheduleId: schedule.id,
  });
  const payment = await charge(schoolId, student.id);
  return { schoolId, student, klass, enrollment, payment };
}

/** A payment record as the API answers it: a pending `other` charge unless given. */
function record(s: Setup, values: Record<string, unknown> = {}) {
  return {
    id: expect.stringMatching(UUID),
    student_id: s.student.id,
    student: { id: s.student.id, full_name: 'Ana García' },
    enrollment_id: null,
    class_id: null,
    class: null,
    concept: 'other',
    description: null,
    amount: 50,
    currency: 'EUR',
    due_date: expect.any(String),
    period: null,
    status: 'pending',
    payment_method: null,
    paid_date: null,
    receipt_number: null,
    notes: null,
    created_by: null,
    ...stamps,
    ...values,
  };
}

function expect422(res: TestResponse, field: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({
    message: expect.any(String),
    errors: expect.objectContaining({ [field]: [message ?? expect.any(String)] }),
  });
}

function expect409(res: TestResponse, message: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body).toEqual({ error: { code: 'CONFLICT', message } });
}

function expect403(res: TestResponse) {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
}

function expect404(res: TestResponse) {
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Payment not found.' } });
}

const auditOf = (paymentId: string) =>
  app.db
    .select()
    .from(paymentAudit)
    .where(eq(paymentAudit.paymentId, paymentId))
    .orderBy(asc(paymentAudit.at));

/** The audit snapshot of a payment row's fields. */
function snapshot(values: Record<string, unknown>) {
  return {
    id: expect.stringMatching(UUID),
    student_id: expect.stringMatching(UUID),
    enrollment_id: null,
    class_id: null,
    concept: 'other',
    description: null,
    amount: 50,
    currency: 'EUR',
    due_date: expect.any(String),
    period: null,
    status: 'pending',
    payment_method: null,
    paid_date: null,
    receipt_number: null,
    notes: null,
    ...values,
  };
}

describe('GET /api/schools/{schoolId}/payments', () => {
  it('lists the school’s payments newest due date first, with every field, paginated (20 by default)', async () => {
    const s = await setup();
    const klass = await f.class(s.schoolId, { name: 'Dressage' });
    const early = await charge(s.schoolId, s.student.id, {
      dueDate: '2026-01-10',
      amount: '10.50',
    });
    const late = await charge(s.schoolId, s.student.id, {
      dueDate: '2099-02-10',
      amount: '80.00',
      concept: 'tuition',
      period: '2099-02',
      classId: klass.id,
      description: 'February',
      notes: 'Family discount',
      createdBy: s.ownerId,
    });
    const paid = await charge(s.schoolId, s.student.id, {
      dueDate: '2026-05-10',
      status: 'paid',
      paymentMethod: 'mobile_wallet',
      paidDate: '2026-05-09',
      receiptNumber: 'R-2026-000001',
    });
    await otherSchool();

    const res = await app.request('GET', s.base, { token: await tokenOf('viewer@a.test') });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      record(s, {
        id: late.id,
        class_id: klass.id,
        class: { id: klass.id, name: 'Dressage' },
        concept: 'tuition',
        description: 'February',
        amount: 80,
        due_date: '2099-02-10',
        period: '2099-02',
        notes: 'Family discount',
        created_by: s.ownerId,
      }),
      record(s, {
        id: paid.id,
        due_date: '2026-05-10',
        status: 'paid',
        payment_method: 'mobile_wallet',
        paid_date: '2026-05-09',
        receipt_number: 'R-2026-000001',
      }),
      record(s, { id: early.id, amount: 10.5, due_date: '2026-01-10', status: 'overdue' }),
    ]);
    expect(res.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 1,
      path: `http://localhost:3000${s.base}`,
      per_page: 20,
      to: 3,
      total: 3,
    });
    expect(res.body.links).toEqual({
      first: `http://localhost:3000${s.base}?page=1`,
      last: `http://localhost:3000${s.base}?page=1`,
      prev: null,
      next: null,
    });
  });

  it('pages with per_page, keeping the filters in the links', async () => {
    const s = await setup();
    for (let i = 1; i <= 5; i++)
      await charge(s.schoolId, s.student.id, { dueDate: `2026-0${i}-01` });

    const res = await app.request('GET', `${s.base}?per_page=2&page=2&student_id=${s.student.id}`, {
      token: s.token,
    });

    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { due_date: string }) => p.due_date)).toEqual([
      '2026-03-01',
      '2026-02-01',
    ]);
    expect(res.body.meta).toMatchObject({
      current_page: 2,
      from: 3,
      to: 4,
      last_page: 3,
      per_page: 2,
      total: 5,
    });
    expect(res.body.links.next).toBe(
      `http://localhost:3000${s.base}?per_page=2&page=3&student_id=${s.student.id}`,
    );
  });

  it('filters by student, by status (overdue derived, pending excluding it) and by due date range', async () => {
    const s = await setup();
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno', lastName: 'Díaz' });
    const dueToday = await charge(s.schoolId, s.student.id, { dueDate: day(0) });
    const overdue = await charge(s.schoolId, s.student.id, { dueDate: day(-1) });
    const paidLate = await charge(s.schoolId, bruno.id, {
      dueDate: day(-30),
      status: 'paid',
      paymentMethod: 'cash',
      paidDate: day(-2),
    });
    const cancelled = await charge(s.schoolId, bruno.id, { dueDate: day(-5), status: 'cancelled' });
    const future = await charge(s.schoolId, bruno.id, { dueDate: day(40) });

    const ids = async (query: string) => {
      const res = await app.request('GET', `${s.base}?${query}`, { token: s.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((p: { id: string }) => p.id);
    };

    expect(await ids(`student_id=${bruno.id}`)).toEqual([future.id, cancelled.id, paidLate.id]);
    expect(await ids('status=pending')).toEqual([future.id, dueToday.id]);
    expect(await ids('status=overdue')).toEqual([overdue.id]);
    expect(await ids('status=paid')).toEqual([paidLate.id]);
    expect(await ids('status=cancelled')).toEqual([cancelled.id]);
    expect(await ids(`start_date=${day(-5)}&end_date=${day(0)}`)).toEqual([
      dueToday.id,
      overdue.id,
      cancelled.id,
    ]);
    expect(await ids(`start_date=${day(0)}`)).toEqual([future.id, dueToday.id]);
    expect(await ids(`end_date=${day(-5)}`)).toEqual([cancelled.id, paidLate.id]);
    expect(
      await ids(
        `student_id=${s.student.id}&status=overdue&start_date=${day(-1)}&end_date=${day(-1)}`,
      ),
    ).toEqual([overdue.id]);
    // Unknown parameters are ignored.
    expect(await ids('colour=blue&status=overdue')).toEqual([overdue.id]);
  });

  it('keeps several statuses separated by commas: unpaid is pending and overdue together', async () => {
    const s = await setup();
    const pending = await charge(s.schoolId, s.student.id, { dueDate: day(3) });
    const overdue = await charge(s.schoolId, s.student.id, { dueDate: day(-3) });
    const paid = await charge(s.schoolId, s.student.id, {
      dueDate: day(-6),
      status: 'paid',
      paymentMethod: 'card',
      paidDate: day(-6),
    });
    const cancelled = await charge(s.schoolId, s.student.id, {
      dueDate: day(-9),
      status: 'cancelled',
    });
    const other = await otherSchool();

    const list = async (query: string) => {
      const res = await app.request('GET', `${s.base}?${query}`, { token: s.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return {
        ids: res.body.data.map((p: { id: string }) => p.id),
        total: res.body.meta.total,
      };
    };

    expect(await list('status=pending,overdue')).toEqual({
      ids: [pending.id, overdue.id],
      total: 2,
    });
    expect(await list('status=overdue,pending,overdue')).toEqual({
      ids: [pending.id, overdue.id],
      total: 2,
    });
    expect(await list('status=paid,cancelled')).toEqual({
      ids: [paid.id, cancelled.id],
      total: 2,
    });
    expect(await list('status=overdue,paid')).toEqual({ ids: [overdue.id, paid.id], total: 2 });
    expect((await list('status=pending,overdue,paid,cancelled')).total).toBe(4);
    // The single values keep their meaning.
    expect(await list('status=pending')).toEqual({ ids: [pending.id], total: 1 });
    expect(await list('status=overdue')).toEqual({ ids: [overdue.id], total: 1 });
    // Another school's unpaid charge is never among them.
    expect((await list('status=pending,overdue')).ids).not.toContain(other.payment.id);
  });

  it('searches the student’s name, the receipt number, the description and the concept, counting what it finds', async () => {
    const s = await setup();
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno', lastName: 'Díaz' });
    const percent = await f.student(s.schoolId, { firstName: '100%', lastName: 'Percent' });
    const anaTuition = await charge(s.schoolId, s.student.id, {
      dueDate: '2026-03-05',
      concept: 'tuition',
      period: '2026-03',
      description: 'March tuition',
    });
    const anaHelmet = await charge(s.schoolId, s.student.id, {
      dueDate: '2026-02-05',
      description: 'Riding helmet',
      status: 'paid',
      paymentMethod: 'cash',
      paidDate: '2026-02-01',
      receiptNumber: 'R-2026-000042',
    });
    const brunoFee = await charge(s.schoolId, bruno.id, {
      dueDate: '2026-01-05',
      concept: 'enrollment_fee',
    });
    const percentCharge = await charge(s.schoolId, percent.id, { dueDate: '2025-12-05' });
    // Another school's payment of a student with the same name is not found.
    const other = await otherSchool();

    const list = async (query: string) => {
      const res = await app.request('GET', `${s.base}?${query}`, { token: s.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return {
        ids: res.body.data.map((p: { id: string }) => p.id),
        total: res.body.meta.total,
      };
    };
    const search = (term: string) => list(`search=${encodeURIComponent(term)}`);

    expect(await search('ana gar')).toEqual({ ids: [anaTuition.id, anaHelmet.id], total: 2 });
    expect(await search('bruno díaz')).toEqual({ ids: [brunoFee.id], total: 1 });
    // Accents aside, as on the students list: "diaz" finds Díaz.
    expect(await search('bruno diaz')).toEqual({ ids: [brunoFee.id], total: 1 });
    expect(await search('  BRUNO  ')).toEqual({ ids: [brunoFee.id], total: 1 });
    expect(await search('R-2026-000042')).toEqual({ ids: [anaHelmet.id], total: 1 });
    expect(await search('000042')).toEqual({ ids: [anaHelmet.id], total: 1 });
    expect(await search('helmet')).toEqual({ ids: [anaHelmet.id], total: 1 });
    expect(await search('enrollment fee')).toEqual({ ids: [brunoFee.id], total: 1 });
    expect(await search('tuition')).toEqual({ ids: [anaTuition.id], total: 1 });
    // LIKE wildcards are taken literally.
    expect(await search('%')).toEqual({ ids: [percentCharge.id], total: 1 });
    expect(await search('nobody')).toEqual({ ids: [], total: 0 });
    expect((await search('   ')).total).toBe(4);
    expect((await search('ana')).ids).not.toContain(other.payment.id);
    // With the other filters, and past the last page (the count apart).
    expect(await list('search=ana&status=paid')).toEqual({ ids: [anaHelmet.id], total: 1 });
    expect(await list('search=ana&status=pending,overdue')).toEqual({
      ids: [anaTuition.id],
      total: 1,
    });
    expect(await list('search=ana&per_page=1&page=2')).toEqual({ ids: [anaHelmet.id], total: 2 });
    expect(await list('search=ana&per_page=1&page=5')).toEqual({ ids: [], total: 2 });
  });

  it('sorts by due date either way, by amount either way and by student, ties newest due date first', async () => {
    const s = await setup();
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno', lastName: 'Benítez' });
    const zoe = await f.student(s.schoolId, { firstName: 'Zoe', lastName: 'Zamora' });
    const a = await charge(s.schoolId, s.student.id, { dueDate: '2026-02-01', amount: '30.00' });
    const b = await charge(s.schoolId, bruno.id, { dueDate: '2026-03-01', amount: '120.00' });
    const c = await charge(s.schoolId, zoe.id, { dueDate: '2026-01-01', amount: '30.00' });
    const d = await charge(s.schoolId, s.student.id, { dueDate: '2026-04-01', amount: '9.50' });

    const ids = async (query: string) => {
      const res = await app.request('GET', `${s.base}?${query}`, { token: s.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((p: { id: string }) => p.id);
    };

    expect(await ids('')).toEqual([d.id, b.id, a.id, c.id]);
    expect(await ids('sort=due_date_desc')).toEqual([d.id, b.id, a.id, c.id]);
    expect(await ids('sort=due_date_asc')).toEqual([c.id, a.id, b.id, d.id]);
    expect(await ids('sort=amount_desc')).toEqual([b.id, a.id, c.id, d.id]);
    expect(await ids('sort=amount_asc')).toEqual([d.id, a.id, c.id, b.id]);
    // Benítez, García (newest due first), Zamora.
    expect(await ids('sort=student')).toEqual([b.id, d.id, a.id, c.id]);
    expect(await ids('sort=student&per_page=2&page=2')).toEqual([a.id, c.id]);
  });

  it('rejects invalid filters with 422 on the field', async () => {
    const s = await setup();
    expect422(
      await app.request('GET', `${s.base}?status=late`, { token: s.token }),
      'status',
      'The selected status is invalid.',
    );
    for (const status of ['pending,late', 'pending,', 'pending, overdue', ''])
      expect422(
        await app.request('GET', `${s.base}?status=${encodeURIComponent(status)}`, {
          token: s.token,
        }),
        'status',
        'The selected status is invalid.',
      );
    expect422(
      await app.request('GET', `${s.base}?sort=newest`, { token: s.token }),
      'sort',
      'The selected sort is invalid.',
    );
    expect422(
      await app.request('GET', `${s.base}?search=${'a'.repeat(256)}`, { token: s.token }),
      'search',
      'The search field must not be greater than 255 characters.',
    );
    expect422(
      await app.request('GET', `${s.base}?student_id=nope`, { token: s.token }),
      'student_id',
    );
    expect422(
      await app.request('GET', `${s.base}?start_date=2026-02-30`, { token: s.token }),
      'start_date',
    );
    expect422(
      await app.request('GET', `${s.base}?end_date=tomorrow`, { token: s.token }),
      'end_date',
    );
    expect422(
      await app.request('GET', `${s.base}?start_date=2026-03-10&end_date=2026-03-09`, {
        token: s.token,
      }),
      'end_date',
      'The end date field must be a date after or equal to start date.',
    );
    expect422(await app.request('GET', `${s.base}?per_page=101`, { token: s.token }), 'per_page');
    expect422(await app.request('GET', `${s.base}?page=0`, { token: s.token }), 'page');
  });

  it('refuses an instructor (no payments.view) and a stranger with 403, and answers 401 without a token', async () => {
    const s = await setup();
    await app.createSchool({ members: { 'stranger@c.test': 'owner' } });
    expect403(await app.request('GET', s.base, { token: await tokenOf('instructor@a.test') }));
    expect403(await app.request('GET', s.base, { token: await app.tokenFor('stranger@c.test') }));
    expect((await app.request('GET', s.base)).status).toBe(401);
    expect(
      (await app.request('GET', s.base, { token: await tokenOf('manager@a.test') })).status,
    ).toBe(200);
  });

  it('runs the same number of statements for 2 payments and 20, searched and sorted too', async () => {
    const s = await setup();
    const count = async (query: string) => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `${s.base}?${query}`, { token: s.token }),
      );
      expect(res.status).toBe(200);
      return { statements: counter.count, rows: res.body.data.length };
    };
    const queries = ['status=pending', 'status=pending,overdue&search=garc&sort=student'];
    for (let i = 0; i < 2; i++)
      await charge(s.schoolId, (await f.student(s.schoolId, { firstName: `S${i}` })).id);
    const two = [await count(queries[0]!), await count(queries[1]!)];
    for (let i = 2; i < 20; i++)
      await charge(s.schoolId, (await f.student(s.schoolId, { firstName: `S${i}` })).id);
    const twenty = [await count(queries[0]!), await count(queries[1]!)];

    expect(two.map((c) => c.rows)).toEqual([2, 2]);
    expect(twenty.map((c) => c.rows)).toEqual([20, 20]);
    expect(twenty.map((c) => c.statements)).toEqual(two.map((c) => c.statements));
  });
});

describe('overdue in the school’s time zone', () => {
  it('reports a pending payment as overdue from the first minute of the day after its due date, local time', async () => {
    // Auckland is UTC+13 in March: 2026-03-11 00:00 there is 2026-03-10 11:00 UTC.
    freezeAt('2026-03-10T10:59:00Z');
    const s = await setup('Pacific/Auckland');
    const utc = await app.createSchool({ timezone: 'UTC', members: { 'utc@a.test': 'owner' } });
    const utcStudent = await f.student(utc);
    const payment = await charge(s.schoolId, s.student.id, { dueDate: '2026-03-10' });
    const utcPayment = await charge(utc, utcStudent.id, { dueDate: '2026-03-10' });
    const statusOf = async (schoolId: string, id: string) => {
      const owner = schoolId === utc ? 'utc@a.test' : 'owner@a.test';
      const res = await app.request('GET', `/api/schools/${schoolId}/payments/${id}`, {
        token: await app.tokenFor(owner),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.status;
    };
    const listed = async (status: string) => {
      const res = await app.request('GET', `${s.base}?status=${status}`, {
        token: await tokenOf('owner@a.test'),
      });
      return res.body.data.map((p: { id: string }) => p.id);
    };

    // 23:59 on the due date in Auckland: still pending.
    expect(await statusOf(s.schoolId, payment.id)).toBe('pending');
    expect(await listed('pending')).toEqual([payment.id]);
    expect(await listed('overdue')).toEqual([]);

    vi.setSystemTime(new Date('2026-03-10T11:00:00Z'));
    expect(await statusOf(s.schoolId, payment.id)).toBe('overdue');
    expect(await listed('pending')).toEqual([]);
    expect(await listed('overdue')).toEqual([payment.id]);
    // The same instant is still the due date in UTC.
    expect(await statusOf(utc, utcPayment.id)).toBe('pending');
    // Stored state is unchanged: overdue is derived.
    const [row] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.status).toBe('pending');
  });
});

describe('POST /api/schools/{schoolId}/payments', () => {
  it('charges a student: pending, concept other, the school’s currency, created by the caller, with an audit row', async () => {
    const s = await setup();

    const res = await app.request('POST', s.base, {
      token: s.token,
      body: { student_id: s.student.id, amount: 35.5, due_date: '2026-12-01', unknown: 'ignored' },
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: record(s, { amount: 35.5, due_date: '2026-12-01', created_by: s.ownerId }),
    });
    const [row] = await app.db.select().from(payments).where(eq(payments.id, res.body.data.id));
    expect(row).toMatchObject({
      schoolId: s.schoolId,
      amount: '35.50',
      currency: 'EUR',
      status: 'pending',
    });
    const audit = await auditOf(res.body.data.id);
    expect(audit).toEqual([
      {
        schoolId: s.schoolId,
        id: expect.stringMatching(UUID),
        paymentId: res.body.data.id,
        action: 'create',
        actorId: s.ownerId,
        at: expect.any(Date),
        before: null,
        after: snapshot({
          id: res.body.data.id,
          student_id: s.student.id,
          amount: 35.5,
          due_date: '2026-12-01',
        }),
      },
    ]);
  });

  it('takes every field; an enrollment gives its class, and a tuition charge its due date’s month as period', async () => {
    const s = await setup();
    const manager = await tokenOf('manager@a.test');
    const instructor = await f.instructor(s.schoolId);
    const klass = await f.class(s.schoolId, { name: 'Jumping' });
    const schedule = await f.schedule(s.schoolId, {
      classId: klass.id,
      instructorId: instructor.id,
    });
    const enrollment = await f.enrollment(s.schoolId, {
      studentId: s.student.id,
      classId: klass.id,
      scheduleId: schedule.id,
    });

    const res = await app.request('POST', s.base, {
      token: manager,
      body: {
        student_id: s.student.id,
        enrollment_id: enrollment.id,
        concept: 'tuition',
        description: '  March tuition ',
        amount: 80,
        due_date: '2026-03-10',
        notes: 'Pays by transfer',
      },
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toEqual(
      record(s, {
        enrollment_id: enrollment.id,
        class_id: klass.id,
        class: { id: klass.id, name: 'Jumping' },
        concept: 'tuition',
        description: 'March tuition',
        amount: 80,
        due_date: '2026-03-10',
        period: '2026-03',
        status: 'overdue',
        notes: 'Pays by transfer',
        created_by: expect.stringMatching(UUID),
      }),
    );

    // A class without an enrollment, and an explicit period.
    const other = await app.request('POST', s.base, {
      token: s.token,
      body: {
        student_id: s.student.id,
        class_id: klass.id,
        concept: 'tuition',
        period: '2026-04',
        amount: 0.01,
        due_date: '2026-03-25',
      },
    });
    expect(other.status).toBe(201);
    expect(other.body.data).toMatchObject({
      class_id: klass.id,
      enrollment_id: null,
      period: '2026-04',
      amount: 0.01,
    });
  });

  it('refuses a second live tuition charge for the same student and month (422 period), but not after a cancellation', async () => {
    const s = await setup();
    const body = {
      student_id: s.student.id,
      concept: 'tuition',
      amount: 80,
      due_date: '2026-03-10',
    };
    const first = await app.request('POST', s.base, { token: s.token, body });
    expect(first.status).toBe(201);

    expect422(
      await app.request('POST', s.base, {
        token: s.token,
        body: { ...body, due_date: '2026-03-20' },
      }),
      'period',
      'The student already has a tuition charge for this period.',
    );
    // Another student, another month or another concept is fine.
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });
    expect(
      (
        await app.request('POST', s.base, {
          token: s.token,
          body: { ...body, student_id: bruno.id },
        })
      ).status,
    ).toBe(201);
    expect(
      (await app.request('POST', s.base, { token: s.token, body: { ...body, period: '2026-04' } }))
        .status,
    ).toBe(201);
    expect(
      (
        await app.request('POST', s.base, {
          token: s.token,
          body: { ...body, concept: 'other', period: '2026-03' },
        })
      ).status,
    ).toBe(201);

    expect(
      (await app.request('DELETE', `${s.base}/${first.body.data.id}`, { token: s.token })).status,
    ).toBe(200);
    expect((await app.request('POST', s.base, { token: s.token, body })).status).toBe(201);
  });

  it('validates each field with 422', async () => {
    const s = await setup();
    const valid = { student_id: s.student.id, amount: 10, due_date: '2026-03-10' };
    const post = (body: Record<string, unknown>) =>
      app.request('POST', s.base, { token: s.token, body });

    const empty = await post({});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      message: 'The student id field is required. (and 2 more errors)',
      errors: {
        student_id: ['The student id field is required.'],
        amount: ['The amount field is required.'],
        due_date: ['The due date field is required.'],
      },
    });
    expect422(await post({ ...valid, student_id: 'nope' }), 'student_id');
    expect422(
      await post({ ...valid, amount: 0 }),
      'amount',
      'The amount field must be greater than 0.',
    );
    expect422(await post({ ...valid, amount: -5 }), 'amount');
    expect422(
      await post({ ...valid, amount: 10.005 }),
      'amount',
      'The amount field must have 0-2 decimal places.',
    );
    expect422(
      await post({ ...valid, amount: '10' }),
      'amount',
      'The amount field must be a number.',
    );
    expect422(await post({ ...valid, amount: 10_000_000_000 }), 'amount');
    expect422(await post({ ...valid, due_date: '2026-02-30' }), 'due_date');
    expect422(await post({ ...valid, due_date: '0001-01-01' }), 'due_date');
    expect422(await post({ ...valid, concept: 'donation' }), 'concept');
    expect422(await post({ ...valid, period: '2026-13' }), 'period');
    expect422(await post({ ...valid, period: '2026-3' }), 'period');
    expect422(await post({ ...valid, description: 'x'.repeat(256) }), 'description');
    expect422(await post({ ...valid, notes: 'x'.repeat(5001) }), 'notes');
    expect422(await post({ ...valid, enrollment_id: 'nope' }), 'enrollment_id');
    expect(await app.db.select().from(payments)).toEqual([]);
  });

  it('refuses another school’s student, enrollment or class with 422 on that field, and mismatches', async () => {
    const s = await setup();
    const other = await otherSchool();
    const instructor = await f.instructor(s.schoolId);
    const klass = await f.class(s.schoolId);
    const otherClass = await f.class(s.schoolId, { name: 'Other class' });
    const schedule = await f.schedule(s.schoolId, {
      classId: klass.id,
      instructorId: instructor.id,
    });
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });
    const brunos = await f.enrollment(s.schoolId, {
      studentId: bruno.id,
      classId: klass.id,
      scheduleId: schedule.id,
    });
    const anas = await f.enrollment(s.schoolId, {
      studentId: s.student.id,
      classId: klass.id,
      scheduleId: schedule.id,
    });
    const valid = { student_id: s.student.id, amount: 10, due_date: '2026-03-10' };
    const post = (body: Record<string, unknown>) =>
      app.request('POST', s.base, { token: s.token, body });

    expect422(
      await post({ ...valid, student_id: other.student.id }),
      'student_id',
      'The selected student id is invalid.',
    );
    expect422(
      await post({ ...valid, enrollment_id: other.enrollment.id }),
      'enrollment_id',
      'The selected enrollment id is invalid.',
    );
    expect422(
      await post({ ...valid, class_id: other.klass.id }),
      'class_id',
      'The selected class id is invalid.',
    );
    expect422(
      await post({ ...valid, enrollment_id: brunos.id }),
      'enrollment_id',
      'The selected enrollment is not an enrollment of the selected student.',
    );
    expect422(
      await post({ ...valid, enrollment_id: anas.id, class_id: otherClass.id }),
      'class_id',
      'The selected class is not the class of the selected enrollment.',
    );
    expect(await app.db.select().from(payments).where(eq(payments.schoolId, s.schoolId))).toEqual(
      [],
    );
  });

  it('refuses a viewer and an instructor with 403 (before validating), and answers 401 without a token', async () => {
    const s = await setup();
    const body = { student_id: s.student.id, amount: 10, due_date: '2026-03-10' };
    expect403(await app.request('POST', s.base, { token: await tokenOf('viewer@a.test'), body }));
    expect403(
      await app.request('POST', s.base, { token: await tokenOf('instructor@a.test'), body: {} }),
    );
    expect((await app.request('POST', s.base, { body })).status).toBe(401);
  });
});

describe('GET /api/schools/{schoolId}/payments/{paymentId}', () => {
  it('answers one payment', async () => {
    const s = await setup();
    const payment = await charge(s.schoolId, s.student.id, {
      dueDate: '2099-01-01',
      description: 'Saddle',
    });

    const res = await app.request('GET', `${s.base}/${payment.id}`, {
      token: await tokenOf('viewer@a.test'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: record(s, { id: payment.id, due_date: '2099-01-01', description: 'Saddle' }),
    });
  });

  it('answers 404 for another school’s payment and a malformed id, 403 for an instructor, 401 without a token', async () => {
    const s = await setup();
    const other = await otherSchool();
    const payment = await charge(s.schoolId, s.student.id);
    expect404(await app.request('GET', `${s.base}/${other.payment.id}`, { token: s.token }));
    expect404(await app.request('GET', `${s.base}/not-a-uuid`, { token: s.token }));
    expect403(
      await app.request('GET', `${s.base}/${payment.id}`, {
        token: await tokenOf('instructor@a.test'),
      }),
    );
    expect((await app.request('GET', `${s.base}/${payment.id}`)).status).toBe(401);
  });
});

describe('PUT /api/schools/{schoolId}/payments/{paymentId}', () => {
  it('changes the terms of a pending payment and audits before and after', async () => {
    const s = await setup();
    const payment = await charge(s.schoolId, s.student.id, { dueDate: '2099-01-10' });
    const manager = await tokenOf('manager@a.test');

    const res = await app.request('PUT', `${s.base}/${payment.id}`, {
      token: manager,
      body: {
        amount: 42.1,
        due_date: '2099-02-15',
        description: 'Helmet',
        notes: 'Agreed by phone',
        concept: 'enrollment_fee',
        student_id: 'ignored',
      },
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: record(s, {
        id: payment.id,
        amount: 42.1,
        due_date: '2099-02-15',
        description: 'Helmet',
        notes: 'Agreed by phone',
        concept: 'enrollment_fee',
      }),
    });
    const [manager_] = await app.db.select().from(users).where(eq(users.email, 'manager@a.test'));
    const audit = await auditOf(payment.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'update',
        actorId: manager_!.id,
        before: snapshot({ id: payment.id, due_date: '2099-01-10' }),
        after: snapshot({
          id: payment.id,
          amount: 42.1,
          due_date: '2099-02-15',
          description: 'Helmet',
          notes: 'Agreed by phone',
          concept: 'enrollment_fee',
        }),
      }),
    ]);

    // Only what is sent changes; an empty text clears.
    const partial = await app.request('PUT', `${s.base}/${payment.id}`, {
      token: s.token,
      body: { notes: '' },
    });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toMatchObject({ amount: 42.1, description: 'Helmet', notes: null });
  });

  it('changes an overdue payment too; becoming tuition gives it a period, and a taken period is 422', async () => {
    const s = await setup();
    const overdue = await charge(s.schoolId, s.student.id, { dueDate: '2026-01-10' });
    await charge(s.schoolId, s.student.id, {
      concept: 'tuition',
      period: '2026-02',
      dueDate: '2026-02-10',
    });

    const res = await app.request('PUT', `${s.base}/${overdue.id}`, {
      token: s.token,
      body: { concept: 'tuition' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      concept: 'tuition',
      period: '2026-01',
      status: 'overdue',
    });

    expect422(
      await app.request('PUT', `${s.base}/${overdue.id}`, {
        token: s.token,
        body: { period: '2026-02' },
      }),
      'period',
      'The student already has a tuition charge for this period.',
    );
  });

  it('refuses to change a paid or cancelled payment with 409', async () => {
    const s = await setup();
    const paid = await charge(s.schoolId, s.student.id, {
      status: 'paid',
      paymentMethod: 'cash',
      paidDate: '2026-01-01',
    });
    const cancelled = await charge(s.schoolId, s.student.id, { status: 'cancelled' });
    expect409(
      await app.request('PUT', `${s.base}/${paid.id}`, { token: s.token, body: { amount: 1 } }),
      'The payment is already paid. Only a pending or overdue payment can be changed.',
    );
    expect409(
      await app.request('PUT', `${s.base}/${cancelled.id}`, {
        token: s.token,
        body: { amount: 1 },
      }),
      'The payment is cancelled. Only a pending or overdue payment can be changed.',
    );
    expect(await app.db.select().from(paymentAudit)).toEqual([]);
  });

  it('validates with 422, answers 404 for another school’s payment and a malformed id, 403 for a viewer', async () => {
    const s = await setup();
    const other = await otherSchool();
    const payment = await charge(s.schoolId, s.student.id);
    const put = (id: string, body: Record<string, unknown>, token = s.token) =>
      app.request('PUT', `${s.base}/${id}`, { token, body });

    expect422(await put(payment.id, { amount: 0 }), 'amount');
    expect422(await put(payment.id, { amount: null }), 'amount', 'The amount field is required.');
    expect422(await put(payment.id, { due_date: 'soon' }), 'due_date');
    expect422(await put(payment.id, { concept: 'gift' }), 'concept');
    expect404(await put(other.payment.id, { amount: 1 }));
    expect404(await put('nope', { amount: 1 }));
    expect403(await put(payment.id, { amount: 1 }, await tokenOf('viewer@a.test')));
    expect403(await put(payment.id, { amount: 1 }, await tokenOf('instructor@a.test')));
    expect(
      (await app.request('PUT', `${s.base}/${payment.id}`, { body: { amount: 1 } })).status,
    ).toBe(401);
    const [row] = await app.db.select().from(payments).where(eq(payments.id, other.payment.id));
    expect(row!.amount).toBe('50.00');
  });
});

describe('DELETE /api/schools/{schoolId}/payments/{paymentId} (cancel)', () => {
  it('cancels a pending or overdue payment and keeps the record, with an audit row', async () => {
    const s = await setup();
    const pending = await charge(s.schoolId, s.student.id, { dueDate: '2099-01-10' });
    const overdue = await charge(s.schoolId, s.student.id, { dueDate: '2026-01-10' });
    const manager = await tokenOf('manager@a.test');

    const res = await app.request('DELETE', `${s.base}/${pending.id}`, { token: manager });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Payment cancelled.',
      data: record(s, { id: pending.id, due_date: '2099-01-10', status: 'cancelled' }),
    });
    const overdueRes = await app.request('DELETE', `${s.base}/${overdue.id}`, { token: s.token });
    expect(overdueRes.status).toBe(200);
    expect(overdueRes.body.data.status).toBe('cancelled');

    expect(
      await app.db.select().from(payments).where(eq(payments.schoolId, s.schoolId)),
    ).toHaveLength(2);
    const audit = await auditOf(pending.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'cancel',
        before: snapshot({ id: pending.id, due_date: '2099-01-10' }),
        after: snapshot({ id: pending.id, due_date: '2099-01-10', status: 'cancelled' }),
      }),
    ]);
  });

  it('refuses to cancel a paid or already cancelled payment with 409', async () => {
    const s = await setup();
    const paid = await charge(s.schoolId, s.student.id, {
      status: 'paid',
      paymentMethod: 'card',
      paidDate: '2026-01-01',
    });
    const cancelled = await charge(s.schoolId, s.student.id, { status: 'cancelled' });
    expect409(
      await app.request('DELETE', `${s.base}/${paid.id}`, { token: s.token }),
      'The payment is already paid. Only a pending or overdue payment can be cancelled.',
    );
    expect409(
      await app.request('DELETE', `${s.base}/${cancelled.id}`, { token: s.token }),
      'The payment is cancelled. Only a pending or overdue payment can be cancelled.',
    );
  });

  it('answers 404 for another school’s payment and a malformed id, 403 for a viewer, 401 without a token', async () => {
    const s = await setup();
    const other = await otherSchool();
    const payment = await charge(s.schoolId, s.student.id);
    expect404(await app.request('DELETE', `${s.base}/${other.payment.id}`, { token: s.token }));
    expect404(await app.request('DELETE', `${s.base}/nope`, { token: s.token }));
    expect403(
      await app.request('DELETE', `${s.base}/${payment.id}`, {
        token: await tokenOf('viewer@a.test'),
      }),
    );
    expect((await app.request('DELETE', `${s.base}/${payment.id}`)).status).toBe(401);
    const [row] = await app.db.select().from(payments).where(eq(payments.id, other.payment.id));
    expect(row!.status).toBe('pending');
  });

  it('keeps the student from being deleted once charged (history, 409)', async () => {
    const s = await setup();
    await charge(s.schoolId, s.student.id);
    const res = await app.request('DELETE', `/api/schools/${s.schoolId}/students/${s.student.id}`, {
      token: s.token,
    });
    expect(res.status).toBe(409);
  });
});

describe('POST /api/schools/{schoolId}/payments/{paymentId}/pay', () => {
  it('registers a payment: paid today in the school’s time zone with the next receipt number, audited', async () => {
    freezeAt('2026-06-30T23:30:00Z');
    const s = await setup('Europe/Madrid');
    const first = await charge(s.schoolId, s.student.id, { dueDate: '2026-07-10' });
    const second = await charge(s.schoolId, s.student.id, { dueDate: '2026-07-10' });
    const manager = await tokenOf('manager@a.test');

    const res = await app.request('POST', `${s.base}/${first.id}/pay`, {
      token: manager,
      body: { payment_method: 'cash' },
    });

    // 01:30 on 1 July in Madrid.
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: record(s, {
        id: first.id,
        due_date: '2026-07-10',
        status: 'paid',
        payment_method: 'cash',
        paid_date: '2026-07-01',
        receipt_number: 'R-2026-000001',
      }),
    });
    const next = await app.request('POST', `${s.base}/${second.id}/pay`, {
      token: s.token,
      body: { payment_method: 'mobile_wallet', notes: 'Paid with the app' },
    });
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({
      payment_method: 'mobile_wallet',
      receipt_number: 'R-2026-000002',
      notes: 'Paid with the app',
    });

    const audit = await auditOf(first.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'pay',
        before: snapshot({ id: first.id, due_date: '2026-07-10' }),
        after: snapshot({
          id: first.id,
          due_date: '2026-07-10',
          status: 'paid',
          payment_method: 'cash',
          paid_date: '2026-07-01',
          receipt_number: 'R-2026-000001',
        }),
      }),
    ]);
  });

  it('pays an overdue payment with a given date, receipt number and notes', async () => {
    const s = await setup();
    const overdue = await charge(s.schoolId, s.student.id, {
      dueDate: '2026-01-10',
      notes: 'old note',
    });

    const res = await app.request('POST', `${s.base}/${overdue.id}/pay`, {
      token: s.token,
      body: {
        payment_method: 'transfer',
        paid_date: '2026-01-20',
        receipt_number: ' B-77 ',
        notes: 'Bank ref 991',
      },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      record(s, {
        id: overdue.id,
        due_date: '2026-01-10',
        status: 'paid',
        payment_method: 'transfer',
        paid_date: '2026-01-20',
        receipt_number: 'B-77',
        notes: 'Bank ref 991',
      }),
    );
  });

  it('numbers receipts per school and year of the paid date, skipping numbers already used by hand', async () => {
    const s = await setup();
    const other = await otherSchool();
    await app.db
      .insert(paymentReceiptCounters)
      .values({ schoolId: other.schoolId, year: 2026, lastNumber: 41 });
    await charge(s.schoolId, s.student.id, {
      status: 'paid',
      paymentMethod: 'cash',
      paidDate: '2026-01-01',
      receiptNumber: 'R-2026-000001',
    });
    const a = await charge(s.schoolId, s.student.id);
    const b = await charge(s.schoolId, s.student.id);
    const c = await charge(s.schoolId, s.student.id);
    const pay = (id: string, body: Record<string, unknown>) =>
      app.request('POST', `${s.base}/${id}/pay`, { token: s.token, body });

    expect(
      (await pay(a.id, { payment_method: 'card', paid_date: '2026-02-01' })).body.data
        .receipt_number,
    ).toBe('R-2026-000002');
    expect(
      (await pay(b.id, { payment_method: 'card', paid_date: '2025-12-31' })).body.data
        .receipt_number,
    ).toBe('R-2025-000001');
    expect(
      (await pay(c.id, { payment_method: 'other', paid_date: '2026-03-01' })).body.data
        .receipt_number,
    ).toBe('R-2026-000003');
  });

  it('refuses a receipt number already used in the school (422), not one used by another school', async () => {
    const s = await setup();
    const other = await otherSchool();
    await charge(other.schoolId, other.student.id, {
      status: 'paid',
      paymentMethod: 'cash',
      paidDate: '2026-01-01',
      receiptNumber: 'X-1',
    });
    const first = await charge(s.schoolId, s.student.id);
    const second = await charge(s.schoolId, s.student.id);

    expect(
      (
        await app.request('POST', `${s.base}/${first.id}/pay`, {
          token: s.token,
          body: { payment_method: 'cash', receipt_number: 'X-1' },
        })
      ).status,
    ).toBe(200);
    expect422(
      await app.request('POST', `${s.base}/${second.id}/pay`, {
        token: s.token,
        body: { payment_method: 'cash', receipt_number: 'X-1' },
      }),
      'receipt_number',
      'The receipt number has already been taken.',
    );
    const [row] = await app.db.select().from(payments).where(eq(payments.id, second.id));
    expect(row!.status).toBe('pending');
    expect(await auditOf(second.id)).toEqual([]);
  });

  it('refuses to pay a paid or cancelled payment with 409', async () => {
    const s = await setup();
    const paid = await charge(s.schoolId, s.student.id, {
      status: 'paid',
      paymentMethod: 'cash',
      paidDate: '2026-01-01',
    });
    const cancelled = await charge(s.schoolId, s.student.id, { status: 'cancelled' });
    expect409(
      await app.request('POST', `${s.base}/${paid.id}/pay`, {
        token: s.token,
        body: { payment_method: 'cash' },
      }),
      'The payment is already paid. Only a pending or overdue payment can be paid.',
    );
    expect409(
      await app.request('POST', `${s.base}/${cancelled.id}/pay`, {
        token: s.token,
        body: { payment_method: 'cash' },
      }),
      'The payment is cancelled. Only a pending or overdue payment can be paid.',
    );
  });

  it('validates with 422: payment method required and known, paid date a real date not after today, receipt length', async () => {
    const s = await setup('Pacific/Auckland');
    const payment = await charge(s.schoolId, s.student.id);
    const pay = (body: Record<string, unknown>) =>
      app.request('POST', `${s.base}/${payment.id}/pay`, { token: s.token, body });

    expect422(await pay({}), 'payment_method', 'The payment method field is required.');
    expect422(
      await pay({ payment_method: 'bitcoin' }),
      'payment_method',
      'The selected payment method is invalid.',
    );
    expect422(await pay({ payment_method: 'cash', paid_date: '2026-02-30' }), 'paid_date');
    expect422(
      await pay({ payment_method: 'cash', paid_date: day(1, 'Pacific/Auckland') }),
      'paid_date',
      'The paid date field must be a date before or equal to today.',
    );
    expect422(
      await pay({ payment_method: 'cash', receipt_number: 'x'.repeat(51) }),
      'receipt_number',
    );
    // Today in the school's zone is accepted.
    expect(
      (await pay({ payment_method: 'cash', paid_date: day(0, 'Pacific/Auckland') })).status,
    ).toBe(200);
  });

  it('answers 404 for another school’s payment and a malformed id, 403 for a viewer and an instructor, 401 without a token', async () => {
    const s = await setup();
    const other = await otherSchool();
    const payment = await charge(s.schoolId, s.student.id);
    const body = { payment_method: 'cash' };
    expect404(
      await app.request('POST', `${s.base}/${other.payment.id}/pay`, { token: s.token, body }),
    );
    expect404(await app.request('POST', `${s.base}/nope/pay`, { token: s.token, body }));
    expect403(
      await app.request('POST', `${s.base}/${payment.id}/pay`, {
        token: await tokenOf('viewer@a.test'),
        body,
      }),
    );
    expect403(
      await app.request('POST', `${s.base}/${payment.id}/pay`, {
        token: await tokenOf('instructor@a.test'),
        body,
      }),
    );
    expect((await app.request('POST', `${s.base}/${payment.id}/pay`, { body })).status).toBe(401);
    const [row] = await app.db.select().from(payments).where(eq(payments.id, other.payment.id));
    expect(row!.status).toBe('pending');
  });
});

describe('GET /api/schools/{schoolId}/payments/{paymentId}/audit', () => {
  it('lists who did what and when, oldest first, with the fields before and after', async () => {
    const s = await setup();
    const created = await app.request('POST', s.base, {
      token: s.token,
      body: { student_id: s.student.id, amount: 20, due_date: '2099-01-10' },
    });
    const id = created.body.data.id;
    const manager = await tokenOf('manager@a.test');
    expect(
      (await app.request('PUT', `${s.base}/${id}`, { token: manager, body: { amount: 25 } }))
        .status,
    ).toBe(200);
    expect(
      (
        await app.request('POST', `${s.base}/${id}/pay`, {
          token: s.token,
          body: { payment_method: 'card', receipt_number: 'A-1' },
        })
      ).status,
    ).toBe(200);

    const res = await app.request('GET', `${s.base}/${id}/audit`, {
      token: await tokenOf('viewer@a.test'),
    });

    expect(res.status).toBe(200);
    const owner = { id: s.ownerId, name: 'owner', email: 'owner@a.test' };
    const [managerRow] = await app.db.select().from(users).where(eq(users.email, 'manager@a.test'));
    const base = { id, student_id: s.student.id, due_date: '2099-01-10' };
    expect(res.body).toEqual({
      data: [
        {
          id: expect.stringMatching(UUID),
          payment_id: id,
          action: 'create',
          actor: owner,
          at: expect.stringMatching(ISO_TIMESTAMP),
          before: null,
          after: snapshot({ ...base, amount: 20 }),
        },
        {
          id: expect.stringMatching(UUID),
          payment_id: id,
          action: 'update',
          actor: { id: managerRow!.id, name: 'manager', email: 'manager@a.test' },
          at: expect.stringMatching(ISO_TIMESTAMP),
          before: snapshot({ ...base, amount: 20 }),
          after: snapshot({ ...base, amount: 25 }),
        },
        {
          id: expect.stringMatching(UUID),
          payment_id: id,
          action: 'pay',
          actor: owner,
          at: expect.stringMatching(ISO_TIMESTAMP),
          before: snapshot({ ...base, amount: 25 }),
          after: snapshot({
            ...base,
            amount: 25,
            status: 'paid',
            payment_method: 'card',
            paid_date: todayIn('UTC'),
            receipt_number: 'A-1',
          }),
        },
      ],
    });
    const times = res.body.data.map((entry: { at: string }) => entry.at);
    expect([...times].sort()).toEqual(times);
  });

  it('answers an empty trail for a payment recorded without one, 404 for another school’s payment and a malformed id, 403 for an instructor', async () => {
    const s = await setup();
    const other = await otherSchool();
    const payment = await charge(s.schoolId, s.student.id);
    const res = await app.request('GET', `${s.base}/${payment.id}/audit`, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
    expect404(await app.request('GET', `${s.base}/${other.payment.id}/audit`, { token: s.token }));
    expect404(await app.request('GET', `${s.base}/nope/audit`, { token: s.token }));
    expect403(
      await app.request('GET', `${s.base}/${payment.id}/audit`, {
        token: await tokenOf('instructor@a.test'),
      }),
    );
    expect((await app.request('GET', `${s.base}/${payment.id}/audit`)).status).toBe(401);
  });
});
