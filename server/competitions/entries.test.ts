import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import {
  competitionEntries,
  competitionPayments,
  competitionResults,
  type CompetitionFee,
} from '@/db/schema';
import { toAppError } from '../kernel/errors';
import { useTestApp } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';
import { competitionFixtures } from '../test/competition-fixtures';
import { generateFeePayments } from './fees';

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

const fee = (
  values: Partial<CompetitionFee> & Pick<CompetitionFee, 'concept' | 'name' | 'amount'>,
): CompetitionFee => ({
  is_required: true,
  applies_to: 'entry',
  description: null,
  ...values,
});

/** A school, an upcoming competition (Juniors, Seniors, Ponies) and its entries URL. */
async function setup(competition: Parameters<typeof c.competition>[1] = {}) {
  const schoolId = await app.createSchool({ members: { ...MEMBERS } });
  const token = await tokenOf('owner');
  const row = await c.competition(schoolId, {
    categories: ['Juniors', 'Seniors', 'Ponies'],
    ...competition,
  });
  const base = `/api/schools/${schoolId}/competitions/${row.id}/entries`;
  return { schoolId, token, competition: row, base };
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function enter(s: Setup, body: Record<string, unknown>, token = s.token) {
  return app.request('POST', s.base, { token, body });
}

/** Order numbers by student first name, for one category (cancelled entries included). */
async function orderOf(s: Setup, category: string) {
  const rows = await app.db
    .select({
      id: competitionEntries.id,
      orderNumber: competitionEntries.orderNumber,
      status: competitionEntries.status,
    })
    .from(competitionEntries)
    .where(
      and(
        eq(competitionEntries.competitionId, s.competition.id),
        eq(competitionEntries.category, category),
      ),
    )
    .orderBy(asc(competitionEntries.orderNumber), asc(competitionEntries.createdAt));
  return rows;
}

async function paymentsOf(s: Setup) {
  return app.db
    .select()
    .from(competitionPayments)
    .where(eq(competitionPayments.competitionId, s.competition.id))
    .orderBy(asc(competitionPayments.feeAppliesTo), asc(competitionPayments.createdAt));
}

function expect422(res: { status: number; body: any }, field: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({
    message: expect.any(String),
    errors: expect.objectContaining({ [field]: [message ?? expect.any(String)] }),
  });
}

describe('POST /api/schools/{schoolId}/competitions/{competitionId}/entries', () => {
  it('enters a student (pending, first in the category), generating the entry fee payment', async () => {
    const s = await setup({
      fees: [fee({ concept: 'inscription', name: 'Entry fee', amount: 25.5 })],
    });
    const student = await f.student(s.schoolId, {
      firstName: 'Ana',
      lastName: 'García',
      birthDate: '2012-03-04',
    });
    const horse = await f.horse(s.schoolId, { name: 'Canela' });

    const res = await enter(s, {
      student_id: student.id,
      category: 'Juniors',
      horse_id: horse.id,
      notes: 'First show',
      status: 'completed',
    });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        competition_id: s.competition.id,
        student_id: student.id,
        student: { id: student.id, full_name: 'Ana García' },
        horse_id: horse.id,
        horse: { id: horse.id, name: 'Canela' },
        category: 'Juniors',
        order_number: 1,
        status: 'pending',
        notes: 'First show',
        ...stamps,
      },
    });
    const payments = await paymentsOf(s);
    expect(payments).toEqual([
      expect.objectContaining({
        schoolId: s.schoolId,
        competitionId: s.competition.id,
        entryId: res.body.data.id,
        studentId: student.id,
        horseId: horse.id,
        concept: 'inscription',
        conceptDetail: 'Entry fee',
        amount: '25.50',
        dueDate: '2026-05-10',
        status: 'pending',
        paymentMethod: null,
        paidDate: null,
      }),
    ]);
  });

  it('enters a student without horse or notes while the competition is ongoing', async () => {
    const s = await setup({ status: 'ongoing' });
    const student = await f.student(s.schoolId);

    const res = await enter(
      s,
      { student_id: student.id, category: 'Ponies' },
      await tokenOf('manager'),
    );

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      horse_id: null,
      horse: null,
      notes: null,
      category: 'Ponies',
      order_number: 1,
      status: 'pending',
    });
    expect(await paymentsOf(s)).toEqual([]);
  });

  it('answers 401 without a token, 403 to viewers and instructors', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    expect(
      (await app.request('POST', s.base, { body: { student_id: student.id, category: 'Juniors' } }))
        .status,
    ).toBe(401);
    for (const role of ['viewer', 'instructor'] as const) {
      const res = await enter(
        s,
        { student_id: student.id, category: 'Juniors' },
        await tokenOf(role),
      );
      expect(res.status, role).toBe(403);
    }
    expect(await app.db.select().from(competitionEntries)).toHaveLength(0);
  });

  it("answers 404 for another school's competition and a malformed id", async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const foreign = await c.competition(await app.createSchool({ name: 'Other' }));
    for (const id of [foreign.id, MISSING_UUID, 'nope']) {
      const res = await app.request(
        'POST',
        `/api/schools/${s.schoolId}/competitions/${id}/entries`,
        {
          token: s.token,
          body: { student_id: student.id, category: 'Juniors' },
        },
      );
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Competition not found.' } });
    }
  });

  it('validates the body', async () => {
    const s = await setup();
    const res = await enter(s, {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      student_id: ['The student id field is required.'],
      category: ['The category field is required.'],
    });
    const student = await f.student(s.schoolId);
    expect422(
      await enter(s, { student_id: 'abc', category: 'Juniors' }),
      'student_id',
      'The student id field must be a valid UUID.',
    );
    expect422(
      await enter(s, { student_id: student.id, category: 'Juniors', horse_id: 'abc' }),
      'horse_id',
      'The horse id field must be a valid UUID.',
    );
    expect422(
      await enter(s, { student_id: student.id, category: 7 }),
      'category',
      'The category field must be a string.',
    );
  });

  it("rule 1: refuses a category that is not one of the competition's (422 category)", async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);

    expect422(
      await enter(s, { student_id: student.id, category: 'juniors' }),
      'category',
      "The selected category is not one of the competition's categories.",
    );
    expect422(await enter(s, { student_id: student.id, category: 'Veterans' }), 'category');
    expect(await app.db.select().from(competitionEntries)).toHaveLength(0);
  });

  it('rule 2: refuses a student already entered in the category; other categories, other students and cancelled entries do not count', async () => {
    const s = await setup();
    const ana = await f.student(s.schoolId, { firstName: 'Ana' });
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });
    const first = await enter(s, { student_id: ana.id, category: 'Juniors' });
    expect(first.status).toBe(201);

    expect422(
      await enter(s, { student_id: ana.id, category: 'Juniors' }),
      'student_id',
      'The student is already entered in this category.',
    );
    expect((await enter(s, { student_id: ana.id, category: 'Seniors' })).status).toBe(201);
    expect((await enter(s, { student_id: bruno.id, category: 'Juniors' })).status).toBe(201);

    const cancelled = await app.request('DELETE', `${s.base}/${first.body.data.id}`, {
      token: s.token,
    });
    expect(cancelled.status).toBe(200);
    const again = await enter(s, { student_id: ana.id, category: 'Juniors' });
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(first.body.data.id);

    // A completed entry still counts.
    await app.db
      .update(competitionEntries)
      .set({ status: 'completed' })
      .where(eq(competitionEntries.id, again.body.data.id));
    expect422(await enter(s, { student_id: ana.id, category: 'Juniors' }), 'student_id');
  });

  it("rule 3: refuses another school's or an unknown horse, and another school's student", async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const other = await app.createSchool({ name: 'Other' });
    const foreignHorse = await f.horse(other);
    const foreignStudent = await f.student(other);

    expect422(
      await enter(s, { student_id: student.id, category: 'Juniors', horse_id: foreignHorse.id }),
      'horse_id',
      'The selected horse id is invalid.',
    );
    expect422(
      await enter(s, { student_id: student.id, category: 'Juniors', horse_id: MISSING_UUID }),
      'horse_id',
    );
    expect422(
      await enter(s, { student_id: foreignStudent.id, category: 'Juniors' }),
      'student_id',
      'The selected student id is invalid.',
    );
    expect(await app.db.select().from(competitionEntries)).toHaveLength(0);
  });

  it.each(['completed', 'cancelled'] as const)(
    'answers 409 while the competition is %s',
    async (status) => {
      const s = await setup({ status });
      const student = await f.student(s.schoolId);

      const res = await enter(s, { student_id: student.id, category: 'Juniors' });

      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: {
          code: 'CONFLICT',
          message: `Entries can be created only while the competition is upcoming or ongoing; it is ${status}.`,
        },
      });
      expect(await app.db.select().from(competitionEntries)).toHaveLength(0);
    },
  );
});

