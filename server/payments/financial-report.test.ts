import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementCounter } from '@/db/client';
import { competitionPayments, competitions, payments } from '@/db/schema';
import { useTestApp, type TestResponse } from '../test/harness';
import { schoolFixtures } from '../test/school-fixtures';
import { csvCell } from './financial-report-csv';

const app = useTestApp();
const f = schoolFixtures(() => app.db);

const MEMBERS = {
  'owner@a.test': 'owner',
  'manager@a.test': 'manager',
  'instructor@a.test': 'instructor',
  'viewer@a.test': 'viewer',
} as const;

function freezeAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => {
  vi.useRealTimers();
});

type Charge = Partial<typeof payments.$inferInsert> & { amount: string; dueDate: string };
type CompetitionCharge = Partial<typeof competitionPayments.$inferInsert> & {
  amount: string;
  dueDate: string;
};

async function school(name = 'Riding Club', timezone = 'UTC') {
  const schoolId = await app.createSchool({ name, timezone, members: { ...MEMBERS } });
  const [competition] = await app.db
    .insert(competitions)
    .values({ schoolId, name: 'Spring cup', date: '2026-03-15' })
    .returning();
  return {
    schoolId,
    token: await app.tokenFor('owner@a.test'),
    url: `/api/schools/${schoolId}/reports/financial`,
    charge: async (studentId: string, values: Charge) => {
      await app.db
        .insert(payments)
        .values({ schoolId, studentId, concept: 'other', currency: 'EUR', ...values });
    },
    competitionCharge: async (studentId: string, values: CompetitionCharge) => {
      await app.db.insert(competitionPayments).values({
        schoolId,
        competitionId: competition!.id,
        studentId,
        concept: 'inscription',
        ...values,
      });
    },
  };
}

const paid = <M extends 'cash' | 'transfer' | 'card' | 'mobile_wallet' | 'other'>(
  paidDate: string,
  paymentMethod: M,
) => ({
  status: 'paid' as const,
  paidDate,
  paymentMethod,
});

/**
 * Today is 2026-03-20; the range is February and March 2026. Hand-computed figures:
 * income: school tuition 0.10 + 0.20 = 0.30 (2), school other 10.05 + 99.99 = 110.04 (2),
 * competition 25.50 (1), total 135.84 (5); February 110.04 (2), March 25.80 (3);
 * cash 0.10, transfer 0.20, card 10.05 + 25.50 = 35.55, mobile wallet 99.99.
 * Unpaid, due in the range: pending 80.00 + 19.99 = 99.99 (2), overdue 0.01 + 45.50 = 45.51
 * (2), competition pending 12.34 (1). Debtors: Ana 80.01, Bruno 65.49, Carla 12.34.
 */
