import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { studIncome } from '@/db/schema';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { financeWorld } from './finance-fixtures';

const app = useTestApp();

/** A finance world (its stud in UTC) with a client, a reservation of Bella to Apollo. */
async function world(name = 'Hill') {
  const w = await financeWorld(app, name);
  const clientId = await w.client('Ruiz');
  const apollo = await w.stallion('Apollo');
  const bella = await w.mare('Bella');
  const service = await w.service(apollo.id);
  const booking = await w.reservation(service.id, bella.id, { clientId });
  return { ...w, clientId, apollo, booking, today: todayIn('UTC') };
}

type World = Awaited<ReturnType<typeof world>>;

const post = (
  w: World,
  receivableId: string,
  amount: number,
  body: Record<string, unknown> = {},
  as?: 'manager' | 'viewer' | 'staff',
) =>
  w.call(
    'POST',
    '/payments',
    { receivable_id: receivableId, amount, payment_method: 'transfer', ...body },
    as,
  );

const receivableOf = async (w: World, id: string) =>
  (await w.call('GET', `/receivables/${id}`)).body.data;

/** The income entries of the stud written by `paymentId`. */
const incomeOf = (w: World, paymentId: string) =>
  app.db
    .select()
    .from(studIncome)
    .where(and(eq(studIncome.studId, w.studId), eq(studIncome.paymentId, paymentId)));

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id);