describe('fee payments generated on entry (rule 4)', () => {
  const FEES = [
    fee({ concept: 'inscription', name: 'Entry fee', amount: 20 }),
    fee({ concept: 'school_fee', name: 'Coaching', amount: 15.75, applies_to: 'student' }),
    fee({ concept: 'stable', name: 'Box', amount: 40.1, applies_to: 'horse' }),
    fee({ concept: 'equipment', name: 'Saddle rental', amount: 12, is_required: false }),
    fee({
      concept: 'transport',
      name: 'Trailer',
      amount: 30,
      is_required: false,
      applies_to: 'horse',
    }),
  ];

  it('charges entry fees per entry, student fees once per student, horse fees once per horse, and no optional fee', async () => {
    const s = await setup({ fees: FEES });
    const ana = await f.student(s.schoolId, { firstName: 'Ana' });
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });
    const canela = await f.horse(s.schoolId, { name: 'Canela' });

    const juniors = await enter(s, {
      student_id: ana.id,
      category: 'Juniors',
      horse_id: canela.id,
    });
    const seniors = await enter(s, {
      student_id: ana.id,
      category: 'Seniors',
      horse_id: canela.id,
    });
    const ponies = await enter(s, { student_id: bruno.id, category: 'Ponies' });
    expect([juniors.status, seniors.status, ponies.status]).toEqual([201, 201, 201]);

    const payments = await paymentsOf(s);
    const summary = payments.map((p) => [
      p.feeAppliesTo,
      p.concept,
      p.conceptDetail,
      p.amount,
      p.entryId,
      p.studentId,
      p.horseId,
      p.dueDate,
      p.status,
    ]);
    expect(summary).toEqual([
      [
        'entry',
        'inscription',
        'Entry fee',
        '20.00',
        juniors.body.data.id,
        ana.id,
        canela.id,
        '2026-05-10',
        'pending',
      ],
      [
        'entry',
        'inscription',
        'Entry fee',
        '20.00',
        seniors.body.data.id,
        ana.id,
        canela.id,
        '2026-05-10',
        'pending',
      ],
      [
        'entry',
        'inscription',
        'Entry fee',
        '20.00',
        ponies.body.data.id,
        bruno.id,
        null,
        '2026-05-10',
        'pending',
      ],
      [
        'horse',
        'stable',
        'Box',
        '40.10',
        juniors.body.data.id,
        ana.id,
        canela.id,
        '2026-05-10',
        'pending',
      ],
      [
        'student',
        'school_fee',
        'Coaching',
        '15.75',
        juniors.body.data.id,
        ana.id,
        canela.id,
        '2026-05-10',
        'pending',
      ],
      [
        'student',
        'school_fee',
        'Coaching',
        '15.75',
        ponies.body.data.id,
        bruno.id,
        null,
        '2026-05-10',
        'pending',
      ],
    ]);
  });

  it('charges a horse fee once per horse even when different students ride it', async () => {
    const s = await setup({
      fees: [fee({ concept: 'stable', name: 'Box', amount: 40, applies_to: 'horse' })],
    });
    const canela = await f.horse(s.schoolId, { name: 'Canela' });
    const ana = await f.student(s.schoolId, { firstName: 'Ana' });
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno' });

    await enter(s, { student_id: ana.id, category: 'Juniors', horse_id: canela.id });
    await enter(s, { student_id: bruno.id, category: 'Juniors', horse_id: canela.id });
    await enter(s, { student_id: bruno.id, category: 'Seniors' });

    const payments = await paymentsOf(s);
    expect(payments.map((p) => [p.horseId, p.studentId, p.amount])).toEqual([
      [canela.id, ana.id, '40.00'],
    ]);
  });

  it('does not charge a student fee again after the fee list is edited, and generating twice creates nothing new', async () => {
    const s = await setup({
      fees: [
        fee({ concept: 'school_fee', name: 'Coaching', amount: 15, applies_to: 'student' }),
        fee({ concept: 'inscription', name: 'Entry', amount: 5 }),
      ],
    });
    const ana = await f.student(s.schoolId);
    const first = await enter(s, { student_id: ana.id, category: 'Juniors' });
    const edited = await app.request(
      'PUT',
      `/api/schools/${s.schoolId}/competitions/${s.competition.id}`,
      {
        token: s.token,
        body: {
          fees: [
            { concept: 'school_fee', name: 'Coaching', amount: 18, applies_to: 'student' },
            { concept: 'inscription', name: 'Entry', amount: 5 },
          ],
        },
      },
    );
    expect(edited.status).toBe(200);

    await enter(s, { student_id: ana.id, category: 'Seniors' });
    await app.db.transaction((tx) => generateFeePayments(tx, s.schoolId, first.body.data.id));

    const payments = await paymentsOf(s);
    expect(payments.map((p) => [p.feeAppliesTo, p.amount])).toEqual([
      ['entry', '5.00'],
      ['entry', '5.00'],
      ['student', '15.00'],
    ]);
  });

  it('creates no payment for a competition without required fees', async () => {
    const s = await setup({
      fees: [
        fee({
          concept: 'other',
          name: 'Photos',
          amount: 10,
          is_required: false,
          applies_to: 'student',
        }),
      ],
    });
    const ana = await f.student(s.schoolId);
    expect((await enter(s, { student_id: ana.id, category: 'Juniors' })).status).toBe(201);
    expect(await paymentsOf(s)).toEqual([]);
  });
});