async function fixture() {
  freezeAt('2026-03-20T12:00:00Z');
  const s = await school();
  const ana = await f.student(s.schoolId, { firstName: 'Ana', lastName: 'García' });
  const bruno = await f.student(s.schoolId, { firstName: 'Bruno', lastName: 'Díaz' });
  const carla = await f.student(s.schoolId, { firstName: 'Carla', lastName: 'Ruiz' });

  // Paid, in the range.
  await s.charge(ana.id, {
    concept: 'tuition',
    period: '2026-03',
    amount: '0.10',
    dueDate: '2026-03-10',
    ...paid('2026-03-01', 'cash'),
  });
  await s.charge(ana.id, {
    concept: 'tuition',
    period: '2026-04',
    amount: '0.20',
    dueDate: '2026-04-10',
    ...paid('2026-03-31', 'transfer'),
  });
  await s.charge(bruno.id, {
    amount: '10.05',
    dueDate: '2026-01-10',
    ...paid('2026-02-28', 'card'),
  });
  await s.charge(bruno.id, {
    concept: 'enrollment_fee',
    amount: '99.99',
    dueDate: '2026-02-01',
    ...paid('2026-02-01', 'mobile_wallet'),
  });
  await s.competitionCharge(ana.id, {
    amount: '25.50',
    dueDate: '2026-03-15',
    ...paid('2026-03-15', 'card'),
  });
  // Paid outside the range.
  await s.charge(carla.id, {
    concept: 'tuition',
    period: '2026-01',
    amount: '50.00',
    dueDate: '2026-01-10',
    ...paid('2026-01-31', 'cash'),
  });
  await s.charge(carla.id, {
    amount: '7.77',
    dueDate: '2026-03-10',
    ...paid('2026-04-01', 'cash'),
  });
  await s.competitionCharge(bruno.id, {
    amount: '4.45',
    dueDate: '2026-03-15',
    ...paid('2026-04-02', 'cash'),
  });

  // Unpaid, due in the range: due today is not overdue, yesterday is.
  await s.charge(ana.id, { amount: '80.00', dueDate: '2026-03-20' });
  await s.charge(ana.id, { amount: '0.01', dueDate: '2026-03-19' });
  await s.charge(bruno.id, { amount: '45.50', dueDate: '2026-02-10' });
  await s.charge(bruno.id, { amount: '19.99', dueDate: '2026-03-31' });
  await s.competitionCharge(carla.id, { amount: '12.34', dueDate: '2026-03-25' });
  // Not counted: due outside the range, cancelled, refunded.
  await s.charge(carla.id, { amount: '300.00', dueDate: '2026-04-10' });
  await s.charge(carla.id, { amount: '100.00', dueDate: '2026-01-10' });
  await s.charge(carla.id, { amount: '60.00', dueDate: '2026-03-05', status: 'cancelled' });
  await s.competitionCharge(ana.id, { amount: '9.99', dueDate: '2026-03-15', status: 'refunded' });
  await s.competitionCharge(ana.id, { amount: '8.88', dueDate: '2026-03-15', status: 'cancelled' });

  // Another school's money never counts.
  const other = await school('Other');
  const stranger = await f.student(other.schoolId);
  await other.charge(stranger.id, {
    amount: '1000.00',
    dueDate: '2026-03-01',
    ...paid('2026-03-02', 'cash'),
  });
  await other.charge(stranger.id, { amount: '2000.00', dueDate: '2026-03-01' });
  await other.competitionCharge(stranger.id, {
    amount: '3000.00',
    dueDate: '2026-03-01',
    ...paid('2026-03-02', 'card'),
  });

  return { ...s, ana, bruno, carla };
}

const figure = (count: number, amount: number) => ({ count, amount });

