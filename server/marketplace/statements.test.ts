import { asc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import {
  commissionStatements,
  commissionTiers,
  orders,
  sellerProfiles,
  settings,
  subOrders,
} from '@/db/schema';
import { runDueJobs } from '../kernel/jobs';
import { registry } from '../modules';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, SHIPPING_ADDRESS, type MarketplaceWorld } from './marketplace-fixtures';
import { commissionStatementsJob } from './statement-lifecycle';

const app = useTestApp();

const statementsOf = (profileId: string) =>
  `/api/marketplace/seller-profiles/${profileId}/statements`;

/** The global commission band (E.5 keeps one covering every amount): 10 % of each line. */
async function globalBand() {
  await app.db
    .insert(commissionTiers)
    .values({ name: 'Standard', minAmount: '0', ratePercent: '10' });
}

async function person(email: string) {
  const token = await app.tokenFor(email);
  const me = await app.request('GET', '/api/auth/me', { token });
  return { token, id: me.body.id as string };
}

/**
 * The buyer checks out `quantity` of the listing with the manual driver, the seller (whose
 * token is `sellerToken`) marks it paid and ships or prepares it, the buyer receives and
 * confirms it: a completed sub-order, through the API. Answers its id.
 */
async function completedSale(
  w: MarketplaceWorld,
  listingId: string,
  { quantity = 1, sellerToken = w.seller.token } = {},
): Promise<string> {
  await w.addToCart(listingId, quantity);
  const placed = await w.checkout();
  expect(placed.status, placed.text).toBe(201);
  const order = placed.body.data.order;
  expect(order.provider).toBe('manual');
  const sub = order.sub_orders[0];
  const bySeller = (action: string, body = {}) =>
    app.request('POST', `/api/marketplace/sales/${sub.id}/${action}`, { token: sellerToken, body });
  const byBuyer = (action: string) =>
    app.request('POST', `/api/marketplace/orders/${order.id}/sub-orders/${sub.id}/${action}`, {
      token: w.buyer.token,
      body: {},
    });
  for (const step of [
    () => bySeller('mark-paid'),
    () =>
      sub.fulfilment === 'shipping' ? bySeller('ship', { carrier: 'Correos' }) : bySeller('accept'),
    () => byBuyer('delivered'),
  ]) {
    const res = await step();
    expect(res.status, res.text).toBe(200);
  }
  const confirmed = await byBuyer('confirm');
  expect(confirmed.status, confirmed.text).toBe(200);
  expect(confirmed.body.data.sub_orders[0].status).toBe('completed');
  return sub.id;
}

/**
 * Dates completions into the month under test: completion stamps the real time, and the job
 * runs on a fixed clock.
 */
const completedAt = (ids: string[], at: string | Date) =>
  app.db
    .update(subOrders)
    .set({ completedAt: new Date(at) })
    .where(inArray(subOrders.id, ids));

/** A completed sale of the seller paid through Stripe, written directly (not this test's driver). */
async function gatewaySale(w: MarketplaceWorld, completed: Date) {
  const [order] = await app.db
    .insert(orders)
    .values({
      number: `MP-2025-${crypto.randomUUID().slice(0, 6)}`,
      buyerId: w.buyer.id,
      currency: 'USD',
      shippingAddress: SHIPPING_ADDRESS,
      provider: 'stripe',
      paymentReference: 'cs_test_1',
      expiresAt: completed,
    })
    .returning();
  await app.db.insert(subOrders).values({
    orderId: order!.id,
    number: `${order!.number}-A`,
    sellerProfileId: w.sellerProfile.id,
    status: 'completed',
    fulfilment: 'shipping',
    itemsTotal: '1000.00',
    shippingAmount: '0.00',
    commissionAmount: '100.00',
    sellerNet: '900.00',
    payoutStatus: 'paid',
    paidAt: completed,
    completedAt: completed,
  });
}

const run = (now: string | Date) => commissionStatementsJob.run(app.db, new Date(now), app.config);

const yearMonth = (date: Date) => date.toISOString().slice(0, 7);