describe('departure order (rule 5)', () => {
  it('numbers each category 1..n by age, oldest first, as entries are created', async () => {
    const s = await setup();
    const young = await f.student(s.schoolId, { firstName: 'Young', birthDate: '2014-01-01' });
    const old = await f.student(s.schoolId, { firstName: 'Old', birthDate: '2008-01-01' });
    const middle = await f.student(s.schoolId, { firstName: 'Middle', birthDate: '2011-06-15' });
    const unknown = await f.student(s.schoolId, { firstName: 'Unknown' });

    const ids: Record<string, string> = {};
    for (const [name, student] of Object.entries({ young, unknown, old, middle })) {
      const res = await enter(s, { student_id: student.id, category: 'Juniors' });
      ids[name] = res.body.data.id;
    }
    const senior = await enter(s, { student_id: young.id, category: 'Seniors' });

    expect((await orderOf(s, 'Juniors')).map((row) => [row.id, row.orderNumber])).toEqual([
      [ids.old, 1],
      [ids.middle, 2],
      [ids.young, 3],
      [ids.unknown, 4],
    ]);
    expect(senior.body.data.order_number).toBe(1);
  });

  it('breaks ties of equal birth dates by creation time, then id; students without a birth date go last', async () => {
    const s = await setup();
    const twinA = await f.student(s.schoolId, { firstName: 'TwinA', birthDate: '2010-01-01' });
    const twinB = await f.student(s.schoolId, { firstName: 'TwinB', birthDate: '2010-01-01' });
    const twinC = await f.student(s.schoolId, { firstName: 'TwinC', birthDate: '2010-01-01' });
    const eldest = await f.student(s.schoolId, { firstName: 'Eldest', birthDate: '2009-06-01' });
    const noDateEarly = await f.student(s.schoolId, { firstName: 'NoDateEarly' });
    const noDateLate = await f.student(s.schoolId, { firstName: 'NoDateLate' });
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
    const entry = (id: string, studentId: string, minute: number) =>
      c.entry(s.schoolId, {
        id,
        competitionId: s.competition.id,
        studentId,
        createdAt: at(minute),
      });
    await entry('00000000-0000-4000-8000-00000000000a', twinA.id, 30);
    await entry('00000000-0000-4000-8000-00000000000c', twinB.id, 20);
    await entry('00000000-0000-4000-8000-00000000000b', twinC.id, 20);
    await entry('00000000-0000-4000-8000-000000000001', noDateLate.id, 50);
    await entry('00000000-0000-4000-8000-000000000002', noDateEarly.id, 0);
    await entry('00000000-0000-4000-8000-000000000003', eldest.id, 40);

    const res = await app.request('POST', `${s.base}/recalculate-order`, {
      token: s.token,
      body: { category: 'Juniors' },
    });

    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Departure order recalculated.');
    expect(
      res.body.data.map((e: { student: { full_name: string }; order_number: number }) => [
        e.student.full_name,
        e.order_number,
      ]),
    ).toEqual([
      ['Eldest García', 1],
      ['TwinC García', 2],
      ['TwinB García', 3],
      ['TwinA García', 4],
      ['NoDateEarly García', 5],
      ['NoDateLate García', 6],
    ]);
  });

  it('gives cancelled entries no number and lets completed entries keep theirs', async () => {
    const s = await setup();
    const students = await Promise.all(
      ['2008-01-01', '2009-01-01', '2010-01-01', '2011-01-01'].map((birthDate, i) =>
        f.student(s.schoolId, { firstName: `S${i}`, birthDate }),
      ),
    );
    const entries = [];
    for (const student of students)
      entries.push((await enter(s, { student_id: student.id, category: 'Juniors' })).body.data);
    const result = await app.request(
      'POST',
      `/api/schools/${s.schoolId}/competitions/${s.competition.id}/results`,
      {
        token: s.token,
        body: { entry_id: entries[1].id, ribbon: 'blue' },
      },
    );
    expect(result.status).toBe(201);

    const cancelled = await app.request('DELETE', `${s.base}/${entries[0].id}`, { token: s.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', order_number: null });

    const byId = new Map(
      (await orderOf(s, 'Juniors')).map((row) => [row.id, [row.status, row.orderNumber]]),
    );
    expect(byId.get(entries[0].id)).toEqual(['cancelled', null]);
    expect(byId.get(entries[1].id)).toEqual(['completed', 2]);
    expect(byId.get(entries[2].id)).toEqual(['pending', 1]);
    expect(byId.get(entries[3].id)).toEqual(['pending', 2]);
  });

  it('renumbers the category left and the one joined when an entry changes category', async () => {
    const s = await setup();
    const old = await f.student(s.schoolId, { firstName: 'Old', birthDate: '2005-01-01' });
    const mid = await f.student(s.schoolId, { firstName: 'Mid', birthDate: '2008-01-01' });
    const young = await f.student(s.schoolId, { firstName: 'Young', birthDate: '2012-01-01' });
    const oldJ = (await enter(s, { student_id: old.id, category: 'Juniors' })).body.data;
    const youngJ = (await enter(s, { student_id: young.id, category: 'Juniors' })).body.data;
    const midS = (await enter(s, { student_id: mid.id, category: 'Seniors' })).body.data;

    const res = await app.request('PUT', `${s.base}/${oldJ.id}`, {
      token: s.token,
      body: { category: 'Seniors' },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ category: 'Seniors', order_number: 1 });
    expect((await orderOf(s, 'Juniors')).map((row) => [row.id, row.orderNumber])).toEqual([
      [youngJ.id, 1],
    ]);
    expect((await orderOf(s, 'Seniors')).map((row) => [row.id, row.orderNumber])).toEqual([
      [oldJ.id, 1],
      [midS.id, 2],
    ]);
  });
});

describe('POST /api/schools/{schoolId}/competitions/{competitionId}/entries/recalculate-order', () => {
  it('renumbers every category without a category, and only the one given with it', async () => {
    const s = await setup();
    const old = await f.student(s.schoolId, { firstName: 'Old', birthDate: '2005-01-01' });
    const young = await f.student(s.schoolId, { firstName: 'Young', birthDate: '2012-01-01' });
    const juniors = [
      await c.entry(s.schoolId, {
        competitionId: s.competition.id,
        studentId: young.id,
        category: 'Juniors',
        orderNumber: 1,
      }),
      await c.entry(s.schoolId, {
        competitionId: s.competition.id,
        studentId: old.id,
        category: 'Juniors',
        orderNumber: 5,
      }),
    ];
    const seniors = [
      await c.entry(s.schoolId, {
        competitionId: s.competition.id,
        studentId: young.id,
        category: 'Seniors',
        orderNumber: 7,
      }),
      await c.entry(s.schoolId, {
        competitionId: s.competition.id,
        studentId: old.id,
        category: 'Seniors',
        orderNumber: 9,
        status: 'cancelled',
      }),
    ];

    const one = await app.request('POST', `${s.base}/recalculate-order`, {
      token: await tokenOf('manager'),
      body: { category: 'Juniors' },
    });
    expect(one.status).toBe(200);
    expect(
      one.body.data.map((e: { id: string; order_number: number }) => [e.id, e.order_number]),
    ).toEqual([
      [juniors[1]!.id, 1],
      [juniors[0]!.id, 2],
    ]);
    expect((await orderOf(s, 'Seniors')).map((row) => row.orderNumber)).toEqual([7, 9]);

    const all = await app.request('POST', `${s.base}/recalculate-order`, { token: s.token });
    expect(all.status).toBe(200);
    expect(
      all.body.data.map((e: { id: string; category: string; order_number: number | null }) => [
        e.id,
        e.category,
        e.order_number,
      ]),
    ).toEqual([
      [juniors[1]!.id, 'Juniors', 1],
      [juniors[0]!.id, 'Juniors', 2],
      [seniors[0]!.id, 'Seniors', 1],
      [seniors[1]!.id, 'Seniors', null],
    ]);
    expect(all.body.data[0]).toEqual({
      id: juniors[1]!.id,
      competition_id: s.competition.id,
      student_id: old.id,
      student: { id: old.id, full_name: 'Old García' },
      horse_id: null,
      horse: null,
      category: 'Juniors',
      order_number: 1,
      status: 'pending',
      notes: null,
      ...stamps,
    });
  });

  it('refuses an unknown category (422), viewers and instructors (403), foreign competitions (404)', async () => {
    const s = await setup();
    expect422(
      await app.request('POST', `${s.base}/recalculate-order`, {
        token: s.token,
        body: { category: 'Veterans' },
      }),
      'category',
    );
    for (const role of ['viewer', 'instructor'] as const) {
      expect(
        (await app.request('POST', `${s.base}/recalculate-order`, { token: await tokenOf(role) }))
          .status,
        role,
      ).toBe(403);
    }
    const foreign = await c.competition(await app.createSchool({ name: 'Other' }));
    const res = await app.request(
      'POST',
      `/api/schools/${s.schoolId}/competitions/${foreign.id}/entries/recalculate-order`,
      { token: s.token },
    );
    expect(res.status).toBe(404);
    expect((await app.request('POST', `${s.base}/recalculate-order`)).status).toBe(401);
  });
});

describe('GET /api/schools/{schoolId}/competitions/{competitionId}/entries', () => {
  it('lists entries by category then departure order, 50 per page by default', async () => {
    const s = await setup();
    const horse = await f.horse(s.schoolId, { name: 'Canela' });
    const old = await f.student(s.schoolId, { firstName: 'Old', birthDate: '2005-01-01' });
    const young = await f.student(s.schoolId, { firstName: 'Young', birthDate: '2012-01-01' });
    const seniors = (await enter(s, { student_id: young.id, category: 'Seniors' })).body.data;
    const youngJ = (
      await enter(s, { student_id: young.id, category: 'Juniors', horse_id: horse.id })
    ).body.data;
    const oldJ = (await enter(s, { student_id: old.id, category: 'Juniors' })).body.data;
    const otherCompetition = await c.competition(s.schoolId, { name: 'Other cup' });
    await c.entry(s.schoolId, { competitionId: otherCompetition.id, studentId: old.id });

    const res = await app.request('GET', s.base, { token: await tokenOf('instructor') });

    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual([
      oldJ.id,
      youngJ.id,
      seniors.id,
    ]);
    expect(res.body.data[1]).toEqual({
      id: youngJ.id,
      competition_id: s.competition.id,
      student_id: young.id,
      student: { id: young.id, full_name: 'Young García' },
      horse_id: horse.id,
      horse: { id: horse.id, name: 'Canela' },
      category: 'Juniors',
      order_number: 2,
      status: 'pending',
      notes: null,
      ...stamps,
    });
    expect(res.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 1,
      path: `http://localhost:3000${s.base}`,
      per_page: 50,
      to: 3,
      total: 3,
    });
  });

  it('filters by category and status, and pages', async () => {
    const s = await setup();
    const students = await Promise.all(
      [0, 1, 2].map((i) =>
        f.student(s.schoolId, { firstName: `S${i}`, birthDate: `200${i}-01-01` }),
      ),
    );
    const entries = [];
    for (const student of students)
      entries.push((await enter(s, { student_id: student.id, category: 'Juniors' })).body.data);
    await enter(s, { student_id: students[0]!.id, category: 'Seniors' });
    await app.request('DELETE', `${s.base}/${entries[1].id}`, { token: s.token });
    const ids = async (query: string) => {
      const res = await app.request('GET', `${s.base}?${query}`, { token: s.token });
      expect(res.status, query).toBe(200);
      return res.body.data.map((e: { id: string }) => e.id);
    };

    expect(await ids('category=Juniors')).toEqual([entries[0].id, entries[2].id, entries[1].id]);
    expect(await ids('category=Juniors&status=pending')).toEqual([entries[0].id, entries[2].id]);
    expect(await ids('status=cancelled')).toEqual([entries[1].id]);
    expect(await ids('category=Veterans')).toEqual([]);
    const page = await app.request('GET', `${s.base}?per_page=2&page=2`, { token: s.token });
    expect(page.body.meta).toMatchObject({
      current_page: 2,
      per_page: 2,
      total: 4,
      from: 3,
      to: 4,
    });
    expect422(await app.request('GET', `${s.base}?status=open`, { token: s.token }), 'status');
  });

  it('runs the same number of statements for 2 and 20 entries', async () => {
    const s = await setup();
    const horse = await f.horse(s.schoolId);
    const count = async () => {
      const counter = { count: 0 };
      await statementCounter.run(counter, async () => {
        expect((await app.request('GET', s.base, { token: s.token })).status).toBe(200);
      });
      return counter.count;
    };
    const addEntries = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const student = await f.student(s.schoolId, { firstName: `S${i}` });
        await c.entry(s.schoolId, {
          competitionId: s.competition.id,
          studentId: student.id,
          horseId: horse.id,
        });
      }
    };

    await addEntries(2);
    await count(); // the first request signs the user in
    const few = await count();
    await addEntries(18);
    expect(await count()).toBe(few);
  });

  it("answers 404 for another school's competition, 401 without a token", async () => {
    const s = await setup();
    const foreign = await c.competition(await app.createSchool({ name: 'Other' }));
    expect(
      (
        await app.request('GET', `/api/schools/${s.schoolId}/competitions/${foreign.id}/entries`, {
          token: s.token,
        })
      ).status,
    ).toBe(404);
    expect((await app.request('GET', s.base)).status).toBe(401);
  });
});

