import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  birthFoals,
  births,
  breedingEvents,
  organizations,
  pregnancies,
  semenShipments,
  studExpenses,
  studIncome,
} from '@/db/schema';
import { addDaysTo } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { financeWorld } from './finance-fixtures';

const app = useTestApp();

/** The stud's today (its time zone is UTC in tests) from then on. */
function freezeAt(date: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${date}T12:00:00Z`));
}

afterEach(() => {
  vi.useRealTimers();
});

type World = Awaited<ReturnType<typeof financeWorld>>;

/** A pregnancy written directly, due `gestationDays` (340) after its base date. */
async function pregnancy(
  w: World,
  values: Partial<typeof pregnancies.$inferInsert> & {
    mareId: string;
    stallionId: string;
    baseDate: string;
  },
) {
  const gestationDays = values.gestationDays ?? 340;
  const [row] = await app.db
    .insert(pregnancies)
    .values({
      studId: w.studId,
      gestationDays,
      dueDate: addDaysTo(values.baseDate, gestationDays),
      status: 'checking',
      ...values,
    })
    .returning();
  return row!;
}

async function breeding(
  w: World,
  values: Partial<typeof breedingEvents.$inferInsert> & {
    mareId: string;
    stallionId: string;
    date: string;
  },
) {
  const [row] = await app.db
    .insert(breedingEvents)
    .values({ studId: w.studId, kind: 'natural_cover', ...values })
    .returning();
  return row!;
}

/** Every role's answer to a route: owner, manager and viewer read it, staff may not. */
async function expectRoles(w: World, path: string) {
  for (const role of ['owner', 'manager', 'viewer'] as const) {
    expect((await w.call('GET', path, undefined, role)).status).toBe(200);
  }
  const staff = await w.call('GET', path, undefined, 'staff');
  expect(staff.status).toBe(403);
  expect(staff.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
  const anonymous = await app.request('GET', `/api/studs/${w.studId}${path}`);
  expect(anonymous.status).toBe(401);
  const other = await financeWorld(app, `Other${path.replace(/\W/g, '')}`);
  const stranger = await app.request('GET', `/api/studs/${w.studId}${path}`, {
    token: await app.tokenFor(other.emails.owner),
  });
  expect(stranger.status).toBe(403);
}

describe('GET /reports/season', () => {
  /**
   * Apollo's 2026 season (client mares): Bella booked (completed), bred twice, the first cycle
   * empty, the second foaled a live foal; Cara booked (failed), bred once, lost; Dora booked
   * (in progress), bred in December 2025 on her 2026 booking, still checking; Echo requested
   * and Hana cancelled (not booked). Zeus, with the stud's own mares and no reservations: Fay
   * bred twice in 2026 (empty, then confirmed) and in 2025 (not this season); Gina bred once,
   * aborted (one loss, not two).
   */
  async function seasonWorld() {
    const w = await financeWorld(app);
    const apollo = await w.stallion('Apollo');
    const zeus = await w.stallion('Zeus');
    const hermes = await w.stallion('Hermes');
    const [bella, cara, dora, echo, hana, fay, gina] = await Promise.all(
      ['Bella', 'Cara', 'Dora', 'Echo', 'Hana', 'Fay', 'Gina'].map((name) => w.mare(name)),
    );
    const owner = await w.client('Owner');
    const offer = await w.service(apollo.id, { method: 'fresh_semen', delivery: 'shipped' });
    const old = await w.service(hermes.id, { season: '2025' });
    const booked = async (mareId: string, status: string) =>
      w.reservation(offer.id, mareId, { clientId: owner, status: status as 'confirmed' });
    const rBella = await booked(bella!.id, 'completed');
    const rCara = await booked(cara!.id, 'failed');
    const rDora = await booked(dora!.id, 'in_progress');
    await booked(echo!.id, 'requested');
    await booked(hana!.id, 'cancelled');
    // Hermes's 2025 season is not 2026's.
    const rOld = await w.reservation(old.id, bella!.id, { clientId: owner, status: 'completed' });
    await breeding(w, {
      mareId: bella!.id,
      stallionId: hermes.id,
      reservationId: rOld.id,
      date: '2025-05-01',
    });

    const a = apollo.id;
    const z = zeus.id;
    await breeding(w, {
      mareId: bella!.id,
      stallionId: a,
      reservationId: rBella.id,
      date: '2026-03-01',
    });
    await breeding(w, {
      mareId: bella!.id,
      stallionId: a,
      reservationId: rBella.id,
      date: '2026-04-01',
    });
    await breeding(w, {
      mareId: cara!.id,
      stallionId: a,
      reservationId: rCara.id,
      date: '2026-03-10',
    });
    await breeding(w, {
      mareId: dora!.id,
      stallionId: a,
      reservationId: rDora.id,
      date: '2025-12-20',
    });
    await pregnancy(w, {
      mareId: bella!.id,
      stallionId: a,
      reservationId: rBella.id,
      baseDate: '2026-03-01',
      status: 'not_pregnant',
    });
    const foaled = await pregnancy(w, {
      mareId: bella!.id,
      stallionId: a,
      reservationId: rBella.id,
      baseDate: '2026-04-01',
      status: 'foaled',
    });
    await pregnancy(w, {
      mareId: cara!.id,
      stallionId: a,
      reservationId: rCara.id,
      baseDate: '2026-03-10',
      status: 'lost',
    });
    await pregnancy(w, {
      mareId: dora!.id,
      stallionId: a,
      reservationId: rDora.id,
      baseDate: '2025-12-20',
    });
    const foal = await w.mare('Bella 2027 foal');
    const [birth] = await app.db
      .insert(births)
      .values({ studId: w.studId, pregnancyId: foaled.id, bornOn: '2027-03-07', outcome: 'live' })
      .returning();
    await app.db.insert(birthFoals).values({
      studId: w.studId,
      birthId: birth!.id,
      horseId: foal.id,
      position: 1,
      standsAndNurses: true,
    });
    const shipment = (reservationId: string, doses: number, status: string) =>
      app.db.insert(semenShipments).values({
        studId: w.studId,
        reservationId,
        type: 'chilled',
        doses,
        status: status as 'shipped',
      });
    await shipment(rDora.id, 2, 'shipped');
    await shipment(rBella.id, 3, 'delivered');
    await shipment(rCara.id, 1, 'returned');
    await shipment(rDora.id, 5, 'cancelled');
    await shipment(rDora.id, 4, 'requested');

    await breeding(w, { mareId: fay!.id, stallionId: z, date: '2025-06-01' });
    await pregnancy(w, {
      mareId: fay!.id,
      stallionId: z,
      baseDate: '2025-06-01',
      status: 'foaled',
    });
    await breeding(w, { mareId: fay!.id, stallionId: z, date: '2026-02-01' });
    await pregnancy(w, {
      mareId: fay!.id,
      stallionId: z,
      baseDate: '2026-02-01',
      status: 'not_pregnant',
    });
    await breeding(w, { mareId: fay!.id, stallionId: z, date: '2026-03-05' });
    await pregnancy(w, {
      mareId: fay!.id,
      stallionId: z,
      baseDate: '2026-03-05',
      status: 'confirmed',
    });
    await breeding(w, { mareId: gina!.id, stallionId: z, date: '2026-03-20' });
    const aborted = await pregnancy(w, {
      mareId: gina!.id,
      stallionId: z,
      baseDate: '2026-03-20',
      status: 'lost',
    });
    await app.db.insert(births).values({
      studId: w.studId,
      pregnancyId: aborted.id,
      bornOn: '2026-11-01',
      outcome: 'aborted',
    });
    return { ...w, apollo, zeus, hermes };
  }

  it('counts each stallion’s season by hand-computed figures, totals from the sums', async () => {
    const w = await seasonWorld();
    const res = await w.call('GET', '/reports/season?season=2026', undefined, 'viewer');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      season: '2026',
      stallions: [
        {
          stallion: { id: w.apollo.id, name: 'Apollo' },
          mares_booked: 3,
          mares_bred: 3,
          cycles: 4,
          pregnancies: 2,
          pregnancy_rate_per_cycle: 0.5,
          pregnancy_rate_per_mare: 0.6667,
          losses: 1,
          live_foals: 1,
          doses_shipped: 6,
        },
        {
          stallion: { id: w.zeus.id, name: 'Zeus' },
          mares_booked: 0,
          mares_bred: 2,
          cycles: 3,
          pregnancies: 2,
          pregnancy_rate_per_cycle: 0.6667,
          pregnancy_rate_per_mare: 1,
          losses: 1,
          live_foals: 0,
          doses_shipped: 0,
        },
      ],
      totals: {
        mares_booked: 3,
        mares_bred: 5,
        cycles: 7,
        pregnancies: 4,
        pregnancy_rate_per_cycle: 0.5714,
        pregnancy_rate_per_mare: 0.8,
        losses: 2,
        live_foals: 1,
        doses_shipped: 6,
      },
    });

    const before = await w.call('GET', '/reports/season?season=2025');
    expect(before.body.data.stallions).toEqual([
      expect.objectContaining({
        stallion: { id: w.hermes.id, name: 'Hermes' },
        mares_booked: 1,
        mares_bred: 1,
        cycles: 0,
        pregnancy_rate_per_cycle: null,
      }),
      expect.objectContaining({
        stallion: { id: w.zeus.id, name: 'Zeus' },
        mares_booked: 0,
        mares_bred: 1,
        cycles: 1,
        pregnancies: 1,
        pregnancy_rate_per_cycle: 1,
        live_foals: 0,
      }),
    ]);
  });

  it('defaults to the stud’s current year; an empty season has no rates', async () => {
    freezeAt('2031-05-01');
    const w = await financeWorld(app);
    const res = await w.call('GET', '/reports/season');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      season: '2031',
      stallions: [],
      totals: {
        mares_booked: 0,
        mares_bred: 0,
        cycles: 0,
        pregnancies: 0,
        pregnancy_rate_per_cycle: null,
        pregnancy_rate_per_mare: null,
        losses: 0,
        live_foals: 0,
        doses_shipped: 0,
      },
    });
    const long = await w.call('GET', `/reports/season?season=${'x'.repeat(21)}`);
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.errors)).toEqual(['season']);
  });

  it('is for owners, managers and viewers', async () => {
    const w = await financeWorld(app);
    await expectRoles(w, '/reports/season');
  });
});

describe('GET /reports/financial', () => {
  async function ledgerWorld(name = 'Hill') {
    const w = await financeWorld(app, name);
    const income = (date: string, category: string, amount: string) =>
      app.db
        .insert(studIncome)
        .values({ studId: w.studId, date, category: category as 'other', amount });
    const expense = (date: string, category: string, amount: string) =>
      app.db
        .insert(studExpenses)
        .values({ studId: w.studId, date, category: category as 'other', amount });
    return { ...w, income, expense };
  }

  /** Zeros for every category: what a month without entries holds. */
  const zeros = (categories: string[]) => Object.fromEntries(categories.map((c) => [c, 0]));
  const INCOME = ['stud_fees', 'semen', 'boarding', 'horse_sales', 'prize_money', 'other'];
  const EXPENSE = [
    'feed',
    'bedding',
    'veterinary',
    'farrier',
    'semen_processing',
    'transport',
    'staff',
    'facilities',
    'insurance',
    'marketing',
    'other',
  ];

  /**
   * March: income 1,500.00 (stud fees) + 300.00 (boarding), expense 250.50 (veterinary) → net
   * 1,549.50; April: expense 100.00 (feed) → net −100.00; May: income 0.10 + 0.20 (other) →
   * 0.30 exactly. February's and June's entries, and another stud's, fall outside.
   */
  async function spring() {
    const w = await ledgerWorld();
    await w.income('2026-03-05', 'stud_fees', '1500.00');
    await w.income('2026-03-20', 'boarding', '300.00');
    await w.expense('2026-03-10', 'veterinary', '250.50');
    await w.expense('2026-04-02', 'feed', '100.00');
    await w.income('2026-05-01', 'other', '0.10');
    await w.income('2026-05-31', 'other', '0.20');
    await w.income('2026-02-28', 'horse_sales', '999.00');
    await w.expense('2026-06-01', 'staff', '888.00');
    const other = await ledgerWorld('Other');
    await other.income('2026-03-05', 'stud_fees', '7777.00');
    await other.expense('2026-03-05', 'feed', '7777.00');
    return w;
  }

  it('sums income and expenses by category and month, every one listed, in SQL numeric', async () => {
    const w = await spring();
    const res = await w.call(
      'GET',
      '/reports/financial?start_date=2026-03-01&end_date=2026-05-31',
      undefined,
      'viewer',
    );
    expect(res.status, res.text).toBe(200);
    const line = (category: string, amount: number, count: number) => ({
      category,
      amount,
      count,
    });
    expect(res.body.data).toEqual({
      stud: { id: w.studId, name: 'Hill Stud' },
      start_date: '2026-03-01',
      end_date: '2026-05-31',
      currency: 'EUR',
      income: {
        total: 1800.3,
        count: 4,
        by_category: [
          line('stud_fees', 1500, 1),
          line('semen', 0, 0),
          line('boarding', 300, 1),
          line('horse_sales', 0, 0),
          line('prize_money', 0, 0),
          line('other', 0.3, 2),
        ],
      },
      expenses: {
        total: 350.5,
        count: 2,
        by_category: EXPENSE.map((category) =>
          category === 'veterinary'
            ? line(category, 250.5, 1)
            : category === 'feed'
              ? line(category, 100, 1)
              : line(category, 0, 0),
        ),
      },
      net: 1449.8,
      months: [
        {
          month: '2026-03',
          income: 1800,
          expenses: 250.5,
          net: 1549.5,
          income_by_category: { ...zeros(INCOME), stud_fees: 1500, boarding: 300 },
          expenses_by_category: { ...zeros(EXPENSE), veterinary: 250.5 },
        },
        {
          month: '2026-04',
          income: 0,
          expenses: 100,
          net: -100,
          income_by_category: zeros(INCOME),
          expenses_by_category: { ...zeros(EXPENSE), feed: 100 },
        },
        {
          month: '2026-05',
          income: 0.3,
          expenses: 0,
          net: 0.3,
          income_by_category: { ...zeros(INCOME), other: 0.3 },
          expenses_by_category: zeros(EXPENSE),
        },
      ],
    });
  });

  it('defaults to the stud’s year so far, in its currency', async () => {
    freezeAt('2026-03-20');
    const w = await spring();
    await app.db
      .update(organizations)
      .set({ currency: 'GBP' })
      .where(eq(organizations.id, w.studId));
    const res = await w.call('GET', '/reports/financial');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      start_date: '2026-01-01',
      end_date: '2026-03-20',
      currency: 'GBP',
      income: { total: 2799, count: 3 },
      expenses: { total: 250.5, count: 1 },
      net: 2548.5,
    });
    expect(
      res.body.data.months.map((m: { month: string; net: number }) => [m.month, m.net]),
    ).toEqual([
      ['2026-01', 0],
      ['2026-02', 999],
      ['2026-03', 1549.5],
    ]);
  });

  it('answers 422 for a bad range: end before start, not a date, over 120 months', async () => {
    const w = await ledgerWorld();
    const backwards = await w.call(
      'GET',
      '/reports/financial?start_date=2026-03-02&end_date=2026-03-01',
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body).toEqual({
      message: 'The end date field must be a date after or equal to start date.',
      errors: { end_date: ['The end date field must be a date after or equal to start date.'] },
    });
    const invalid = await w.call('GET', '/reports/financial?start_date=2026-13-01');
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(['start_date']);
    const long = await w.call(
      'GET',
      '/reports/financial?start_date=2016-01-01&end_date=2026-01-01',
    );
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ end_date: ['The report may span at most 120 months.'] });
    const csv = await w.call(
      'GET',
      '/reports/financial?format=csv&start_date=2026-03-02&end_date=2026-03-01',
    );
    expect(csv.status).toBe(422);
  });

  it('downloads as CSV: blocks, two decimals, a negative net as a number, formulas neutralised', async () => {
    const w = await spring();
    await app.db
      .update(organizations)
      .set({ name: '=HYPERLINK("http://x.test","Stud")' })
      .where(eq(organizations.id, w.studId));
    const res = await w.call(
      'GET',
      '/reports/financial?format=csv&start_date=2026-03-01&end_date=2026-05-31',
      undefined,
      'viewer',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="stud-financial-report-2026-03-01-2026-05-31.csv"',
    );
    const raw = await app.handler(
      new Request(`http://localhost:3000/api/studs/${w.studId}/reports/financial?format=csv`, {
        headers: { authorization: `Bearer ${await app.tokenFor(w.emails.owner)}` },
      }),
    );
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const zeroes = (n: number) => Array<string>(n).fill('0.00');
    expect(res.text).toBe(
      [
        `Financial report,"'=HYPERLINK(""http://x.test"",""Stud"")"`,
        'Start date,2026-03-01',
        'End date,2026-05-31',
        'Currency,EUR',
        '',
        'Income,Count,Amount',
        'Total,4,1800.30',
        'stud_fees,1,1500.00',
        'semen,0,0.00',
        'boarding,1,300.00',
        'horse_sales,0,0.00',
        'prize_money,0,0.00',
        'other,2,0.30',
        '',
        'Expenses,Count,Amount',
        'Total,2,350.50',
        'feed,1,100.00',
        'bedding,0,0.00',
        'veterinary,1,250.50',
        ...EXPENSE.slice(3).map((category) => `${category},0,0.00`),
        '',
        'Net,1449.80',
        '',
        [
          'Month',
          'Income',
          'Expenses',
          'Net',
          ...INCOME.map((c) => `Income ${c}`),
          ...EXPENSE.map((c) => `Expenses ${c}`),
        ].join(','),
        [
          '2026-03',
          '1800.00',
          '250.50',
          '1549.50',
          '1500.00',
          '0.00',
          '300.00',
          ...zeroes(3),
          '0.00',
          '0.00',
          '250.50',
          ...zeroes(8),
        ].join(','),
        ['2026-04', '0.00', '100.00', '-100.00', ...zeroes(6), '100.00', ...zeroes(10)].join(','),
        ['2026-05', '0.30', '0.00', '0.30', ...zeroes(5), '0.30', ...zeroes(11)].join(','),
      ].join('\r\n') + '\r\n',
    );
  });

  it('is for owners, managers and viewers', async () => {
    const w = await ledgerWorld();
    await expectRoles(w, '/reports/financial');
    const staff = await w.call('GET', '/reports/financial?format=csv', undefined, 'staff');
    expect(staff.status).toBe(403);
  });
});

