import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { organizations } from '@/db/schema';
import { addDaysTo, todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { financeWorld } from './finance-fixtures';

const app = useTestApp();

/** Far east of UTC, so that the stud's today is often not the server's. */
const TZ = 'Pacific/Kiritimati';

/** A finance world whose stud keeps `TZ`, with a client, a mare, a stallion and a reservation. */
async function world(name = 'Hill') {
  const w = await financeWorld(app, name);
  await app.db.update(organizations).set({ timezone: TZ }).where(eq(organizations.id, w.studId));
  const clientId = await w.client('Ruiz');
  const apollo = await w.stallion('Apollo');
  const bella = await w.mare('Bella');
  const service = await w.service(apollo.id);
  const booking = await w.reservation(service.id, bella.id, { clientId });
  return { ...w, clientId, apollo, bella, service, booking, today: todayIn(TZ) };
}

type World = Awaited<ReturnType<typeof world>>;

const post = (w: World, body: Record<string, unknown>, as?: 'manager' | 'viewer' | 'staff') =>
  w.call(
    'POST',
    '/receivables',
    { client_id: w.clientId, kind: 'boarding', description: 'Boarding, May', amount: 100, ...body },
    as,
  );

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id);

describe('stud receivables: create and read', () => {
  it('creates a manual receivable due today, answered with its client, reservation and figures', async () => {
    const w = await world();
    const res = await post(w, {
      reservation_id: w.booking.id,
      kind: 'other',
      description: '  Mare care  ',
      amount: 250.5,
      notes: 'Two weeks',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      client_id: w.clientId,
      client: { id: w.clientId, display_name: 'Ann Ruiz' },
      reservation_id: w.booking.id,
      reservation: {
        id: w.booking.id,
        season: '2026',
        mare: { id: w.bella.id, name: 'Bella' },
        stallion: { id: w.apollo.id, name: 'Apollo' },
      },
      shipment_id: null,
      kind: 'other',
      description: 'Mare care',
      amount: 250.5,
      paid_amount: 0,
      outstanding: 250.5,
      due_date: w.today,
      status: 'pending',
      overdue: false,
      days_overdue: 0,
      source: 'manual',
      notes: 'Two weeks',
      cancelled_at: null,
    });
    const got = await w.call('GET', `/receivables/${res.body.data.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(res.body.data);
  });

  it('creates one without a reservation, with a due date given', async () => {
    const w = await world();
    const res = await post(w, { due_date: '2026-12-01', reservation_id: null });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      reservation_id: null,
      reservation: null,
      due_date: '2026-12-01',
      amount: 100,
    });
  });

  it('refuses a client or a reservation that is not the stud’s, or not that client’s (422)', async () => {
    const w = await world();
    const vale = await world('Vale');
    const otherClient = await w.client('Other');
    const unknown = await post(w, { client_id: crypto.randomUUID() });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.client_id).toEqual(['The selected client id is invalid.']);
    expect((await post(w, { client_id: vale.clientId })).body.errors).toHaveProperty('client_id');
    const notTheirs = await post(w, { client_id: otherClient, reservation_id: w.booking.id });
    expect(notTheirs.status).toBe(422);
    expect(notTheirs.body.errors).toEqual({
      reservation_id: ['The selected reservation id is not a reservation of the client.'],
    });
    const elsewhere = await post(w, { reservation_id: vale.booking.id });
    expect(elsewhere.status).toBe(422);
    expect(Object.keys(elsewhere.body.errors)).toEqual(['reservation_id']);
    for (const body of [{ amount: 0 }, { amount: 10.005 }, { amount: -5 }])
      expect((await post(w, body)).body.errors, JSON.stringify(body)).toHaveProperty('amount');
    expect((await post(w, { kind: 'lottery' })).status).toBe(422);
    expect((await post(w, { description: ' ' })).status).toBe(422);
    const none = await w.call('GET', '/receivables');
    expect(none.body.meta.total).toBe(0);
  });

  it('answers 404 for an unknown, malformed or other stud’s receivable', async () => {
    const w = await world();
    const vale = await world('Vale');
    const theirs = await vale.receivable(vale.clientId);
    for (const id of [crypto.randomUUID(), 'nope', theirs.id]) {
      const res = await w.call('GET', `/receivables/${id}`);
      expect(res.status, id).toBe(404);
      expect((await w.call('PUT', `/receivables/${id}`, { amount: 5 })).status).toBe(404);
      expect((await w.call('DELETE', `/receivables/${id}`)).status).toBe(404);
    }
  });

  it('derives overdue and days overdue in the stud’s time zone; closed ones are never overdue', async () => {
    const w = await world();
    const late = await w.receivable(w.clientId, { dueDate: addDaysTo(w.today, -1) });
    const older = await w.receivable(w.clientId, { dueDate: addDaysTo(w.today, -45) });
    const dueToday = await w.receivable(w.clientId, { dueDate: w.today });
    const cancelled = await w.receivable(w.clientId, {
      dueDate: addDaysTo(w.today, -10),
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    const paidLate = await w.receivable(w.clientId, {
      dueDate: addDaysTo(w.today, -10),
      amount: '80.00',
      paidAmount: '80.00',
      status: 'paid',
    });
    const partial = await w.receivable(w.clientId, {
      dueDate: addDaysTo(w.today, -3),
      paidAmount: '40.00',
      status: 'partially_paid',
    });
    const get = async (id: string) => (await w.call('GET', `/receivables/${id}`)).body.data;
    expect(await get(late.id)).toMatchObject({ overdue: true, days_overdue: 1, outstanding: 100 });
    expect(await get(older.id)).toMatchObject({ overdue: true, days_overdue: 45 });
    expect(await get(dueToday.id)).toMatchObject({ overdue: false, days_overdue: 0 });
    expect(await get(cancelled.id)).toMatchObject({
      overdue: false,
      days_overdue: 0,
      outstanding: 0,
      status: 'cancelled',
    });
    expect(await get(paidLate.id)).toMatchObject({
      overdue: false,
      days_overdue: 0,
      outstanding: 0,
      paid_amount: 80,
    });
    expect(await get(partial.id)).toMatchObject({
      overdue: true,
      days_overdue: 3,
      paid_amount: 40,
      outstanding: 60,
    });
    const overdue = await w.call('GET', '/receivables?status=overdue');
    expect(ids(overdue)).toEqual([older.id, partial.id, late.id]);
    const open = await w.call('GET', '/receivables?status=open');
    expect(ids(open)).toEqual([older.id, partial.id, late.id, dueToday.id]);
    expect(ids(await w.call('GET', '/receivables?status=paid'))).toEqual([paidLate.id]);
    expect(ids(await w.call('GET', '/receivables?status=cancelled'))).toEqual([cancelled.id]);
  });

  it('lists the soonest due first, with every filter and pages', async () => {
    const w = await world();
    const other = await w.client('Other');
    const a = await w.receivable(w.clientId, { dueDate: '2026-03-01', kind: 'veterinary' });
    const b = await w.receivable(w.clientId, {
      dueDate: '2026-01-15',
      reservationId: w.booking.id,
      kind: 'booking_fee',
      source: 'auto',
    });
    const c = await w.receivable(other, { dueDate: '2026-02-01' });
    const d = await w.receivable(other, { dueDate: '2026-02-01' });
    const list = async (query: string) => {
      const res = await w.call('GET', `/receivables${query}`);
      expect(res.status, res.text).toBe(200);
      return ids(res);
    };
    const all = await w.call('GET', '/receivables');
    expect(all.body.meta).toMatchObject({ total: 4, current_page: 1, per_page: 25 });
    expect(ids(all)).toEqual([b.id, c.id, d.id, a.id]);
    expect(await list(`?client_id=${w.clientId}`)).toEqual([b.id, a.id]);
    expect(await list(`?reservation_id=${w.booking.id}`)).toEqual([b.id]);
    expect(await list('?kind=veterinary')).toEqual([a.id]);
    expect(await list('?source=auto')).toEqual([b.id]);
    expect(await list('?source=manual')).toEqual([c.id, d.id, a.id]);
    expect(await list('?due_from=2026-02-01&due_to=2026-02-28')).toEqual([c.id, d.id]);
    expect(await list('?status=pending')).toEqual([b.id, c.id, d.id, a.id]);
    const page = await w.call('GET', '/receivables?per_page=3&page=2');
    expect(ids(page)).toEqual([a.id]);
    expect(page.body.meta).toMatchObject({ total: 4, last_page: 2, from: 4, to: 4 });
    expect(page.body.data[0].reservation).toBeNull();
    expect((await w.call('GET', '/receivables?status=late')).status).toBe(422);
    expect((await w.call('GET', '/receivables?client_id=x')).status).toBe(422);
  });

  it('reads a page in the same number of statements for 2 and 20 receivables', async () => {
    const w = await world();
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => w.call('GET', '/receivables'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    for (let n = 0; n < 2; n++)
      await w.receivable(w.clientId, { reservationId: n ? w.booking.id : null });
    const small = await count();
    for (let n = 2; n < 20; n++)
      await w.receivable(w.clientId, { reservationId: n % 2 ? w.booking.id : null });
    expect(await count()).toBe(small);
  });
});

describe('stud receivables: update and cancel', () => {
  it('updates the fields given, and keeps the others', async () => {
    const w = await world();
    const { id } = await w.receivable(w.clientId, { notes: 'Keep' });
    const res = await w.call('PUT', `/receivables/${id}`, {
      description: 'Boarding, June',
      due_date: '2026-12-24',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      description: 'Boarding, June',
      due_date: '2026-12-24',
      notes: 'Keep',
      amount: 100,
      status: 'pending',
    });
    const cleared = await w.call('PUT', `/receivables/${id}`, { notes: '', amount: 120.25 });
    expect(cleared.body.data).toMatchObject({ notes: null, amount: 120.25, status: 'pending' });
    expect((await w.call('PUT', `/receivables/${id}`, { amount: 0 })).status).toBe(422);
  });

  it('recomputes the status with a new amount, never below what is paid', async () => {
    const w = await world();
    const paid = await w.receivable(w.clientId);
    await w.pay(paid.id, 100);
    const raised = await w.call('PUT', `/receivables/${paid.id}`, { amount: 150 });
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body.data).toMatchObject({
      amount: 150,
      paid_amount: 100,
      outstanding: 50,
      status: 'partially_paid',
    });

    const partial = await w.receivable(w.clientId);
    await w.pay(partial.id, 50);
    const below = await w.call('PUT', `/receivables/${partial.id}`, { amount: 49.99 });
    expect(below.status).toBe(422);
    expect(below.body.errors.amount).toEqual([
      'The amount must not be below the 50.00 already paid.',
    ]);
    const lowered = await w.call('PUT', `/receivables/${partial.id}`, { amount: 50 });
    expect(lowered.body.data).toMatchObject({
      amount: 50,
      paid_amount: 50,
      outstanding: 0,
      status: 'paid',
    });
  });

  it('refuses to change a cancelled receivable (409)', async () => {
    const w = await world();
    const { id } = await w.receivable(w.clientId);
    expect((await w.call('DELETE', `/receivables/${id}`)).status).toBe(200);
    const res = await w.call('PUT', `/receivables/${id}`, { description: 'Again' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('A cancelled receivable cannot be changed.');
  });

  it('cancels a receivable nothing is paid on; 409 once anything is paid or when cancelled', async () => {
    const w = await world();
    const { id } = await w.receivable(w.clientId);
    const res = await w.call('DELETE', `/receivables/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Receivable cancelled.' });
    const got = (await w.call('GET', `/receivables/${id}`)).body.data;
    expect(got).toMatchObject({ status: 'cancelled', outstanding: 0, overdue: false });
    expect(got.cancelled_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await w.call('DELETE', `/receivables/${id}`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The receivable is already cancelled.');

    const partial = await w.receivable(w.clientId);
    await w.pay(partial.id, 0.01);
    const paid = await w.receivable(w.clientId);
    await w.pay(paid.id, 100);
    for (const { id: paidId } of [partial, paid]) {
      const refused = await w.call('DELETE', `/receivables/${paidId}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(
        'Something is paid on the receivable: void its payments before cancelling it.',
      );
    }
    expect((await w.call('GET', `/receivables/${partial.id}`)).body.data.status).toBe(
      'partially_paid',
    );
  });
});

describe('stud receivables: what they keep', () => {
  it('keeps its client: a client who owes is not deleted (409, B.8)', async () => {
    const w = await world();
    const other = await w.client('Vega');
    await w.receivable(other);
    const res = await w.call('DELETE', `/clients/${other}`);
    expect(res.status, res.text).toBe(409);
    expect((await w.call('GET', `/clients/${other}`)).status).toBe(200);
  });
});

describe('stud receivables: who may', () => {
  it('lets owners and managers do all, viewers read, and nobody else', async () => {
    const w = await world();
    const { id } = await w.receivable(w.clientId);
    expect((await w.call('GET', '/receivables', undefined, 'staff')).status).toBe(403);
    expect((await w.call('GET', `/receivables/${id}`, undefined, 'staff')).status).toBe(403);
    expect((await post(w, {}, 'staff')).status).toBe(403);

    expect((await w.call('GET', '/receivables', undefined, 'viewer')).status).toBe(200);
    expect((await w.call('GET', `/receivables/${id}`, undefined, 'viewer')).status).toBe(200);
    expect((await post(w, {}, 'viewer')).status).toBe(403);
    expect((await w.call('PUT', `/receivables/${id}`, { amount: 5 }, 'viewer')).status).toBe(403);
    expect((await w.call('DELETE', `/receivables/${id}`, undefined, 'viewer')).status).toBe(403);

    const created = await post(w, {}, 'manager');
    expect(created.status, created.text).toBe(201);
    const mine = created.body.data.id;
    expect((await w.call('PUT', `/receivables/${mine}`, { amount: 5 }, 'manager')).status).toBe(
      200,
    );
    expect((await w.call('DELETE', `/receivables/${mine}`, undefined, 'manager')).status).toBe(200);

    const anonymous = await app.request('GET', `/api/studs/${w.studId}/receivables`);
    expect(anonymous.status).toBe(401);
    const vale = await world('Vale');
    const stranger = await app.request('GET', `/api/studs/${w.studId}/receivables`, {
      token: await app.tokenFor(vale.emails.owner),
    });
    expect(stranger.status).toBe(403);
  });
});