describe('GET /api/schools/{schoolId}/competitions/{competitionId}/entries/{entryId}', () => {
  it('shows one entry', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId, { firstName: 'Ana', lastName: 'García' });
    const created = (await enter(s, { student_id: student.id, category: 'Seniors', notes: 'Late' }))
      .body.data;

    const res = await app.request('GET', `${s.base}/${created.id}`, {
      token: await tokenOf('viewer'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: created });
  });

  it("answers 404 for another competition's or school's entry and malformed ids, 401 without a token", async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const otherCompetition = await c.competition(s.schoolId, { name: 'Other cup' });
    const elsewhere = await c.entry(s.schoolId, {
      competitionId: otherCompetition.id,
      studentId: student.id,
    });
    const otherSchool = await app.createSchool({ name: 'Other' });
    const foreign = await c.entry(otherSchool, {
      competitionId: (await c.competition(otherSchool)).id,
      studentId: (await f.student(otherSchool)).id,
    });
    for (const id of [elsewhere.id, foreign.id, MISSING_UUID, 'nope']) {
      const res = await app.request('GET', `${s.base}/${id}`, { token: s.token });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Entry not found.' } });
    }
    const viaForeignCompetition = `/api/schools/${s.schoolId}/competitions/${foreign.competitionId}/entries/${foreign.id}`;
    expect((await app.request('GET', viaForeignCompetition, { token: s.token })).status).toBe(404);
    expect((await app.request('GET', `${s.base}/${elsewhere.id}`)).status).toBe(401);
  });
});