describe('GET /reports/receivables', () => {
  const TODAY = '2026-06-30';
  const late = (days: number) => addDaysTo(TODAY, -days);

  it('ages what is outstanding per client at the exact boundaries, the largest debt first', async () => {
    freezeAt(TODAY);
    const w = await financeWorld(app);
    const [able, baker, cole] = await Promise.all(
      ['Able', 'Baker', 'Cole'].map((n) => w.client(n)),
    );
    // Able: current 10 (due today) + 20 (in 5 days); 1–30: 1 + 30; 31–60: 31 + 60;
    // 61–90: 61 + 90; over 90: 91 → 394 in 9 receivables.
    for (const [days, amount] of [
      [0, '10.00'],
      [-5, '20.00'],
      [1, '1.00'],
      [30, '30.00'],
      [31, '31.00'],
      [60, '60.00'],
      [61, '61.00'],
      [90, '90.00'],
      [91, '91.00'],
    ] as const) {
      await w.receivable(able!, { amount, dueDate: late(days) });
    }
    // Baker: 500 current; 100 partly paid (40), 10 days late → 60; paid and cancelled ones
    // are not owed → 560 in 2.
    await w.receivable(baker!, { amount: '500.00', dueDate: late(-1) });
    await w.receivable(baker!, {
      amount: '100.00',
      paidAmount: '40.00',
      status: 'partially_paid',
      dueDate: late(10),
    });
    await w.receivable(baker!, {
      amount: '70.00',
      paidAmount: '70.00',
      status: 'paid',
      dueDate: late(100),
    });
    await w.receivable(baker!, { amount: '80.00', status: 'cancelled', dueDate: late(100) });
    // Cole: 394 over 90 days, as much as Able: by name after Able.
    await w.receivable(cole!, { amount: '394.00', dueDate: late(100) });
    const other = await financeWorld(app, 'Other');
    await other.receivable(await other.client('Stranger'), { amount: '999.00', dueDate: late(5) });

    const res = await w.call('GET', '/reports/receivables', undefined, 'viewer');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      as_of: TODAY,
      clients: [
        {
          client: { id: baker, display_name: 'Ann Baker' },
          receivables: 2,
          current: 500,
          days_1_30: 60,
          days_31_60: 0,
          days_61_90: 0,
          over_90: 0,
          total: 560,
        },
        {
          client: { id: able, display_name: 'Ann Able' },
          receivables: 9,
          current: 30,
          days_1_30: 31,
          days_31_60: 91,
          days_61_90: 151,
          over_90: 91,
          total: 394,
        },
        {
          client: { id: cole, display_name: 'Ann Cole' },
          receivables: 1,
          current: 0,
          days_1_30: 0,
          days_31_60: 0,
          days_61_90: 0,
          over_90: 394,
          total: 394,
        },
      ],
      totals: {
        receivables: 12,
        current: 530,
        days_1_30: 91,
        days_31_60: 91,
        days_61_90: 151,
        over_90: 485,
        total: 1348,
      },
    });
  });

  it('answers zeros without open receivables', async () => {
    freezeAt(TODAY);
    const w = await financeWorld(app);
    const res = await w.call('GET', '/reports/receivables');
    expect(res.body.data).toEqual({
      as_of: TODAY,
      clients: [],
      totals: {
        receivables: 0,
        current: 0,
        days_1_30: 0,
        days_31_60: 0,
        days_61_90: 0,
        over_90: 0,
        total: 0,
      },
    });
  });

  it('is for owners, managers and viewers', async () => {
    const w = await financeWorld(app);
    await expectRoles(w, '/reports/receivables');
  });
});