describe('commission statements (manual driver)', () => {
  it('issues one statement per seller and closed UTC month, with the totals by hand, once', async () => {
    const w = await marketplaceWorld(app);
    await globalBand();
    const shop = await w.otherSeller();
    const saddle = await w.listing({ quantity: 5, ships: true, shippingPrice: '10.00' });
    const pad = await w.listing({
      title: 'Saddle pad',
      price: '19.99',
      quantity: 10,
      ships: false,
    });
    const rug = await shop.listing({ title: 'Fleece rug', price: '30.00', ships: false });
    const march = [
      await completedSale(w, saddle.id),
      await completedSale(w, pad.id, { quantity: 3 }),
    ];
    const april = await completedSale(w, saddle.id);
    const shopSale = await completedSale(w, rug.id, { sellerToken: shop.token });
    // Sally's March: its first and its last instant; April's first instant is April's.
    await completedAt([march[0]!], '2025-03-01T00:00:00.000Z');
    await completedAt([march[1]!], '2025-03-31T23:59:59.999Z');
    await completedAt([april], '2025-04-01T00:00:00.000Z');
    await completedAt([shopSale], '2025-03-15T12:00:00.000Z');

    expect(await run('2025-03-31T23:59:59.999Z')).toEqual({ issued: 0, mixed: 0 });
    expect(await run('2025-04-01T00:00:00.000Z')).toEqual({ issued: 2, mixed: 0 });
    // Again, at once and an hour later: nothing more.
    expect(await run('2025-04-01T00:00:00.000Z')).toEqual({ issued: 0, mixed: 0 });
    expect(await run('2025-04-01T01:00:00.000Z')).toEqual({ issued: 0, mixed: 0 });
    const issued = async () =>
      (
        await app.db
          .select()
          .from(commissionStatements)
          .orderBy(asc(commissionStatements.period), asc(commissionStatements.subOrders))
      ).map((s) => [
        s.sellerProfileId,
        s.period,
        s.subOrders,
        s.salesTotal,
        s.commissionTotal,
        s.currency,
        s.issuedAt.toISOString(),
      ]);
    // By hand, in cents: the saddle 45000 + 1000 shipping, commission 4500; three pads 5997,
    // commission 600 (599.7 rounded); the rug 3000, commission 300.
    expect(await issued()).toEqual([
      [shop.profile.id, '2025-03-01', 1, '30.00', '3.00', 'USD', '2025-04-01T00:00:00.000Z'],
      [w.sellerProfile.id, '2025-03-01', 2, '519.97', '51.00', 'USD', '2025-04-01T00:00:00.000Z'],
    ]);

    expect(await run('2025-05-01T00:00:00.000Z')).toEqual({ issued: 1, mixed: 0 });
    expect(await issued()).toHaveLength(3);
    const res = await app.request('GET', statementsOf(w.sellerProfile.id), {
      token: w.seller.token,
    });
    expect(res.status, res.text).toBe(200);
    // Nothing completed this month: no open row.
    expect(res.body.data).toEqual([
      {
        period: '2025-04',
        status: 'issued',
        sub_orders: 1,
        sales_total: 460,
        commission_total: 45,
        currency: 'USD',
        issued_at: '2025-05-01T00:00:00.000Z',
      },
      {
        period: '2025-03',
        status: 'issued',
        sub_orders: 2,
        sales_total: 519.97,
        commission_total: 51,
        currency: 'USD',
        issued_at: '2025-04-01T00:00:00.000Z',
      },
    ]);
  });

  it('shows the current month open above the issued ones; orders paid through a gateway do not count', async () => {
    expect(registry.jobs.find((job) => job.name === 'marketplace.commission-statements')).toBe(
      commissionStatementsJob,
    );
    const w = await marketplaceWorld(app);
    await globalBand();
    // Orders carry the currency of their checkout.
    await app.db.insert(settings).values({ key: 'marketplace.currency', value: 'EUR' });
    const saddle = await w.listing({ quantity: 5, ships: true, shippingPrice: '10.00' });
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
    await completedAt([await completedSale(w, saddle.id)], lastMonth);
    await completedSale(w, saddle.id);
    await completedSale(w, saddle.id);
    await gatewaySale(w, lastMonth);
    await gatewaySale(w, now);

    expect(await runDueJobs(app.db, [commissionStatementsJob], now, app.config)).toEqual([
      'marketplace.commission-statements',
    ]);
    expect(await app.db.$count(commissionStatements)).toBe(1);
    const res = await app.request('GET', statementsOf(w.sellerProfile.id), {
      token: w.seller.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([
      {
        period: yearMonth(now),
        status: 'open',
        sub_orders: 2,
        sales_total: 920,
        commission_total: 90,
        currency: 'EUR',
        issued_at: null,
      },
      {
        period: yearMonth(lastMonth),
        status: 'issued',
        sub_orders: 1,
        sales_total: 460,
        commission_total: 45,
        currency: 'EUR',
        issued_at: now.toISOString(),
      },
    ]);
  });

  it('leaves unissued a month whose orders were in two currencies', async () => {
    const w = await marketplaceWorld(app);
    await globalBand();
    const shop = await w.otherSeller();
    const saddle = await w.listing({ quantity: 5, ships: false });
    const inDollars = await completedSale(w, saddle.id);
    // The administrators change the marketplace's currency during the month.
    await app.db.insert(settings).values({ key: 'marketplace.currency', value: 'EUR' });
    const inEuros = await completedSale(w, saddle.id);
    const shopSale = await completedSale(w, (await shop.listing({ ships: false })).id, {
      sellerToken: shop.token,
    });
    await completedAt([inDollars, inEuros, shopSale], '2025-06-10T10:00:00.000Z');

    expect(await run('2025-07-01T00:00:00.000Z')).toEqual({ issued: 1, mixed: 1 });
    const rows = await app.db.select().from(commissionStatements);
    expect(rows.map((s) => [s.sellerProfileId, s.currency, s.commissionTotal])).toEqual([
      [shop.profile.id, 'EUR', '45.00'],
    ]);
  });

  it('pages newest first in a constant number of statements', async () => {
    const w = await marketplaceWorld(app);
    await globalBand();
    await completedSale(w, (await w.listing({ ships: false })).id);
    const statement = (month: number) => ({
      sellerProfileId: w.sellerProfile.id,
      period: new Date(Date.UTC(2023, month, 1)).toISOString().slice(0, 10),
      subOrders: 1,
      salesTotal: '100.00',
      commissionTotal: '10.00',
      currency: 'USD',
      issuedAt: new Date(Date.UTC(2023, month + 1, 1)),
    });
    const read = async (query = '') => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `${statementsOf(w.sellerProfile.id)}${query}`, {
          token: w.seller.token,
        }),
      );
      expect(res.status, res.text).toBe(200);
      return { body: res.body, statements: counter.count };
    };
    await app.db.insert(commissionStatements).values(statement(0));
    const few = await read();
    expect(few.body.data.map((s: { period: string }) => s.period)).toEqual([
      yearMonth(new Date()),
      '2023-01',
    ]);
    await app.db
      .insert(commissionStatements)
      .values(Array.from({ length: 13 }, (_, n) => statement(n + 1)));
    const many = await read();
    expect(many.statements).toBe(few.statements);
    expect(many.body.meta).toMatchObject({
      total: 15,
      per_page: 12,
      last_page: 2,
      from: 1,
      to: 12,
    });
    expect(many.body.data[0].status).toBe('open');
    expect(many.body.data[1].period).toBe('2024-02');
    expect(many.body.links.next).toMatch(/statements\?page=2$/);
    const second = await read('?page=2');
    expect(second.body.data.map((s: { period: string }) => s.period)).toEqual([
      '2023-03',
      '2023-02',
      '2023-01',
    ]);
  });

  it('answers 401 without sign-in, 404 for a profile the caller does not manage or a bad id', async () => {
    const w = await marketplaceWorld(app);
    expect((await app.request('GET', statementsOf(w.sellerProfile.id))).status).toBe(401);
    const mine = await app.request('GET', statementsOf(w.sellerProfile.id), {
      token: w.seller.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([]);
    const theirs = await app.request('GET', statementsOf(w.sellerProfile.id), {
      token: w.buyer.token,
    });
    expect(theirs.status).toBe(404);
    for (const id of ['not-a-uuid', crypto.randomUUID()]) {
      const res = await app.request('GET', statementsOf(id), { token: w.seller.token });
      expect(res.status, id).toBe(404);
    }
  });

  it('shows an organization’s statements to its owners and managers only', async () => {
    const w = await marketplaceWorld(app);
    await globalBand();
    const schoolId = await app.createSchool({
      name: 'Riverside Riding',
      members: {
        'carol@market.test': 'owner',
        'dan@market.test': 'manager',
        'eve@market.test': 'instructor',
      },
    });
    const [carol, dan, eve] = await Promise.all(
      ['carol@market.test', 'dan@market.test', 'eve@market.test'].map(person),
    );
    const [profile] = await app.db
      .insert(sellerProfiles)
      .values({ organizationId: schoolId, displayName: 'Riverside Riding', slug: 'riverside' })
      .returning();
    const saddle = await w.listing({
      sellerProfileId: profile!.id,
      createdBy: dan!.id,
      price: '200.00',
      ships: false,
    });
    await completedSale(w, saddle.id, { sellerToken: dan!.token });
    for (const manager of [carol!, dan!]) {
      const res = await app.request('GET', statementsOf(profile!.id), { token: manager.token });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual([
        {
          period: yearMonth(new Date()),
          status: 'open',
          sub_orders: 1,
          sales_total: 200,
          commission_total: 20,
          currency: 'USD',
          issued_at: null,
        },
      ]);
    }
    for (const other of [eve!, w.seller]) {
      const res = await app.request('GET', statementsOf(profile!.id), { token: other.token });
      expect(res.status).toBe(404);
    }
  });
});