describe('PUT /api/schools/{schoolId}/competitions/{competitionId}/entries/{entryId}', () => {
  it('sets status, order number, horse and notes as sent, without renumbering', async () => {
    const s = await setup();
    const ana = await f.student(s.schoolId, { firstName: 'Ana', birthDate: '2005-01-01' });
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno', birthDate: '2010-01-01' });
    const horse = await f.horse(s.schoolId, { name: 'Canela' });
    const first = (await enter(s, { student_id: ana.id, category: 'Juniors' })).body.data;
    const second = (await enter(s, { student_id: bruno.id, category: 'Juniors' })).body.data;

    const res = await app.request('PUT', `${s.base}/${first.id}`, {
      token: await tokenOf('manager'),
      body: {
        status: 'confirmed',
        order_number: 7,
        horse_id: horse.id,
        notes: 'Moved to the end',
        student_id: bruno.id,
      },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...first,
      horse_id: horse.id,
      horse: { id: horse.id, name: 'Canela' },
      status: 'confirmed',
      order_number: 7,
      notes: 'Moved to the end',
      updated_at: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect((await orderOf(s, 'Juniors')).map((row) => [row.id, row.orderNumber])).toEqual([
      [second.id, 2],
      [first.id, 7],
    ]);

    const cleared = await app.request('PUT', `${s.base}/${first.id}`, {
      token: s.token,
      body: { horse_id: null, notes: '' },
    });
    expect(cleared.body.data).toMatchObject({
      horse_id: null,
      horse: null,
      notes: null,
      order_number: 7,
    });
  });

  it.each([
    ['pending', 'completed'],
    ['completed', 'pending'],
    ['confirmed', 'pending'],
    ['cancelled', 'confirmed'],
  ] as const)('moves an entry from %s to %s', async (from, to) => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const entry = await c.entry(s.schoolId, {
      competitionId: s.competition.id,
      studentId: student.id,
      status: from,
      orderNumber: from === 'cancelled' ? null : 1,
    });

    const res = await app.request('PUT', `${s.base}/${entry.id}`, {
      token: s.token,
      body: { status: to },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: to, order_number: 1 });
  });

  it('cancelling by PUT clears the number, renumbers and cancels the pending per-entry payments', async () => {
    const s = await setup({ fees: [fee({ concept: 'inscription', name: 'Entry', amount: 10 })] });
    const ana = await f.student(s.schoolId, { firstName: 'Ana', birthDate: '2005-01-01' });
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno', birthDate: '2010-01-01' });
    const first = (await enter(s, { student_id: ana.id, category: 'Juniors' })).body.data;
    const second = (await enter(s, { student_id: bruno.id, category: 'Juniors' })).body.data;

    const res = await app.request('PUT', `${s.base}/${first.id}`, {
      token: s.token,
      body: { status: 'cancelled' },
    });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', order_number: null });
    expect((await orderOf(s, 'Juniors')).map((row) => [row.id, row.orderNumber])).toEqual([
      [second.id, 1],
      [first.id, null],
    ]);
    const payments = await paymentsOf(s);
    expect(payments.map((p) => [p.entryId, p.status])).toEqual([
      [first.id, 'cancelled'],
      [second.id, 'pending'],
    ]);
  });

  it('validates the category, horse and re-entry rules', async () => {
    const s = await setup();
    const ana = await f.student(s.schoolId);
    const juniors = (await enter(s, { student_id: ana.id, category: 'Juniors' })).body.data;
    const seniors = (await enter(s, { student_id: ana.id, category: 'Seniors' })).body.data;
    const foreignHorse = await f.horse(await app.createSchool({ name: 'Other' }));

    expect422(
      await app.request('PUT', `${s.base}/${juniors.id}`, {
        token: s.token,
        body: { category: 'Veterans' },
      }),
      'category',
    );
    expect422(
      await app.request('PUT', `${s.base}/${juniors.id}`, {
        token: s.token,
        body: { category: 'Seniors' },
      }),
      'student_id',
      'The student is already entered in this category.',
    );
    expect422(
      await app.request('PUT', `${s.base}/${juniors.id}`, {
        token: s.token,
        body: { horse_id: foreignHorse.id },
      }),
      'horse_id',
    );
    expect422(
      await app.request('PUT', `${s.base}/${juniors.id}`, {
        token: s.token,
        body: { status: 'done' },
      }),
      'status',
    );
    expect422(
      await app.request('PUT', `${s.base}/${juniors.id}`, {
        token: s.token,
        body: { order_number: 0 },
      }),
      'order_number',
    );
    expect422(
      await app.request('PUT', `${s.base}/${juniors.id}`, {
        token: s.token,
        body: { order_number: 1.5 },
      }),
      'order_number',
    );

    // Once the Seniors entry is cancelled, the Juniors one may move there; a cancelled entry coming back is checked too.
    await app.request('DELETE', `${s.base}/${seniors.id}`, { token: s.token });
    const moved = await app.request('PUT', `${s.base}/${juniors.id}`, {
      token: s.token,
      body: { category: 'Seniors' },
    });
    expect(moved.status).toBe(200);
    expect422(
      await app.request('PUT', `${s.base}/${seniors.id}`, {
        token: s.token,
        body: { status: 'pending' },
      }),
      'student_id',
    );
  });

  it('answers 403 to viewers and instructors, 404 for foreign and malformed ids, 401 without a token', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const entry = await c.entry(s.schoolId, {
      competitionId: s.competition.id,
      studentId: student.id,
    });
    const otherCompetition = await c.competition(s.schoolId, { name: 'Other cup' });
    const elsewhere = await c.entry(s.schoolId, {
      competitionId: otherCompetition.id,
      studentId: student.id,
    });
    for (const role of ['viewer', 'instructor'] as const) {
      expect(
        (
          await app.request('PUT', `${s.base}/${entry.id}`, {
            token: await tokenOf(role),
            body: { notes: 'x' },
          })
        ).status,
        role,
      ).toBe(403);
    }
    for (const id of [elsewhere.id, MISSING_UUID, 'nope']) {
      expect(
        (await app.request('PUT', `${s.base}/${id}`, { token: s.token, body: { notes: 'x' } }))
          .status,
        id,
      ).toBe(404);
    }
    expect(
      (await app.request('PUT', `${s.base}/${entry.id}`, { body: { notes: 'x' } })).status,
    ).toBe(401);
  });
});