describe('GET /api/schools/{schoolId}/reports/financial', () => {
  it('computes income, receivables and top debtors over the range, cents exact', async () => {
    const s = await fixture();

    const res = await app.request('GET', `${s.url}?start_date=2026-02-01&end_date=2026-03-31`, {
      token: s.token,
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        school: { id: s.schoolId, name: 'Riding Club' },
        start_date: '2026-02-01',
        end_date: '2026-03-31',
        currency: 'EUR',
        income: {
          total: figure(5, 135.84),
          school_tuition: figure(2, 0.3),
          school_other: figure(2, 110.04),
          competition: figure(1, 25.5),
        },
        income_by_month: [
          {
            month: '2026-02',
            school_tuition: 0,
            school_other: 110.04,
            competition: 0,
            total: 110.04,
            count: 2,
          },
          {
            month: '2026-03',
            school_tuition: 0.3,
            school_other: 0,
            competition: 25.5,
            total: 25.8,
            count: 3,
          },
        ],
        income_by_payment_method: [
          { payment_method: 'cash', count: 1, amount: 0.1 },
          { payment_method: 'transfer', count: 1, amount: 0.2 },
          { payment_method: 'card', count: 2, amount: 35.55 },
          { payment_method: 'mobile_wallet', count: 1, amount: 99.99 },
          { payment_method: 'other', count: 0, amount: 0 },
        ],
        pending: figure(2, 99.99),
        overdue: figure(2, 45.51),
        competition_pending: figure(1, 12.34),
        top_debtors: [
          {
            student_id: s.ana.id,
            full_name: 'Ana García',
            payments_count: 2,
            unpaid_amount: 80.01,
            overdue_amount: 0.01,
          },
          {
            student_id: s.bruno.id,
            full_name: 'Bruno Díaz',
            payments_count: 2,
            unpaid_amount: 65.49,
            overdue_amount: 45.5,
          },
          {
            student_id: s.carla.id,
            full_name: 'Carla Ruiz',
            payments_count: 1,
            unpaid_amount: 12.34,
            overdue_amount: 0,
          },
        ],
      },
    });
  });

  it("defaults to the current month in the school's time zone, and a viewer may read it", async () => {
    // 1 April 00:30 in Madrid, still 31 March in UTC.
    freezeAt('2026-03-31T22:30:00Z');
    const s = await school('Madrid', 'Europe/Madrid');
    const student = await f.student(s.schoolId);
    await s.charge(student.id, {
      amount: '1.00',
      dueDate: '2026-03-01',
      ...paid('2026-03-31', 'cash'),
    });
    await s.charge(student.id, {
      amount: '2.00',
      dueDate: '2026-04-01',
      ...paid('2026-04-01', 'card'),
    });
    await s.charge(student.id, { amount: '4.00', dueDate: '2026-04-30' });

    const res = await app.request('GET', s.url, { token: await app.tokenFor('viewer@a.test') });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      start_date: '2026-04-01',
      end_date: '2026-04-30',
      income: { total: figure(1, 2) },
      income_by_month: [
        {
          month: '2026-04',
          school_tuition: 0,
          school_other: 2,
          competition: 0,
          total: 2,
          count: 1,
        },
      ],
      pending: figure(1, 4),
      overdue: figure(0, 0),
    });

    // One bound given: the other stays the current month's.
    const from = await app.request('GET', `${s.url}?start_date=2026-03-01`, { token: s.token });
    expect(from.body.data).toMatchObject({
      start_date: '2026-03-01',
      end_date: '2026-04-30',
      income: { total: figure(2, 3) },
    });
    expect(from.body.data.income_by_month.map((m: { month: string }) => m.month)).toEqual([
      '2026-03',
      '2026-04',
    ]);
  });

  it('lists every month of the range, and answers zeros for a school without money', async () => {
    const s = await school();
    const res = await app.request('GET', `${s.url}?start_date=2025-11-15&end_date=2026-02-01`, {
      token: s.token,
    });
    expect(res.status).toBe(200);
    const zero = figure(0, 0);
    expect(res.body.data).toMatchObject({
      income: { total: zero, school_tuition: zero, school_other: zero, competition: zero },
      pending: zero,
      overdue: zero,
      competition_pending: zero,
      top_debtors: [],
    });
    expect(res.body.data.income_by_month).toEqual(
      ['2025-11', '2025-12', '2026-01', '2026-02'].map((month) => ({
        month,
        school_tuition: 0,
        school_other: 0,
        competition: 0,
        total: 0,
        count: 0,
      })),
    );
  });

  it('keeps the 10 students owing most, largest debt first', async () => {
    const s = await school();
    for (let i = 1; i <= 12; i++) {
      const student = await f.student(s.schoolId, { firstName: `S${String(i).padStart(2, '0')}` });
      await s.charge(student.id, { amount: `${i}.00`, dueDate: '2099-01-01' });
    }
    const res = await app.request('GET', `${s.url}?start_date=2099-01-01&end_date=2099-01-31`, {
      token: s.token,
    });
    expect(
      res.body.data.top_debtors.map((d: { unpaid_amount: number }) => d.unpaid_amount),
    ).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(res.body.data.pending).toEqual(figure(12, 78));
  });

  it('runs the same number of statements for a small and a busy school', async () => {
    const s = await school();
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `${s.url}?start_date=2026-01-01&end_date=2026-12-31`, {
          token: s.token,
        }),
      );
      expect(res.status).toBe(200);
      return counter.count;
    };
    const student = await f.student(s.schoolId);
    await s.charge(student.id, { amount: '1.00', dueDate: '2026-03-01' });
    await count(); // signs the owner in
    const small = await count();
    for (let i = 0; i < 20; i++) {
      const other = await f.student(s.schoolId, { firstName: `S${i}` });
      await s.charge(other.id, {
        amount: '1.00',
        dueDate: '2026-03-01',
        ...paid(`2026-${String((i % 12) + 1).padStart(2, '0')}-10`, 'cash'),
      });
      await s.charge(other.id, { amount: '2.00', dueDate: '2026-05-01' });
    }
    expect(await count()).toBe(small);
  });

  it('validates the range with 422', async () => {
    const s = await school();
    const get = (query: string) => app.request('GET', `${s.url}?${query}`, { token: s.token });
    const expect422 = (res: TestResponse, field: string, message?: string) => {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toEqual({
        message: expect.any(String),
        errors: { [field]: [message ?? expect.any(String)] },
      });
    };
    expect422(await get('start_date=2026-02-30'), 'start_date');
    expect422(await get('end_date=yesterday'), 'end_date');
    expect422(
      await get('start_date=2026-03-02&end_date=2026-03-01'),
      'end_date',
      'The end date field must be a date after or equal to start date.',
    );
    expect422(
      await get('start_date=2015-12-01&end_date=2025-12-31'),
      'end_date',
      'The report may span at most 120 months.',
    );
    expect((await get('start_date=2016-01-01&end_date=2025-12-31')).status).toBe(200);
    expect422(await get('format=pdf'), 'format');
  });

  it('refuses an instructor (no reports.view) and a stranger with 403, and answers 401 without a token', async () => {
    const s = await school();
    await app.createSchool({ members: { 'stranger@c.test': 'owner' } });
    for (const email of ['instructor@a.test', 'stranger@c.test']) {
      const res = await app.request('GET', s.url, { token: await app.tokenFor(email) });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    expect((await app.request('GET', s.url)).status).toBe(401);
  });
});

