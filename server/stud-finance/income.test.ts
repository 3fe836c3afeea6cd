import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { studIncome } from '@/db/schema';
import { todayIn } from '../kernel/fields/calendar';
import { useTestApp } from '../test/harness';
import { financeWorld } from './finance-fixtures';

const app = useTestApp();

const prize = (extra: object = {}) => ({
  date: '2026-05-10',
  category: 'prize_money',
  amount: 1250.5,
  description: 'Spring show, first place',
  ...extra,
});

describe('stud income', () => {
  it('enters income by hand with the client’s and the horse’s names, dated today unless told', async () => {
    const w = await financeWorld(app);
    const clientId = await w.client('Rivers');
    const bella = await w.mare('Bella');

    const res = await w.call(
      'POST',
      '/income',
      prize({ category: 'horse_sales', client_id: clientId, horse_id: bella.id }),
      'manager',
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      date: '2026-05-10',
      category: 'horse_sales',
      amount: 1250.5,
      description: 'Spring show, first place',
      client_id: clientId,
      client: { id: clientId, display_name: 'Ann Rivers' },
      horse_id: bella.id,
      horse: { id: bella.id, name: 'Bella' },
      payment_id: null,
      receipt_number: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const bare = await w.call('POST', '/income', { category: 'other', amount: 20 });
    expect(bare.status, bare.text).toBe(201);
    expect(bare.body.data).toMatchObject({
      date: todayIn('UTC'),
      description: null,
      client: null,
      horse: null,
    });
    expect((await w.call('GET', `/income/${res.body.data.id}`)).body.data).toEqual(res.body.data);
  });

  it('refuses bad fields and another stud’s client or horse (422)', async () => {
    const hill = await financeWorld(app, 'Hill');
    const vale = await financeWorld(app, 'Vale');
    const theirClient = await vale.client('Far');
    const theirMare = await vale.mare('Distant');

    const invalid = await hill.call('POST', '/income', {
      category: 'lottery',
      amount: 10.005,
      date: '2026-13-01',
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['amount', 'category', 'date']);
    expect((await hill.call('POST', '/income', prize({ amount: 0 }))).body.errors).toHaveProperty(
      'amount',
    );
    const client = await hill.call('POST', '/income', prize({ client_id: theirClient }));
    expect(client.status).toBe(422);
    expect(client.body.errors).toEqual({ client_id: ['The selected client id is invalid.'] });
    const horse = await hill.call('POST', '/income', prize({ horse_id: theirMare.id }));
    expect(horse.status).toBe(422);
    expect(horse.body.errors).toEqual({ horse_id: ['The selected horse id is invalid.'] });

    const entry = (await hill.call('POST', '/income', prize())).body.data;
    const moved = await hill.call('PUT', `/income/${entry.id}`, { horse_id: theirMare.id });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toHaveProperty('horse_id');
    expect(await app.db.select().from(studIncome)).toHaveLength(1);
  });

  it('lists newest first with filters, a page in one statement whatever the size', async () => {
    const w = await financeWorld(app);
    const clientId = await w.client('Rivers');
    const bella = await w.mare('Bella');
    const entries = [
      prize({ date: '2026-03-01', category: 'boarding', amount: 300, client_id: clientId }),
      prize({ date: '2026-05-01', category: 'prize_money', amount: 800, horse_id: bella.id }),
      prize({ date: '2026-04-01', category: 'boarding', amount: 300, client_id: clientId }),
    ];
    const ids = [];
    for (const entry of entries) ids.push((await w.created('/income', entry)).id);

    const all = await w.call('GET', '/income', undefined, 'viewer');
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.map((e: { id: string }) => e.id)).toEqual([ids[1], ids[2], ids[0]]);
    expect(all.body.meta).toMatchObject({ total: 3, per_page: 25, current_page: 1 });

    const dates = async (query: string) =>
      (await w.call('GET', `/income?${query}`)).body.data.map((e: { date: string }) => e.date);
    expect(await dates('category=boarding')).toEqual(['2026-04-01', '2026-03-01']);
    expect(await dates(`client_id=${clientId}&from=2026-03-15`)).toEqual(['2026-04-01']);
    expect(await dates(`horse_id=${bella.id}`)).toEqual(['2026-05-01']);
    expect(await dates('from=2026-04-01&to=2026-05-01')).toEqual(['2026-05-01', '2026-04-01']);
    const page = await w.call('GET', '/income?per_page=2&page=2');
    expect(page.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect(page.body.meta).toMatchObject({ total: 3, last_page: 2, from: 3, to: 3 });
    expect((await w.call('GET', '/income?category=lottery')).status).toBe(422);

    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => w.call('GET', '/income?per_page=100'));
      expect(res.status).toBe(200);
      return counter.count;
    };
    await app.db.delete(studIncome).where(eq(studIncome.studId, w.studId));
    for (let n = 0; n < 2; n++) await w.created('/income', prize({ client_id: clientId }));
    const small = await count();
    for (let n = 2; n < 20; n++)
      await w.created('/income', prize({ client_id: clientId, horse_id: bella.id }));
    expect(await count()).toBe(small);
  });

  it('updates the fields given and deletes an entry entered by hand', async () => {
    const w = await financeWorld(app);
    const clientId = await w.client('Rivers');
    const entry = (await w.created('/income', prize({ client_id: clientId }))).id;

    const res = await w.call('PUT', `/income/${entry}`, { amount: 99.9, client_id: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      date: '2026-05-10',
      category: 'prize_money',
      amount: 99.9,
      description: 'Spring show, first place',
      client_id: null,
      client: null,
    });

    const removed = await w.call('DELETE', `/income/${entry}`, undefined, 'manager');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Income entry deleted.' });
    expect((await w.call('GET', `/income/${entry}`)).status).toBe(404);
    expect((await w.call('DELETE', `/income/${entry}`)).status).toBe(404);
  });

  it('keeps an entry a payment made read-only, with the payment’s receipt number', async () => {
    const w = await financeWorld(app);
    const clientId = await w.client('Rivers');
    const receivable = await w.receivable(clientId, { amount: '250.00' });
    const payment = await w.pay(receivable.id, 100, { receipt_number: 'R-77' });

    const list = await w.call('GET', '/income');
    expect(list.body.data).toHaveLength(1);
    const entry = list.body.data[0];
    expect(entry).toMatchObject({
      category: 'boarding',
      amount: 100,
      description: 'Boarding, October',
      client: { id: clientId, display_name: 'Ann Rivers' },
      payment_id: payment.id,
      receipt_number: 'R-77',
    });

    for (const [method, body] of [
      ['PUT', { amount: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await w.call(method, `/income/${entry.id}`, body);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(
        'The income entry was made by a payment: void the payment instead.',
      );
    }
    expect((await w.call('GET', `/income/${entry.id}`)).body.data).toEqual(entry);
  });

  it('guards the routes: 401, finance roles, another stud’s ids 404', async () => {
    const hill = await financeWorld(app, 'Hill');
    const vale = await financeWorld(app, 'Vale');
    const entry = (await hill.created('/income', prize())).id;
    const path = `/api/studs/${hill.studId}/income`;

    expect((await app.request('GET', path)).status).toBe(401);
    expect((await app.request('POST', path, { body: prize() })).status).toBe(401);
    // Staff have no finance access at all.
    expect((await hill.call('GET', '/income', undefined, 'staff')).status).toBe(403);
    expect((await hill.call('GET', `/income/${entry}`, undefined, 'staff')).status).toBe(403);
    expect((await hill.call('POST', '/income', prize(), 'staff')).status).toBe(403);
    // Viewers read only.
    expect((await hill.call('GET', `/income/${entry}`, undefined, 'viewer')).status).toBe(200);
    expect((await hill.call('POST', '/income', prize(), 'viewer')).status).toBe(403);
    expect((await hill.call('PUT', `/income/${entry}`, { amount: 1 }, 'viewer')).status).toBe(403);
    expect((await hill.call('DELETE', `/income/${entry}`, undefined, 'viewer')).status).toBe(403);
    // Managers do everything.
    expect((await hill.call('POST', '/income', prize(), 'manager')).status).toBe(201);
    expect((await hill.call('PUT', `/income/${entry}`, { amount: 2 }, 'manager')).status).toBe(200);
    // Another stud's member, and another stud's entry under one's own stud.
    const outsider = await app.tokenFor(vale.emails.owner);
    expect((await app.request('GET', path, { token: outsider })).status).toBe(403);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await vale.call(method, `/income/${entry}`, method === 'PUT' ? {} : undefined);
      expect(res.status, method).toBe(404);
    }
    expect((await hill.call('GET', '/income/not-a-uuid')).status).toBe(404);
    expect((await hill.call('GET', `/income/${entry}`)).body.data.amount).toBe(2);
  });
});