describe('DELETE /api/schools/{schoolId}/competitions/{competitionId}/entries/{entryId}', () => {
  it('cancels a pending entry: kept without a number, category renumbered, pending per-entry payments cancelled', async () => {
    const s = await setup({
      fees: [
        fee({ concept: 'inscription', name: 'Entry', amount: 10 }),
        fee({ concept: 'school_fee', name: 'Coaching', amount: 15, applies_to: 'student' }),
      ],
    });
    const ana = await f.student(s.schoolId, { firstName: 'Ana', birthDate: '2005-01-01' });
    const bruno = await f.student(s.schoolId, { firstName: 'Bruno', birthDate: '2010-01-01' });
    const first = (await enter(s, { student_id: ana.id, category: 'Juniors' })).body.data;
    const second = (await enter(s, { student_id: bruno.id, category: 'Juniors' })).body.data;

    const res = await app.request('DELETE', `${s.base}/${first.id}`, {
      token: await tokenOf('manager'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Entry cancelled.',
      data: {
        ...first,
        status: 'cancelled',
        order_number: null,
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    });
    expect((await orderOf(s, 'Juniors')).map((row) => [row.id, row.orderNumber])).toEqual([
      [second.id, 1],
      [first.id, null],
    ]);
    const payments = await paymentsOf(s);
    expect(payments.map((p) => [p.feeAppliesTo, p.entryId, p.status])).toEqual([
      ['entry', first.id, 'cancelled'],
      ['entry', second.id, 'pending'],
      ['student', first.id, 'pending'],
      ['student', second.id, 'pending'],
    ]);
  });

  it('keeps paid per-entry payments and cancels a confirmed entry', async () => {
    const s = await setup({
      fees: [
        fee({ concept: 'inscription', name: 'Entry', amount: 10 }),
        fee({ concept: 'rental', name: 'Helmet', amount: 3 }),
      ],
    });
    const ana = await f.student(s.schoolId);
    const entry = await c.entry(s.schoolId, {
      competitionId: s.competition.id,
      studentId: ana.id,
      status: 'confirmed',
      orderNumber: 1,
    });
    await app.db.transaction((tx) => generateFeePayments(tx, s.schoolId, entry.id));
    await app.db
      .update(competitionPayments)
      .set({ status: 'paid', paymentMethod: 'cash', paidDate: '2026-04-01' })
      .where(eq(competitionPayments.conceptDetail, 'Entry'));

    const res = await app.request('DELETE', `${s.base}/${entry.id}`, { token: s.token });

    expect(res.status).toBe(200);
    const payments = await app.db
      .select()
      .from(competitionPayments)
      .orderBy(asc(competitionPayments.conceptDetail));
    expect(payments.map((p) => [p.conceptDetail, p.status])).toEqual([
      ['Entry', 'paid'],
      ['Helmet', 'cancelled'],
    ]);
  });

  it.each(['cancelled', 'completed'] as const)('answers 409 for a %s entry', async (status) => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const entry = await c.entry(s.schoolId, {
      competitionId: s.competition.id,
      studentId: student.id,
      status,
      orderNumber: status === 'completed' ? 3 : null,
    });

    const res = await app.request('DELETE', `${s.base}/${entry.id}`, { token: s.token });

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: {
        code: 'CONFLICT',
        message: `Only a pending or confirmed entry can be cancelled; this one is ${status}.`,
      },
    });
    const [row] = await app.db
      .select()
      .from(competitionEntries)
      .where(eq(competitionEntries.id, entry.id));
    expect(row).toMatchObject({ status, orderNumber: status === 'completed' ? 3 : null });
  });

  it('answers 403 to viewers and instructors, 404 for foreign and malformed ids, 401 without a token', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const entry = await c.entry(s.schoolId, {
      competitionId: s.competition.id,
      studentId: student.id,
    });
    const otherSchool = await app.createSchool({ name: 'Other' });
    const foreign = await c.entry(otherSchool, {
      competitionId: (await c.competition(otherSchool)).id,
      studentId: (await f.student(otherSchool)).id,
    });
    for (const role of ['viewer', 'instructor'] as const) {
      expect(
        (await app.request('DELETE', `${s.base}/${entry.id}`, { token: await tokenOf(role) }))
          .status,
        role,
      ).toBe(403);
    }
    for (const id of [foreign.id, MISSING_UUID, 'nope']) {
      expect((await app.request('DELETE', `${s.base}/${id}`, { token: s.token })).status, id).toBe(
        404,
      );
    }
    expect((await app.request('DELETE', `${s.base}/${entry.id}`)).status).toBe(401);
    const [row] = await app.db
      .select()
      .from(competitionEntries)
      .where(eq(competitionEntries.id, foreign.id));
    expect(row!.status).toBe('pending');
  });
});