describe('GET /api/schools/{schoolId}/reports/financial?format=csv', () => {
  it('downloads the same report as CSV, with formula-like cells neutralised', async () => {
    freezeAt('2026-03-20T12:00:00Z');
    const s = await school('@SUM(1+1) Riders');
    const evil = await f.student(s.schoolId, {
      firstName: '=HYPERLINK("http://x.test","click")',
      lastName: 'Doe',
    });
    const plus = await f.student(s.schoolId, { firstName: '+Plus', lastName: 'Sign' });
    await s.charge(evil.id, { amount: '100.00', dueDate: '2026-03-01' });
    await s.charge(plus.id, { amount: '0.10', dueDate: '2026-03-25' });
    await s.charge(plus.id, {
      concept: 'tuition',
      period: '2026-03',
      amount: '0.20',
      dueDate: '2026-03-10',
      ...paid('2026-03-11', 'cash'),
    });
    await s.competitionCharge(plus.id, {
      amount: '5.00',
      dueDate: '2026-03-15',
      ...paid('2026-03-15', 'card'),
    });

    const res = await app.request(
      'GET',
      `${s.url}?format=csv&start_date=2026-03-01&end_date=2026-03-31`,
      { token: await app.tokenFor('viewer@a.test') },
    );

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="financial-report-2026-03-01-2026-03-31.csv"',
    );
    // A UTF-8 byte order mark first, for spreadsheets (text() drops it).
    const raw = await app.handler(
      new Request(`http://localhost:3000${s.url}?format=csv`, {
        headers: { authorization: `Bearer ${s.token}` },
      }),
    );
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text).toBe(
      [
        `Financial report,"'@SUM(1+1) Riders"`,
        'Start date,2026-03-01',
        'End date,2026-03-31',
        'Currency,EUR',
        '',
        'Income,Count,Amount',
        'Total,2,5.20',
        'School tuition,1,0.20',
        'School other,0,0.00',
        'Competition,1,5.00',
        '',
        'Month,School tuition,School other,Competition,Total,Count',
        '2026-03,0.20,0.00,5.00,5.20,2',
        '',
        'Payment method,Count,Amount',
        'cash,1,0.20',
        'transfer,0,0.00',
        'card,1,5.00',
        'mobile_wallet,0,0.00',
        'other,0,0.00',
        '',
        'Receivables,Count,Amount',
        'Pending,1,0.10',
        'Overdue,1,100.00',
        'Competition pending,0,0.00',
        '',
        'Top debtor,Student ID,Payments,Unpaid amount,Overdue amount',
        `"'=HYPERLINK(""http://x.test"",""click"") Doe",${evil.id},1,100.00,100.00`,
        `"'+Plus Sign",${plus.id},1,0.10,0.00`,
      ].join('\r\n') + '\r\n',
    );
  });

  it('answers errors as JSON: 401, 403 for an instructor, 422 for a bad range', async () => {
    const s = await school();
    const csv = `${s.url}?format=csv`;
    const unauthenticated = await app.request('GET', csv);
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });
    const instructor = await app.request('GET', csv, {
      token: await app.tokenFor('instructor@a.test'),
    });
    expect(instructor.status).toBe(403);
    expect(instructor.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    const invalid = await app.request('GET', `${csv}&start_date=2026-03-02&end_date=2026-03-01`, {
      token: s.token,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      message: 'The end date field must be a date after or equal to start date.',
      errors: { end_date: ['The end date field must be a date after or equal to start date.'] },
    });
  });

  it('prefixes every cell that a spreadsheet would run, and quotes it and separators', () => {
    expect(
      [
        '=1+1',
        '+1',
        '-1',
        '@A1',
        '\tx',
        '\rx',
        'plain',
        'a,b',
        'a;b',
        'a\tb',
        'Ana;=1+1;',
        'say "hi"',
        12.5,
        '1-2',
      ].map(csvCell),
    ).toEqual([
      `"'=1+1"`,
      `"'+1"`,
      `"'-1"`,
      `"'@A1"`,
      `"'\tx"`,
      `"'\rx"`,
      'plain',
      '"a,b"',
      '"a;b"',
      '"a\tb"',
      '"Ana;=1+1;"',
      '"say ""hi"""',
      '12.5',
      '1-2',
    ]);
  });

  it('quotes names that a `;` or tab would split into a formula (issue 13)', async () => {
    freezeAt('2026-03-20T12:00:00Z');
    const s = await school();
    const semicolon = await f.student(s.schoolId, { firstName: 'Ana;=1+1;', lastName: 'Ruiz' });
    const tab = await f.student(s.schoolId, { firstName: 'Eva\t@SUM(A1)', lastName: 'Gil' });
    const comma = await f.student(s.schoolId, { firstName: 'Leo', lastName: 'Paz,-2+3' });
    await s.charge(semicolon.id, { amount: '30.00', dueDate: '2026-03-01' });
    await s.charge(tab.id, { amount: '20.00', dueDate: '2026-03-01' });
    await s.charge(comma.id, { amount: '10.00', dueDate: '2026-03-01' });

    const res = await app.request(
      'GET',
      `${s.url}?format=csv&start_date=2026-03-01&end_date=2026-03-31`,
      { token: s.token },
    );

    expect(res.status).toBe(200);
    const lines = res.text.split('\r\n');
    expect(lines).toContain(`"Ana;=1+1; Ruiz",${semicolon.id},1,30.00,30.00`);
    expect(lines).toContain(`"Eva\t@SUM(A1) Gil",${tab.id},1,20.00,20.00`);
    expect(lines).toContain(`"Leo Paz,-2+3",${comma.id},1,10.00,10.00`);
    // Whichever separator a spreadsheet guesses, no cell it reads starts a formula.
    for (const separator of [',', ';', '\t']) {
      const cells = lines.flatMap((line) => spreadsheetCells(line, separator));
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    }
  });
});

/**
 * A line split into cells as a spreadsheet does with `separator`: a cell that starts with a
 * quote runs to the closing quote (`""` is a quote), anything after it up to the separator
 * is appended; any other cell runs to the next separator.
 */
function spreadsheetCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    if (line[i] === '"') {
      i += 1;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (line[i] === '"') {
          i += 1;
          break;
        } else {
          cell += line[i++];
        }
      }
    }
    while (i < line.length && line[i] !== separator) cell += line[i++];
    cells.push(cell);
    if (i >= line.length) return cells;
    i += 1;
  }
}
