import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { paymentAudit, payments, users } from '@/db/schema';
import { useTestApp, type TestResponse } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';
import { dueDateOf } from './monthly-charges';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const MEMBERS = {
  'owner@a.test': 'owner',
  'manager@a.test': 'manager',
  'instructor@a.test': 'instructor',
  'viewer@a.test': 'viewer',
} as const;

async function school() {
  const schoolId = await app.createSchool({ members: { ...MEMBERS } });
  const token = await app.tokenFor('owner@a.test');
  expect((await app.request('GET', '/api/schools', { token })).status).toBe(200);
  const [owner] = await app.db.select().from(users).where(eq(users.email, 'owner@a.test'));
  const instructor = await f.instructor(schoolId);
  return {
    schoolId,
    token,
    ownerId: owner!.id,
    instructor,
    url: `/api/schools/${schoolId}/payments/generate-monthly`,
  };
}

type School = Awaited<ReturnType<typeof school>>;

/** A class with one schedule; `enroll` puts a student in it. */
async function offering(
  s: School,
  name: string,
  price: string,
  priceType: 'monthly' | 'per_class' | 'package' = 'monthly',
) {
  const klass = await f.class(s.schoolId, { name, price, priceType });
  const schedule = await f.schedule(s.schoolId, {
    classId: klass.id,
    instructorId: s.instructor.id,
  });
  return {
    klass,
    enroll: (studentId: string, values: Record<string, unknown> = {}) =>
      f.enrollment(s.schoolId, {
        studentId,
        classId: klass.id,
        scheduleId: schedule.id,
        startDate: '2026-01-01',
        ...values,
      }),
  };
}

/**
 * March 2026: who is charged what (hand-computed).
 * Ana 80.00 + 45.50 = 125.50; Fede (starts mid-March) 80.00; Iris (ends 5 March) 80.00;
 * Juan 80.00 (his package class is not monthly). Total 365.50 for 4 students.
 */
async function fixture() {
  const s = await school();
  const jumping = await offering(s, 'Jumping', '80.00');
  const dressage = await offering(s, 'Dressage', '45.50');
  const perClass = await offering(s, 'Private lesson', '20.00', 'per_class');
  const pack = await offering(s, 'Ten-pack', '300.00', 'package');
  const free = await offering(s, 'Open day', '0.00');
  const student = (firstName: string, status: 'active' | 'inactive' = 'active') =>
    f.student(s.schoolId, { firstName, lastName: 'Test', status });

  const ana = await student('Ana');
  await jumping.enroll(ana.id);
  await dressage.enroll(ana.id);
  await perClass.enroll((await student('Bruno')).id);
  await jumping.enroll((await student('Carla', 'inactive')).id);
  await jumping.enroll((await student('Dani')).id, { status: 'paused' });
  const eve = await student('Eve');
  await jumping.enroll(eve.id, { status: 'ended', endDate: '2026-02-15' });
  await dressage.enroll(eve.id, { endDate: '2026-02-28' });
  const fede = await student('Fede');
  await jumping.enroll(fede.id, { startDate: '2026-03-15' });
  await jumping.enroll((await student('Gus')).id, { startDate: '2026-04-01' });
  await free.enroll((await student('Hugo')).id);
  const iris = await student('Iris');
  await jumping.enroll(iris.id, { endDate: '2026-03-05' });
  await perClass.enroll(iris.id);
  const juan = await student('Juan');
  await jumping.enroll(juan.id);
  await pack.enroll(juan.id);

  // Another school's active, enrolled student is never charged here.
  const other = await app.createSchool({ name: 'Other' });
  const otherInstructor = await f.instructor(other);
  const otherClass = await f.class(other);
  const otherSchedule = await f.schedule(other, {
    classId: otherClass.id,
    instructorId: otherInstructor.id,
  });
  const otherStudent = await f.student(other);
  await f.enrollment(other, {
    studentId: otherStudent.id,
    classId: otherClass.id,
    scheduleId: otherSchedule.id,
  });

  return { ...s, jumping, dressage, students: { ana, eve, fede, iris, juan }, other };
}