describe('GET /api/schools/{schoolId}/competitions/{competitionId}/entries/print-list', () => {
  async function printSetup() {
    const s = await setup({ name: 'Spring Cup', date: '2026-05-10', location: 'North arena' });
    const horse = await f.horse(s.schoolId, { name: 'Canela' });
    // 14 on the competition day (birthday that day), 13 (birthday the day after), no birth date.
    const ana = await f.student(s.schoolId, {
      firstName: 'Ana',
      lastName: 'García',
      birthDate: '2012-05-10',
    });
    const bruno = await f.student(s.schoolId, {
      firstName: 'Bruno',
      lastName: 'Díaz',
      birthDate: '2012-05-11',
    });
    const carla = await f.student(s.schoolId, { firstName: 'Carla', lastName: 'Ruiz' });
    const dario = await f.student(s.schoolId, {
      firstName: 'Darío',
      lastName: 'Sanz',
      birthDate: '2000-01-01',
    });
    const brunoJ = (await enter(s, { student_id: bruno.id, category: 'Juniors' })).body.data;
    const carlaJ = (
      await enter(s, { student_id: carla.id, category: 'Juniors', horse_id: horse.id })
    ).body.data;
    const anaJ = (await enter(s, { student_id: ana.id, category: 'Juniors', horse_id: horse.id }))
      .body.data;
    const darioJ = (await enter(s, { student_id: dario.id, category: 'Juniors' })).body.data;
    const anaS = (await enter(s, { student_id: ana.id, category: 'Seniors' })).body.data;
    await app.request('DELETE', `${s.base}/${darioJ.id}`, { token: s.token });
    const result = await app.request(
      'POST',
      `/api/schools/${s.schoolId}/competitions/${s.competition.id}/results`,
      {
        token: s.token,
        body: { entry_id: anaJ.id, ribbon: 'red' },
      },
    );
    expect(result.status).toBe(201);
    await app.request('PUT', `${s.base}/${brunoJ.id}`, {
      token: s.token,
      body: { status: 'confirmed' },
    });
    return { s, entries: { brunoJ, carlaJ, anaJ, anaS } };
  }

  it('lists pending, confirmed and completed entries by category in departure order, field by field', async () => {
    const { s } = await printSetup();

    const res = await app.request('GET', `${s.base}/print-list`, {
      token: await tokenOf('instructor'),
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        competition: { name: 'Spring Cup', date: '2026-05-10', location: 'North arena' },
        categories: {
          Juniors: [
            {
              order_number: 1,
              student_name: 'Ana García',
              student_age: 14,
              horse_name: 'Canela',
              result: { ribbon: 'red', ribbon_label: '2nd place (red)' },
            },
            {
              order_number: 2,
              student_name: 'Bruno Díaz',
              student_age: 13,
              horse_name: null,
              result: null,
            },
            {
              order_number: 3,
              student_name: 'Carla Ruiz',
              student_age: null,
              horse_name: 'Canela',
              result: null,
            },
          ],
          Seniors: [
            {
              order_number: 1,
              student_name: 'Ana García',
              student_age: 14,
              horse_name: null,
              result: null,
            },
          ],
          Ponies: [],
        },
        total_entries: 4,
        generated_at: expect.stringMatching(ISO_TIMESTAMP),
      },
    });
    expect(Object.keys(res.body.data.categories)).toEqual(['Juniors', 'Seniors', 'Ponies']);
    expect(Date.now() - Date.parse(res.body.data.generated_at)).toBeLessThan(60_000);
  });

  it('prints one category with ?category', async () => {
    const { s } = await printSetup();

    const res = await app.request('GET', `${s.base}/print-list?category=Seniors`, {
      token: s.token,
    });

    expect(res.status).toBe(200);
    expect(res.body.data.categories).toEqual({
      Seniors: [
        {
          order_number: 1,
          student_name: 'Ana García',
          student_age: 14,
          horse_name: null,
          result: null,
        },
      ],
    });
    expect(res.body.data.total_entries).toBe(1);
    const none = await app.request('GET', `${s.base}/print-list?category=Veterans`, {
      token: s.token,
    });
    expect(none.body.data).toMatchObject({ categories: {}, total_entries: 0 });
  });

  it("answers 404 for another school's competition, 401 without a token", async () => {
    const s = await setup();
    const foreign = await c.competition(await app.createSchool({ name: 'Other' }));
    const res = await app.request(
      'GET',
      `/api/schools/${s.schoolId}/competitions/${foreign.id}/entries/print-list`,
      { token: s.token },
    );
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Competition not found.');
    expect((await app.request('GET', `${s.base}/print-list`)).status).toBe(401);
  });
});

