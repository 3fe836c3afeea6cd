import { afterEach, describe, expect, it, vi } from 'vitest';
import { pregnancies, studExpenses, studIncome, studTasks } from '@/db/schema';
import { addDaysTo } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { financeWorld } from './finance-fixtures';

const app = useTestApp();

const TODAY = '2026-03-20';

afterEach(() => {
  vi.useRealTimers();
});

type World = Awaited<ReturnType<typeof financeWorld>>;

/** A horse with a new identity, through the API. */
async function horse(w: World, identity: Record<string, unknown>, extra = {}) {
  const res = await w.call('POST', '/horses', { identity, ...extra });
  if (res.status !== 201) throw new Error(res.text);
  return res.body.data as { id: string };
}

describe('GET /dashboard', () => {
  it("counts the stud's horses, season, day and money by hand-computed figures", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${TODAY}T12:00:00Z`));
    const w = await financeWorld(app);

    // Horses: 1 stallion, 6 mares (one born a year and a day ago), 2 foals (one born a year
    // less a day ago), 1 gelding (total only); a retired mare is not counted → 10.
    const apollo = await w.stallion('Apollo');
    const mares = [];
    for (const name of ['Bella', 'Cara', 'Dora', 'Echo', 'Fay'])
      mares.push(await horse(w, { name, sex: 'female', birth_year: 2012 }));
    await horse(w, { name: 'Yearling', sex: 'female', birth_date: '2025-03-20' });
    await horse(w, { name: 'Young', sex: 'male', birth_date: '2025-03-21' });
    await horse(w, { name: 'Filly', sex: 'female', birth_date: '2026-01-10' });
    await horse(w, { name: 'Gent', sex: 'male', gelded: true, birth_year: 2015 });
    await horse(w, { name: 'Old', sex: 'female', birth_year: 2000 }, { status: 'retired' });

    // This season's reservations by state; a completed one and last season's are not shown.
    const offer = await w.service(apollo.id);
    const last = await w.service(apollo.id, { season: '2025' });
    const [bella, cara, dora, echo, fay] = mares.map((m) => m.id);
    await w.reservation(offer.id, bella!, { status: 'requested' });
    await w.reservation(offer.id, cara!, { status: 'confirmed' });
    await w.reservation(offer.id, dora!, { status: 'confirmed' });
    await w.reservation(offer.id, echo!, { status: 'in_progress' });
    await w.reservation(offer.id, fay!, { status: 'pregnant' });
    await w.reservation(offer.id, bella!, { status: 'completed' });
    await w.reservation(last.id, cara!, { status: 'confirmed' });

    // Tasks due today or before and still open: 3, of which 1 a suggested check.
    const task = (values: Partial<typeof studTasks.$inferInsert>) =>
      app.db.insert(studTasks).values({ studId: w.studId, title: 'Task', ...values });
    await task({ dueOn: addDaysTo(TODAY, -1) });
    await task({ dueOn: TODAY, source: 'medical' });
    await task({ dueOn: TODAY, source: 'pregnancy_check' });
    await task({ dueOn: addDaysTo(TODAY, 1), source: 'pregnancy_check' });
    await task({ dueOn: addDaysTo(TODAY, -2), status: 'done', completedAt: new Date() });
    await task({ dueOn: addDaysTo(TODAY, -2), source: 'pregnancy_check', status: 'cancelled' });
    await task({});

    // Open pregnancies due from today to 30 days ahead: 2 (the one due yesterday, the one
    // due in 31 days and the foaled one are not).
    const pregnancy = (mareId: string, dueDate: string, status = 'confirmed') =>
      app.db.insert(pregnancies).values({
        studId: w.studId,
        mareId,
        stallionId: apollo.id,
        baseDate: addDaysTo(dueDate, -340),
        gestationDays: 340,
        dueDate,
        status: status as 'confirmed',
      });
    await pregnancy(bella!, TODAY);
    await pregnancy(cara!, addDaysTo(TODAY, 30), 'checking');
    await pregnancy(dora!, addDaysTo(TODAY, 31));
    await pregnancy(echo!, addDaysTo(TODAY, -1));
    await pregnancy(fay!, addDaysTo(TODAY, 5), 'foaled');

    // This month's income: 1,500.00 + 300.00 (+ 0.10 + 0.20); February's and April's are not;
    // expenses are not income.
    const income = (date: string, amount: string) =>
      app.db.insert(studIncome).values({ studId: w.studId, date, category: 'other', amount });
    await income('2026-03-01', '1500.00');
    await income('2026-03-31', '300.00');
    await income('2026-03-15', '0.10');
    await income('2026-03-15', '0.20');
    await income('2026-02-28', '999.00');
    await income('2026-04-01', '888.00');
    await app.db
      .insert(studExpenses)
      .values({ studId: w.studId, date: TODAY, category: 'feed', amount: '250.50' });

    // Open receivables: 100.00 pending and 100.00 with 40.00 paid → 2 owing 160.00.
    const client = await w.client();
    await w.receivable(client, { amount: '100.00' });
    await w.receivable(client, {
      amount: '100.00',
      paidAmount: '40.00',
      status: 'partially_paid',
    });
    await w.receivable(client, { amount: '70.00', paidAmount: '70.00', status: 'paid' });
    await w.receivable(client, { amount: '80.00', status: 'cancelled' });

    // Another stud's figures are not this one's.
    const other = await financeWorld(app, 'Other');
    await app.db
      .insert(studIncome)
      .values({ studId: other.studId, date: TODAY, category: 'other', amount: '5000.00' });
    await other.receivable(await other.client(), { amount: '5000.00' });

    const res = await w.call('GET', '/dashboard', undefined, 'viewer');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      data: {
        stats: {
          horses: { total: 10, stallions: 1, mares: 6, foals: 2 },
          reservations: { requested: 1, confirmed: 2, in_progress: 1, pregnant: 1 },
        },
        today: { tasks_due: 3, checks_due: 1, foalings_next_30_days: 2 },
        finances: { month_income: 1800.3, pending_receivables: 2, pending_amount: 160 },
      },
    });
  });

  it('answers zeros for a new stud', async () => {
    const w = await financeWorld(app);
    const res = await w.call('GET', '/dashboard');
    expect(res.body.data).toEqual({
      stats: {
        horses: { total: 0, stallions: 0, mares: 0, foals: 0 },
        reservations: { requested: 0, confirmed: 0, in_progress: 0, pregnant: 0 },
      },
      today: { tasks_due: 0, checks_due: 0, foalings_next_30_days: 0 },
      finances: { month_income: 0, pending_receivables: 0, pending_amount: 0 },
    });
  });

  it('is for owners, managers and viewers: staff 403, strangers 403, no token 401', async () => {
    const w = await financeWorld(app);
    for (const role of ['owner', 'manager', 'viewer'] as const) {
      expect((await w.call('GET', '/dashboard', undefined, role)).status).toBe(200);
    }
    const staff = await w.call('GET', '/dashboard', undefined, 'staff');
    expect(staff.status).toBe(403);
    expect(staff.body).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect((await app.request('GET', `/api/studs/${w.studId}/dashboard`)).status).toBe(401);
    const other = await financeWorld(app, 'Other');
    const stranger = await app.request('GET', `/api/studs/${w.studId}/dashboard`, {
      token: await app.tokenFor(other.emails.owner),
    });
    expect(stranger.status).toBe(403);
  });
});