describe('GET /reports/foaling', () => {
  it('lists open pregnancies due in the range, soonest first, with windows and owners', async () => {
    freezeAt('2026-06-01');
    const w = await financeWorld(app);
    const apollo = await w.stallion('Apollo');
    const offer = await w.service(apollo.id, { season: '2025' });
    const owner = await w.client('Owner');
    const [bella, cara, dora, echo, fay] = await Promise.all(
      ['Bella', 'Cara', 'Dora', 'Echo', 'Fay'].map((name) => w.mare(name)),
    );
    const booking = await w.reservation(offer.id, bella!.id, {
      clientId: owner,
      status: 'pregnant',
    });
    // 2025-08-01 + 340 days = 2026-07-07; window 2026-06-17 to 2026-08-06; day 304 on 2026-06-01.
    const bellas = await pregnancy(w, {
      mareId: bella!.id,
      stallionId: apollo.id,
      reservationId: booking.id,
      baseDate: '2025-08-01',
      status: 'confirmed',
      twins: true,
    });
    // The stud's own mare, still checking, due 2026-06-25: first.
    const caras = await pregnancy(w, {
      mareId: cara!.id,
      stallionId: apollo.id,
      baseDate: '2025-07-20',
    });
    // Due 2026-09-15: beyond the default 90 days (2026-08-30).
    const doras = await pregnancy(w, {
      mareId: dora!.id,
      stallionId: apollo.id,
      baseDate: '2025-10-10',
      status: 'confirmed',
    });
    // Ended ones are not expected.
    await pregnancy(w, {
      mareId: echo!.id,
      stallionId: apollo.id,
      baseDate: '2025-08-01',
      status: 'foaled',
    });
    await pregnancy(w, {
      mareId: fay!.id,
      stallionId: apollo.id,
      baseDate: '2025-08-01',
      status: 'lost',
    });

    const res = await w.call('GET', '/reports/foaling', undefined, 'viewer');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      start_date: '2026-06-01',
      end_date: '2026-08-30',
      foalings: [
        {
          pregnancy_id: caras.id,
          mare: { id: cara!.id, name: 'Cara' },
          stallion: { id: apollo.id, name: 'Apollo' },
          owner: null,
          reservation_id: null,
          status: 'checking',
          base_date: '2025-07-20',
          due_date: '2026-06-25',
          window_start: '2026-06-05',
          window_end: '2026-07-25',
          day: 316,
          twins: false,
        },
        {
          pregnancy_id: bellas.id,
          mare: { id: bella!.id, name: 'Bella' },
          stallion: { id: apollo.id, name: 'Apollo' },
          owner: { id: owner, display_name: 'Ann Owner' },
          reservation_id: booking.id,
          status: 'confirmed',
          base_date: '2025-08-01',
          due_date: '2026-07-07',
          window_start: '2026-06-17',
          window_end: '2026-08-06',
          day: 304,
          twins: true,
        },
      ],
    });

    const later = await w.call('GET', '/reports/foaling?start_date=2026-07-01&end_date=2026-09-15');
    expect(later.body.data.foalings.map((f: { pregnancy_id: string }) => f.pregnancy_id)).toEqual([
      bellas.id,
      doras.id,
    ]);
  });

  it('answers 422 for a bad range and is for owners, managers and viewers', async () => {
    const w = await financeWorld(app);
    const backwards = await w.call(
      'GET',
      '/reports/foaling?start_date=2026-03-02&end_date=2026-03-01',
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({
      end_date: ['The end date field must be a date after or equal to start date.'],
    });
    const invalid = await w.call('GET', '/reports/foaling?end_date=tomorrow');
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors)).toEqual(['end_date']);
    await expectRoles(w, '/reports/foaling');
  });
});