const generate = (s: School, body: Record<string, unknown>, token = s.token) =>
  app.request('POST', s.url, { token, body });

const tuitions = (schoolId: string) =>
  app.db
    .select()
    .from(payments)
    .where(eq(payments.schoolId, schoolId))
    .orderBy(asc(payments.amount), asc(payments.description));

function expect422(res: TestResponse, field: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({
    message: expect.any(String),
    errors: { [field]: [message ?? expect.any(String)] },
  });
}

describe('POST /api/schools/{schoolId}/payments/generate-monthly', () => {
  it('charges each active student the sum of their monthly classes active in the month, due on day 10 by default', async () => {
    const s = await fixture();

    const res = await generate(s, { month: '2026-03' });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { created: 4, skipped: 0, total_amount: 365.5 } });
    const rows = await tuitions(s.schoolId);
    const common = {
      schoolId: s.schoolId,
      concept: 'tuition',
      currency: 'EUR',
      dueDate: '2026-03-10',
      period: '2026-03',
      status: 'pending',
      enrollmentId: null,
      classId: null,
      paymentMethod: null,
      paidDate: null,
      receiptNumber: null,
      notes: null,
      createdBy: s.ownerId,
    };
    for (const row of rows) expect(row).toMatchObject(common);
    expect(rows.map((row) => [row.studentId, row.amount, row.description]).sort()).toEqual(
      [
        [s.students.ana.id, '125.50', 'Tuition 2026-03: Dressage, Jumping'],
        [s.students.fede.id, '80.00', 'Tuition 2026-03: Jumping'],
        [s.students.iris.id, '80.00', 'Tuition 2026-03: Jumping'],
        [s.students.juan.id, '80.00', 'Tuition 2026-03: Jumping'],
      ].sort(),
    );
    expect(await tuitions(s.other)).toEqual([]);

    // Each creation is audited, with the same snapshot as a charge made by hand.
    const audit = await app.db
      .select()
      .from(paymentAudit)
      .where(eq(paymentAudit.schoolId, s.schoolId));
    expect(audit).toHaveLength(4);
    const ana = rows[3]!;
    expect(audit.find((entry) => entry.paymentId === ana.id)).toEqual({
      schoolId: s.schoolId,
      id: expect.stringMatching(UUID),
      paymentId: ana.id,
      action: 'create',
      actorId: s.ownerId,
      at: expect.any(Date),
      before: null,
      after: {
        id: ana.id,
        student_id: s.students.ana.id,
        enrollment_id: null,
        class_id: null,
        concept: 'tuition',
        description: 'Tuition 2026-03: Dressage, Jumping',
        amount: 125.5,
        currency: 'EUR',
        due_date: '2026-03-10',
        period: '2026-03',
        status: 'pending',
        payment_method: null,
        paid_date: null,
        receipt_number: null,
        notes: null,
      },
    });

    // The charges are ordinary payments: listed, overdue once due, payable.
    const listed = await app.request(
      'GET',
      `/api/schools/${s.schoolId}/payments?student_id=${s.students.ana.id}`,
      { token: s.token },
    );
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: ana.id,
        concept: 'tuition',
        amount: 125.5,
        period: '2026-03',
        status: 'overdue',
        created_by: s.ownerId,
      }),
    ]);
  });

  it('creates nothing new when run again for the same month: what the first run created is skipped', async () => {
    const s = await fixture();
    const first = await generate(s, { month: '2026-03', due_day: 5 });
    expect(first.body.data).toEqual({ created: 4, skipped: 0, total_amount: 365.5 });

    const second = await generate(s, { month: '2026-03', due_day: 20 });

    expect(second.status).toBe(200);
    expect(second.body).toEqual({ data: { created: 0, skipped: 4, total_amount: 0 } });
    const rows = await tuitions(s.schoolId);
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.dueDate === '2026-03-05')).toBe(true);
    expect(
      await app.db.select().from(paymentAudit).where(eq(paymentAudit.schoolId, s.schoolId)),
    ).toHaveLength(4);

    // Another month is charged anew: in May, Gus has started and Iris has left.
    expect((await generate(s, { month: '2026-05' })).body.data).toEqual({
      created: 4,
      skipped: 0,
      total_amount: 365.5,
    });
  });

  it('skips a student already charged for the month by hand, or whose tuition for the month was cancelled', async () => {
    const s = await fixture();
    const manual = await app.request('POST', `/api/schools/${s.schoolId}/payments`, {
      token: s.token,
      body: {
        student_id: s.students.ana.id,
        concept: 'tuition',
        period: '2026-03',
        amount: 100,
        due_date: '2026-03-01',
      },
    });
    expect(manual.status).toBe(201);
    const waived = await app.request('POST', `/api/schools/${s.schoolId}/payments`, {
      token: s.token,
      body: {
        student_id: s.students.fede.id,
        concept: 'tuition',
        amount: 80,
        due_date: '2026-03-10',
      },
    });
    expect(
      (
        await app.request('DELETE', `/api/schools/${s.schoolId}/payments/${waived.body.data.id}`, {
          token: s.token,
        })
      ).status,
    ).toBe(200);
    // Neither another month's tuition nor another concept for March counts.
    for (const body of [
      { student_id: s.students.iris.id, concept: 'tuition', amount: 80, due_date: '2026-02-10' },
      {
        student_id: s.students.juan.id,
        concept: 'other',
        period: '2026-03',
        amount: 15,
        due_date: '2026-03-10',
      },
    ]) {
      expect(
        (await app.request('POST', `/api/schools/${s.schoolId}/payments`, { token: s.token, body }))
          .status,
      ).toBe(201);
    }

    const res = await generate(s, { month: '2026-03' });

    expect(res.body).toEqual({ data: { created: 2, skipped: 2, total_amount: 160 } });
    const march = await app.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.schoolId, s.schoolId),
          eq(payments.concept, 'tuition'),
          eq(payments.period, '2026-03'),
        ),
      );
    expect(march.map((row) => [row.studentId, row.amount, row.status]).sort()).toEqual(
      [
        [s.students.ana.id, '100.00', 'pending'],
        [s.students.fede.id, '80.00', 'cancelled'],
        [s.students.iris.id, '80.00', 'pending'],
        [s.students.juan.id, '80.00', 'pending'],
      ].sort(),
    );
  });

  it('answers a dry run with the same figures without writing anything', async () => {
    const s = await fixture();

    const dry = await generate(s, { month: '2026-03', dry_run: true });

    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ data: { created: 4, skipped: 0, total_amount: 365.5 } });
    expect(await tuitions(s.schoolId)).toEqual([]);
    expect(await app.db.select().from(paymentAudit)).toEqual([]);

    expect((await generate(s, { month: '2026-03', dry_run: false })).body.data).toEqual({
      created: 4,
      skipped: 0,
      total_amount: 365.5,
    });
    expect((await generate(s, { month: '2026-03', dry_run: true })).body.data).toEqual({
      created: 0,
      skipped: 4,
      total_amount: 0,
    });
  });

  it('clamps due_day to the month’s last day: 31 is 28 February 2026 and 29 February 2028', async () => {
    const s = await school();
    const jumping = await offering(s, 'Jumping', '80.00');
    const student = await f.student(s.schoolId);
    await jumping.enroll(student.id);

    const dueDates: string[] = [];
    for (const [month, dueDay] of [
      ['2026-02', 31],
      ['2028-02', 31],
      ['2026-04', 31],
      ['2026-06', 30],
      ['2026-12', 31],
      ['2027-01', 1],
    ] as const) {
      const res = await generate(s, { month, due_day: dueDay });
      expect(res.body.data, `${month} day ${dueDay}`).toEqual({
        created: 1,
        skipped: 0,
        total_amount: 80,
      });
      const [row] = await app.db
        .select()
        .from(payments)
        .where(and(eq(payments.schoolId, s.schoolId), eq(payments.period, month)));
      dueDates.push(row!.dueDate);
    }

    expect(dueDates).toEqual([
      '2026-02-28',
      '2028-02-29',
      '2026-04-30',
      '2026-06-30',
      '2026-12-31',
      '2027-01-01',
    ]);
    expect([dueDateOf('2026-02', 29), dueDateOf('2024-02', 30), dueDateOf('2026-06', 10)]).toEqual([
      '2026-02-28',
      '2024-02-29',
      '2026-06-10',
    ]);
  });

  it('sums cents exactly: 0.10 + 0.20 is 0.30', async () => {
    const s = await school();
    const a = await offering(s, 'A', '0.10');
    const b = await offering(s, 'B', '0.20');
    const student = await f.student(s.schoolId);
    await a.enroll(student.id);
    await b.enroll(student.id);
    const other = await f.student(s.schoolId, { firstName: 'Other' });
    await b.enroll(other.id);

    const res = await generate(s, { month: '2026-03' });

    expect(res.body).toEqual({ data: { created: 2, skipped: 0, total_amount: 0.5 } });
    const rows = await tuitions(s.schoolId);
    expect(rows.map((row) => row.amount)).toEqual(['0.20', '0.30']);
  });

  it('validates month, due_day and dry_run with 422', async () => {
    const s = await school();
    expect422(await generate(s, {}), 'month', 'The month field is required.');
    expect422(await generate(s, { month: '2026-13' }), 'month');
    expect422(await generate(s, { month: '2026-3' }), 'month');
    expect422(await generate(s, { month: '0001-01' }), 'month');
    expect422(await generate(s, { month: 202603 }), 'month');
    expect422(await generate(s, { month: '2026-03', due_day: 0 }), 'due_day');
    expect422(await generate(s, { month: '2026-03', due_day: 32 }), 'due_day');
    expect422(await generate(s, { month: '2026-03', due_day: 1.5 }), 'due_day');
    expect422(await generate(s, { month: '2026-03', due_day: '10' }), 'due_day');
    expect422(await generate(s, { month: '2026-03', dry_run: 'yes' }), 'dry_run');
  });

  it('refuses a viewer and an instructor with 403, answers 401 without a token; a manager may generate', async () => {
    const s = await fixture();
    const body = { month: '2026-03' };
    for (const email of ['viewer@a.test', 'instructor@a.test']) {
      const res = await generate(s, body, await app.tokenFor(email));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    expect((await app.request('POST', s.url, { body })).status).toBe(401);
    expect(await tuitions(s.schoolId)).toEqual([]);
    expect((await generate(s, body, await app.tokenFor('manager@a.test'))).body.data.created).toBe(
      4,
    );
  });

  it('runs the same number of statements for 2 students and 20 (set-based)', async () => {
    const s = await school();
    const jumping = await offering(s, 'Jumping', '80.00');
    const count = async (month: string, dryRun: boolean) => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        generate(s, { month, dry_run: dryRun }),
      );
      expect(res.status).toBe(200);
      return { statements: counter.count, created: res.body.data.created };
    };
    for (let i = 0; i < 2; i++)
      await jumping.enroll((await f.student(s.schoolId, { firstName: `S${i}` })).id);
    const two = await count('2026-03', false);
    const twoDry = await count('2026-04', true);
    for (let i = 2; i < 20; i++)
      await jumping.enroll((await f.student(s.schoolId, { firstName: `S${i}` })).id);
    const twenty = await count('2026-05', false);
    const twentyDry = await count('2026-06', true);

    expect([two.created, twenty.created, twoDry.created, twentyDry.created]).toEqual([
      2, 20, 2, 20,
    ]);
    expect(twenty.statements).toBe(two.statements);
    expect(twentyDry.statements).toBe(twoDry.statements);
  });
});