describe('results on entries', () => {
  it('a result makes the entry completed and keeps its number', async () => {
    const s = await setup();
    const student = await f.student(s.schoolId);
    const entry = (await enter(s, { student_id: student.id, category: 'Juniors' })).body.data;

    await app.request(
      'POST',
      `/api/schools/${s.schoolId}/competitions/${s.competition.id}/results`,
      { token: s.token, body: { entry_id: entry.id, ribbon: 'pink' } },
    );

    const [row] = await app.db
      .select()
      .from(competitionEntries)
      .where(eq(competitionEntries.id, entry.id));
    expect(row).toMatchObject({ status: 'completed', orderNumber: 1 });
    expect(await app.db.select().from(competitionResults)).toHaveLength(1);
  });
});

describe('unique indexes as field errors', () => {
  it.each([
    [
      'competition_entries_student_category_key',
      'student_id',
      'The student is already entered in this category.',
    ],
    ['competition_results_entry_key', 'entry_id', 'The entry already has a result.'],
  ])('maps a violation of %s to 422 on %s', (constraint, field, message) => {
    const violation = Object.assign(new Error('duplicate key value'), {
      code: '23505',
      constraint_name: constraint,
    });
    expect(toAppError(violation)).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      fieldErrors: { [field]: [message] },
    });
  });
});