describe('stud payments: recording', () => {
  it('pays 30 then 70 of 100: the receivable follows, each payment books its income', async () => {
    const w = await world();
    const owed = await w.receivable(w.clientId);
    const year = w.today.slice(0, 4);
    const first = await post(w, owed.id, 30, { notes: 'Part' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({
      receivable_id: owed.id,
      receivable: {
        id: owed.id,
        kind: 'boarding',
        description: 'Boarding, October',
        client: { id: w.clientId, display_name: 'Ann Ruiz' },
      },
      amount: 30,
      paid_date: w.today,
      payment_method: 'transfer',
      receipt_number: `R-${year}-000001`,
      notes: 'Part',
      status: 'recorded',
      voided_at: null,
      void_reason: null,
    });
    expect(await receivableOf(w, owed.id)).toMatchObject({
      status: 'partially_paid',
      paid_amount: 30,
      outstanding: 70,
    });
    const [income] = await incomeOf(w, first.body.data.id);
    expect(first.body.data.income_id).toBe(income!.id);
    expect(income).toMatchObject({
      category: 'boarding',
      amount: '30.00',
      date: w.today,
      clientId: w.clientId,
      horseId: null,
      description: 'Boarding, October',
    });

    const second = await post(w, owed.id, 70);
    expect(second.status, second.text).toBe(201);
    expect(second.body.data.receipt_number).toBe(`R-${year}-000002`);
    expect(await receivableOf(w, owed.id)).toMatchObject({
      status: 'paid',
      paid_amount: 100,
      outstanding: 0,
    });
    const got = await w.call('GET', `/payments/${second.body.data.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(second.body.data);
  });

  it('books a reservation’s receivable under its kind’s category, with the stallion as horse', async () => {
    const w = await world();
    const fee = await w.receivable(w.clientId, {
      reservationId: w.booking.id,
      kind: 'booking_fee',
      amount: '500.00',
    });
    const doses = await w.receivable(w.clientId, {
      reservationId: w.booking.id,
      kind: 'extra_doses',
      amount: '80.00',
    });
    const sale = await w.receivable(w.clientId, { kind: 'horse_sale', amount: '9000.00' });
    const vet = await w.receivable(w.clientId, { kind: 'veterinary', amount: '45.50' });
    const cases: [string, number, string, string | null][] = [
      [fee.id, 500, 'stud_fees', w.apollo.id],
      [doses.id, 80, 'semen', w.apollo.id],
      [sale.id, 9000, 'horse_sales', null],
      [vet.id, 45.5, 'other', null],
    ];
    for (const [id, amount, category, horseId] of cases) {
      const res = await post(w, id, amount, { paid_date: '2026-01-10' });
      expect(res.status, res.text).toBe(201);
      const [income] = await incomeOf(w, res.body.data.id);
      expect(income, category).toMatchObject({
        category,
        amount: amount.toFixed(2),
        date: '2026-01-10',
        clientId: w.clientId,
        horseId,
      });
    }
  });

  it('refuses more than is outstanding, to the cent, naming what is (422)', async () => {
    const w = await world();
    const owed = await w.receivable(w.clientId);
    expect((await post(w, owed.id, 33.33)).status).toBe(201);
    const over = await post(w, owed.id, 66.68);
    expect(over.status).toBe(422);
    expect(over.body.errors.amount).toEqual(['The amount must not exceed the outstanding 66.67.']);
    expect((await receivableOf(w, owed.id)).paid_amount).toBe(33.33);
    const rest = await post(w, owed.id, 66.67);
    expect(rest.status, rest.text).toBe(201);
    expect(await receivableOf(w, owed.id)).toMatchObject({
      status: 'paid',
      paid_amount: 100,
      outstanding: 0,
    });
    for (const amount of [0, -1, 1.001])
      expect((await post(w, owed.id, amount)).body.errors, String(amount)).toHaveProperty('amount');
  });

  it('answers 409 for a paid or cancelled receivable, 422 for another stud’s', async () => {
    const w = await world();
    const vale = await world('Vale');
    const paid = await w.receivable(w.clientId, { amount: '10.00' });
    await w.pay(paid.id, 10);
    const onPaid = await post(w, paid.id, 1);
    expect(onPaid.status).toBe(409);
    expect(onPaid.body.error.message).toBe('The receivable is paid: nothing is outstanding.');
    const cancelled = await w.receivable(w.clientId);
    await w.call('DELETE', `/receivables/${cancelled.id}`);
    const onCancelled = await post(w, cancelled.id, 1);
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.error.message).toBe('The receivable is cancelled: nothing is owed.');
    const theirs = await vale.receivable(vale.clientId);
    for (const id of [theirs.id, crypto.randomUUID()]) {
      const res = await post(w, id, 1);
      expect(res.status).toBe(422);
      expect(res.body.errors.receivable_id).toEqual(['The selected receivable id is invalid.']);
    }
    expect((await receivableOf(vale, theirs.id)).paid_amount).toBe(0);
    const income = await app.db.select().from(studIncome).where(eq(studIncome.studId, w.studId));
    expect(income).toHaveLength(1);
  });

  it('takes a paid date up to today (422 after it); the receipt year is the paid date’s', async () => {
    const w = await world();
    const owed = await w.receivable(w.clientId);
    const tomorrow = await post(w, owed.id, 10, { paid_date: addDaysTo(w.today, 1) });
    expect(tomorrow.status).toBe(422);
    expect(tomorrow.body.errors.paid_date).toEqual(['The paid date must not be after today.']);
    const old = await post(w, owed.id, 10, { paid_date: '2025-12-31' });
    expect(old.status, old.text).toBe(201);
    expect(old.body.data).toMatchObject({
      paid_date: '2025-12-31',
      receipt_number: 'R-2025-000001',
    });
    const [income] = await incomeOf(w, old.body.data.id);
    expect(income!.date).toBe('2025-12-31');
    expect((await post(w, owed.id, 10, { payment_method: 'cheque' })).status).toBe(422);
  });

  it('takes a receipt number given, once per stud (422 the second time)', async () => {
    const w = await world();
    const vale = await world('Vale');
    const owed = await w.receivable(w.clientId);
    const given = await post(w, owed.id, 10, { receipt_number: '  B-17 ' });
    expect(given.status, given.text).toBe(201);
    expect(given.body.data.receipt_number).toBe('B-17');
    const twice = await post(w, owed.id, 10, { receipt_number: 'B-17' });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.receipt_number).toEqual([
      'The receipt number has already been taken.',
    ]);
    expect(await receivableOf(w, owed.id)).toMatchObject({ paid_amount: 10 });
    const elsewhere = await vale.receivable(vale.clientId);
    expect((await post(vale, elsewhere.id, 10, { receipt_number: 'B-17' })).status).toBe(201);
    const numbered = await post(w, owed.id, 10);
    expect(numbered.body.data.receipt_number).toBe(`R-${w.today.slice(0, 4)}-000001`);
  });
});

describe('stud payments: reading', () => {
  it('lists the newest paid first, with every filter and pages', async () => {
    const w = await world();
    const other = await w.client('Other');
    const mine = await w.receivable(w.clientId);
    const theirs = await w.receivable(other);
    const a = (await post(w, mine.id, 10, { paid_date: '2026-01-05' })).body.data;
    const b = (await post(w, theirs.id, 20, { paid_date: '2026-02-05', payment_method: 'cash' }))
      .body.data;
    const c = (await post(w, mine.id, 30, { paid_date: '2026-02-05' })).body.data;
    await w.call('POST', `/payments/${a.id}/void`, {});
    const list = async (query: string) => {
      const res = await w.call('GET', `/payments${query}`);
      expect(res.status, res.text).toBe(200);
      return ids(res);
    };
    const all = await w.call('GET', '/payments');
    expect(all.body.meta).toMatchObject({ total: 3, per_page: 25 });
    expect(ids(all)).toEqual([c.id, b.id, a.id]);
    expect(await list(`?receivable_id=${mine.id}`)).toEqual([c.id, a.id]);
    expect(await list(`?client_id=${other}`)).toEqual([b.id]);
    expect(await list('?status=voided')).toEqual([a.id]);
    expect(await list('?status=recorded')).toEqual([c.id, b.id]);
    expect(await list('?payment_method=cash')).toEqual([b.id]);
    expect(await list('?from=2026-02-01&to=2026-02-28')).toEqual([c.id, b.id]);
    expect(await list('?to=2026-01-31')).toEqual([a.id]);
    const page = await w.call('GET', '/payments?per_page=2&page=2');
    expect(ids(page)).toEqual([a.id]);
    expect(page.body.meta).toMatchObject({ total: 3, last_page: 2 });
    expect((await w.call('GET', '/payments?status=lost')).status).toBe(422);
  });

  it('reads a page in the same number of statements for 2 and 20 payments', async () => {
    const w = await world();
    const owed = await w.receivable(w.clientId, { amount: '1000.00' });
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => w.call('GET', '/payments'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    for (let n = 0; n < 2; n++) await w.pay(owed.id, 1);
    const small = await count();
    for (let n = 2; n < 20; n++) await w.pay(owed.id, 1);
    expect(await count()).toBe(small);
  });

  it('answers 404 for an unknown, malformed or other stud’s payment', async () => {
    const w = await world();
    const vale = await world('Vale');
    const theirs = await vale.pay((await vale.receivable(vale.clientId)).id, 5);
    for (const id of [crypto.randomUUID(), 'nope', theirs.id]) {
      expect((await w.call('GET', `/payments/${id}`)).status, id).toBe(404);
      expect((await w.call('POST', `/payments/${id}/void`, {})).status, id).toBe(404);
    }
    expect((await vale.call('GET', `/payments/${theirs.id}`)).body.data.status).toBe('recorded');
  });
});

describe('stud payments: voiding', () => {
  it('gives the amount back, removes the income entry, and refuses a second void (409)', async () => {
    const w = await world();
    const owed = await w.receivable(w.clientId);
    const first = await w.pay(owed.id, 30);
    const second = await w.pay(owed.id, 70);
    const res = await w.call('POST', `/payments/${second.id}/void`, { reason: ' Bounced ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: second.id,
      status: 'voided',
      income_id: null,
      void_reason: 'Bounced',
      amount: 70,
    });
    expect(res.body.data.voided_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await incomeOf(w, second.id)).toEqual([]);
    expect(await incomeOf(w, first.id)).toHaveLength(1);
    expect(await receivableOf(w, owed.id)).toMatchObject({
      status: 'partially_paid',
      paid_amount: 30,
      outstanding: 70,
    });
    const again = await w.call('POST', `/payments/${second.id}/void`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The payment is already voided.');

    expect((await w.call('POST', `/payments/${first.id}/void`)).status).toBe(200);
    expect(await receivableOf(w, owed.id)).toMatchObject({
      status: 'pending',
      paid_amount: 0,
      outstanding: 100,
    });
    expect(await incomeOf(w, first.id)).toEqual([]);
  });

  it('lets a voided receivable be paid again, and cancelled once nothing is paid', async () => {
    const w = await world();
    const owed = await w.receivable(w.clientId);
    const paid = await w.pay(owed.id, 100);
    expect((await w.call('DELETE', `/receivables/${owed.id}`)).status).toBe(409);
    await w.call('POST', `/payments/${paid.id}/void`, {});
    const repaid = await post(w, owed.id, 100);
    expect(repaid.status, repaid.text).toBe(201);
    expect((await receivableOf(w, owed.id)).status).toBe('paid');
    await w.call('POST', `/payments/${repaid.body.data.id}/void`, {});
    const cancelled = await w.call('DELETE', `/receivables/${owed.id}`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await receivableOf(w, owed.id)).status).toBe('cancelled');
  });
});

describe('stud payments: who may', () => {
  it('lets owners and managers pay and void, viewers read, and nobody else', async () => {
    const w = await world();
    const owed = await w.receivable(w.clientId);
    const payment = await w.pay(owed.id, 10);
    expect((await post(w, owed.id, 1, {}, 'staff')).status).toBe(403);
    expect((await w.call('GET', '/payments', undefined, 'staff')).status).toBe(403);

    expect((await w.call('GET', '/payments', undefined, 'viewer')).status).toBe(200);
    expect((await w.call('GET', `/payments/${payment.id}`, undefined, 'viewer')).status).toBe(200);
    expect((await post(w, owed.id, 1, {}, 'viewer')).status).toBe(403);
    const viewerVoid = await w.call('POST', `/payments/${payment.id}/void`, {}, 'viewer');
    expect(viewerVoid.status).toBe(403);

    const managed = await post(w, owed.id, 5, {}, 'manager');
    expect(managed.status, managed.text).toBe(201);
    const voided = await w.call('POST', `/payments/${managed.body.data.id}/void`, {}, 'manager');
    expect(voided.status).toBe(200);
    expect((await receivableOf(w, owed.id)).paid_amount).toBe(10);

    const anonymous = await app.request('POST', `/api/studs/${w.studId}/payments`, {
      body: { receivable_id: owed.id, amount: 1, payment_method: 'cash' },
    });
    expect(anonymous.status).toBe(401);
    const vale = await world('Vale');
    const stranger = await app.request('GET', `/api/studs/${w.studId}/payments`, {
      token: await app.tokenFor(vale.emails.owner),
    });
    expect(stranger.status).toBe(403);
  });
});
