import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, statementCounter } from '@/db/client';
import { commissionTiers, emailOutbox, publications, subOrders } from '@/db/schema';
import { notifications } from '@/db/schema/notifications';
import { runDueJobs } from '../kernel/jobs';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, SHIPPING_ADDRESS, type MarketplaceWorld } from './marketplace-fixtures';
import { orderTimersJob } from './order-lifecycle';

const app = useTestApp();

/** Every field of an address, the country in lower case (orders keep it in upper case). */
const FULL_ADDRESS = {
  ...SHIPPING_ADDRESS,
  state: 'Madrid',
  country: 'es',
  phone: '+34 600 000 000',
};

/** The global commission band (E.5 keeps one covering every amount): `rate` % of each line. */
async function globalBand(rate: string) {
  await app.db.delete(commissionTiers).where(sql`${commissionTiers.categoryId} is null`);
  await app.db
    .insert(commissionTiers)
    .values({ name: 'Standard', minAmount: '0', ratePercent: rate });
}

const stockOf = async (id: string) =>
  (await app.db.select().from(publications).where(eq(publications.id, id)))[0]!.quantity;

const outbox = (kind: string) =>
  app.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, kind))
    .orderBy(emailOutbox.createdAt);

/** A paid-for order of one saddle (manual driver): the world, the order and its sub-order. */
async function placedOrder(
  values: Partial<typeof publications.$inferInsert> = {},
  world?: MarketplaceWorld,
) {
  const w = world ?? (await marketplaceWorld(app));
  if (!world) await globalBand('10');
  const saddle = await w.listing({ quantity: 3, ships: true, shippingPrice: '10.00', ...values });
  await w.addToCart(saddle.id);
  const res = await w.checkout();
  expect(res.status, res.text).toBe(201);
  const order = res.body.data.order;
  return { w, saddle, order, sub: order.sub_orders[0] };
}

const sale = (w: MarketplaceWorld, id: string, action: string, body?: unknown, method = 'POST') =>
  app.request(method as 'POST', `/api/marketplace/sales/${id}/${action}`, {
    token: w.seller.token,
    body: body ?? {},
  });

const buyerStep = (
  w: MarketplaceWorld,
  order: { id: string },
  subId: string,
  action: string,
  body?: unknown,
) =>
  app.request('POST', `/api/marketplace/orders/${order.id}/sub-orders/${subId}/${action}`, {
    token: w.buyer.token,
    body: body ?? {},
  });

describe('checkout', () => {
  it('turns the cart into an order with a sub-order per seller, commission and stock taken', async () => {
    const w = await marketplaceWorld(app);
    await globalBand('10');
    const shop = await w.otherSeller();
    // Saddles: 5 % + 1.00 under 1,000; the global band (10 %) elsewhere.
    await app.db.insert(commissionTiers).values({
      name: 'Saddles',
      categoryId: w.categories.saddles.id,
      minAmount: '0',
      maxAmount: '1000',
      ratePercent: '5',
      fixedFee: '1.00',
    });
    const saddle = await w.listing({ quantity: 2, ships: true, shippingPrice: '12.50' });
    const pad = await shop.listing({
      title: 'Saddle pad',
      price: '19.99',
      quantity: 10,
      categoryId: w.categories.tack.id,
      ships: false,
    });
    await w.addToCart(saddle.id, 2);
    await w.addToCart(pad.id, 3);

    const res = await w.checkout({
      body: { shipping_address: FULL_ADDRESS, note: 'Ring the bell' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    const { order, payment } = res.body.data;
    expect(payment).toMatchObject({ provider: 'manual', redirect_url: null, client_secret: null });
    expect(payment.instructions).toMatch(/mark it paid/);
    expect(order).toMatchObject({
      number: expect.stringMatching(/^MP-\d{4}-\d{6}$/),
      status: 'awaiting_payment',
      currency: 'USD',
      items_total: 959.97,
      shipping_total: 25,
      total: 984.97,
      shipping_address: { ...FULL_ADDRESS, country: 'ES' },
      note: 'Ring the bell',
      provider: 'manual',
      paid_at: null,
    });
    const [first, second] = order.sub_orders;
    expect(first).toMatchObject({
      number: `${order.number}-A`,
      status: 'awaiting_payment',
      fulfilment: 'shipping',
      seller: { id: w.sellerProfile.id, display_name: 'Sally Seller' },
      items: [
        {
          listing_id: saddle.id,
          title: 'Leather dressage saddle',
          unit_price: 450,
          quantity: 2,
          line_total: 900,
          shipping: 25,
        },
      ],
      items_total: 900,
      shipping_amount: 25,
      total: 925,
      tracking: null,
      history: [{ from_status: null, to_status: 'awaiting_payment', actor: 'buyer' }],
    });
    expect(second).toMatchObject({
      number: `${order.number}-B`,
      fulfilment: 'pickup',
      items_total: 59.97,
      shipping_amount: 0,
    });
    // Commission by hand: 900 × 5 % + 1.00 = 46.00 (Saddles band); 59.97 × 10 % = 6.00 (global).
    const money = await app.db.select().from(subOrders);
    const bySeller = new Map(money.map((s) => [s.sellerProfileId, s]));
    expect(bySeller.get(w.sellerProfile.id)).toMatchObject({
      commissionAmount: '46.00',
      sellerNet: '879.00',
    });
    expect(bySeller.get(shop.profile.id)).toMatchObject({
      commissionAmount: '6.00',
      sellerNet: '53.97',
    });
    expect(await stockOf(saddle.id)).toBe(0);
    expect(await stockOf(pad.id)).toBe(7);
    const cart = await app.request('GET', '/api/marketplace/cart', { token: w.buyer.token });
    expect(cart.body.data.groups).toEqual([]);
    // Each seller is told (manual driver): suborder-created e-mail and an in-app notice.
    const mails = await outbox('suborder-created');
    expect(mails.map((m) => m.to).sort()).toEqual(['seller@market.test', 'tack-shop@market.test']);
    expect(mails.find((m) => m.to === 'seller@market.test')!.subject).toBe(
      `New order ${order.number}-A from buyer`,
    );
    const notices = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'marketplace.suborder_created'));
    expect(notices).toHaveLength(2);
  });

  it('answers a retried key with the first answer; another body → 422; no key → 422', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing({ quantity: 5 });
    await w.addToCart(saddle.id);
    const key = crypto.randomUUID();
    const first = await w.checkout({ key });
    expect(first.status, first.text).toBe(201);
    const again = await w.checkout({ key });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const listed = await app.request('GET', '/api/marketplace/orders', { token: w.buyer.token });
    expect(listed.body.meta.total).toBe(1);
    expect(await stockOf(saddle.id)).toBe(4);

    const other = await w.checkout({
      key,
      body: { shipping_address: { ...SHIPPING_ADDRESS, city: 'Toledo' } },
    });
    expect(other.status).toBe(422);
    expect(other.body.errors).toHaveProperty(['Idempotency-Key']);
    const missing = await w.checkout({ key: '' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty(['Idempotency-Key']);
    // The key is the buyer's own: another buyer's same key is a new checkout (empty cart: 422).
    const stranger = await app.tokenFor('stranger@market.test');
    const theirs = await w.checkout({ token: stranger, key });
    expect(theirs.status).toBe(422);
    expect(theirs.body.errors).toHaveProperty('cart');
  });

  it('gives a failed checkout its key back, so the same key may try again', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing({ quantity: 1 });
    await w.addToCart(saddle.id);
    await app.db
      .update(publications)
      .set({ status: 'paused' })
      .where(eq(publications.id, saddle.id));
    const key = crypto.randomUUID();
    const refused = await w.checkout({ key });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/Leather dressage saddle.*not_active/);
    await app.db
      .update(publications)
      .set({ status: 'active' })
      .where(eq(publications.id, saddle.id));
    const retried = await w.checkout({ key });
    expect(retried.status, retried.text).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('validates the address (422 by field) and needs sign-in (401)', async () => {
    const w = await marketplaceWorld(app);
    const res = await w.checkout({
      body: {
        shipping_address: {
          ...SHIPPING_ADDRESS,
          name: ' ',
          country: 'Spain',
          postal_code: undefined,
        },
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'shipping_address.country',
      'shipping_address.name',
      'shipping_address.postal_code',
    ]);
    const anonymous = await app.request('POST', '/api/marketplace/orders', {
      body: { shipping_address: SHIPPING_ADDRESS },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a line that lost its stock since it was added (409) and changes nothing', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing({ quantity: 2 });
    await w.addToCart(saddle.id, 2);
    await app.db.update(publications).set({ quantity: 1 }).where(eq(publications.id, saddle.id));
    const res = await w.checkout();
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/insufficient_stock/);
    expect(await stockOf(saddle.id)).toBe(1);
    expect(await app.db.select().from(subOrders)).toEqual([]);
  });

  it('reads a constant number of statements whatever the cart holds', async () => {
    const w = await marketplaceWorld(app);
    const shop = await w.otherSeller();
    const counts: number[] = [];
    for (const size of [1, 6]) {
      for (let n = 0; n < size; n++) {
        await w.addToCart((await w.listing({ title: `Item ${size}-${n}` })).id);
        await w.addToCart((await shop.listing({ title: `Pad ${size}-${n}` })).id);
      }
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () => w.checkout());
      expect(res.status, res.text).toBe(201);
      counts.push(counter.count);
    }
    expect(counts[1]).toBe(counts[0]);
  });
});

describe('order transitions (manual driver)', () => {
  it('walks paid → processing → shipped → delivered → completed with the e-mails of C.6', async () => {
    const { w, order, sub } = await placedOrder();
    const paid = await sale(w, sub.id, 'mark-paid');
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    const accepted = await sale(w, sub.id, 'accept');
    expect(accepted.body.data.status).toBe('processing');
    const shipped = await sale(w, sub.id, 'ship', {
      carrier: 'Correos',
      tracking_number: 'PK123',
      tracking_url: 'https://correos.es/track/PK123',
    });
    expect(shipped.status, shipped.text).toBe(200);
    expect(shipped.body.data).toMatchObject({
      status: 'shipped',
      tracking: { carrier: 'Correos', number: 'PK123', url: 'https://correos.es/track/PK123' },
    });
    const retracked = await sale(
      w,
      sub.id,
      'tracking',
      { carrier: 'SEUR', tracking_number: 'S9' },
      'PUT',
    );
    expect(retracked.body.data.tracking).toEqual({ carrier: 'SEUR', number: 'S9', url: null });
    const delivered = await buyerStep(w, order, sub.id, 'delivered');
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.body.data.sub_orders[0].status).toBe('delivered');
    const confirmed = await buyerStep(w, order, sub.id, 'confirm');
    expect(confirmed.body.data).toMatchObject({ status: 'completed', paid_at: expect.any(String) });
    expect(
      confirmed.body.data.sub_orders[0].history.map((e: { to_status: string }) => e.to_status),
    ).toEqual([
      'awaiting_payment',
      'paid',
      'processing',
      'shipped',
      'shipped',
      'delivered',
      'completed',
    ]);
    const seen = await app.request('GET', `/api/marketplace/sales/${sub.id}`, {
      token: w.seller.token,
    });
    expect(seen.body.data).toMatchObject({
      status: 'completed',
      commission_amount: 45,
      seller_net: 415,
      payout_status: 'pending',
      payout_due_at: expect.any(String),
    });
    // To the buyer: status-updated on paid, processing, delivered, completed; tracking-added twice.
    expect((await outbox('status-updated')).map((m) => m.subject)).toEqual([
      `Order ${sub.number}: paid`,
      `Order ${sub.number}: being prepared`,
      `Order ${sub.number}: delivered`,
      `Order ${sub.number}: completed`,
    ]);
    expect(await outbox('tracking-added')).toHaveLength(2);
  });

  it('answers 409 for a transition from the wrong state, 404 for another seller or buyer', async () => {
    const { w, order, sub } = await placedOrder();
    expect((await sale(w, sub.id, 'accept')).status).toBe(409);
    expect((await sale(w, sub.id, 'ship', { carrier: 'DHL' })).status).toBe(409);
    expect((await buyerStep(w, order, sub.id, 'confirm')).status).toBe(409);
    expect((await buyerStep(w, order, sub.id, 'dispute', { reason: 'No' })).status).toBe(409);
    const stranger = await app.tokenFor('stranger@market.test');
    const theirs = await app.request('POST', `/api/marketplace/sales/${sub.id}/mark-paid`, {
      token: stranger,
      body: {},
    });
    expect(theirs.status).toBe(404);
    const notTheirs = await app.request('GET', `/api/marketplace/orders/${order.id}`, {
      token: stranger,
    });
    expect(notTheirs.status).toBe(404);
    // The buyer cannot act as the seller, nor the seller as the buyer.
    const asBuyer = await app.request('POST', `/api/marketplace/sales/${sub.id}/mark-paid`, {
      token: w.buyer.token,
      body: {},
    });
    expect(asBuyer.status).toBe(404);
    const asSeller = await app.request(
      'POST',
      `/api/marketplace/orders/${order.id}/sub-orders/${sub.id}/delivered`,
      { token: w.seller.token, body: {} },
    );
    expect(asSeller.status).toBe(404);
    expect((await sale(w, 'not-a-uuid', 'accept')).status).toBe(404);
    const wrongOrder = await buyerStep(w, { id: crypto.randomUUID() }, sub.id, 'delivered');
    expect(wrongOrder.status).toBe(404);
  });

  it('lets a pickup be delivered from processing but not shipped', async () => {
    const { w, order, sub } = await placedOrder({ ships: false });
    expect(sub.fulfilment).toBe('pickup');
    await sale(w, sub.id, 'mark-paid');
    expect((await sale(w, sub.id, 'ship', { carrier: 'DHL' })).status).toBe(409);
    await sale(w, sub.id, 'accept');
    const delivered = await buyerStep(w, order, sub.id, 'delivered');
    expect(delivered.body.data.sub_orders[0].status).toBe('delivered');
  });

  it('ships without a number: status-updated rather than tracking-added', async () => {
    const { w, sub } = await placedOrder();
    await sale(w, sub.id, 'mark-paid');
    const shipped = await sale(w, sub.id, 'ship', { carrier: 'Own van' });
    expect(shipped.body.data.tracking).toEqual({ carrier: 'Own van', number: null, url: null });
    expect(await outbox('tracking-added')).toEqual([]);
    expect((await outbox('status-updated')).at(-1)!.subject).toBe(`Order ${sub.number}: shipped`);
    const bad = await sale(
      w,
      sub.id,
      'tracking',
      { carrier: 'DHL', tracking_url: 'ftp://x' },
      'PUT',
    );
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['tracking_number', 'tracking_url']);
  });

  it('cancels: the buyer an unpaid order, the seller a paid sale; stock comes back', async () => {
    const { w, saddle, order, sub } = await placedOrder();
    expect(await stockOf(saddle.id)).toBe(2);
    const noReason = await app.request('POST', `/api/marketplace/orders/${order.id}/cancel`, {
      token: w.buyer.token,
      body: {},
    });
    expect(noReason.status).toBe(422);
    const cancelled = await app.request('POST', `/api/marketplace/orders/${order.id}/cancel`, {
      token: w.buyer.token,
      body: { reason: 'Changed my mind' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect(cancelled.body.data.sub_orders[0].history.at(-1)).toMatchObject({
      to_status: 'cancelled',
      actor: 'buyer',
      note: 'Changed my mind',
    });
    expect(await stockOf(saddle.id)).toBe(3);
    const twice = await app.request('POST', `/api/marketplace/orders/${order.id}/cancel`, {
      token: w.buyer.token,
      body: { reason: 'Again' },
    });
    expect(twice.status).toBe(409);
    expect((await sale(w, sub.id, 'mark-paid')).status).toBe(409);

    const second = await placedOrder({}, w);
    await sale(second.w, second.sub.id, 'mark-paid');
    await sale(second.w, second.sub.id, 'accept');
    const refunded = await sale(second.w, second.sub.id, 'cancel', { reason: 'Damaged in store' });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'refunded', payout_status: 'reversed' });
    expect(await stockOf(second.saddle.id)).toBe(3);
  });

  it('holds the payout of a disputed sub-order until an administrator decides', async () => {
    const { w, order, sub } = await placedOrder();
    await sale(w, sub.id, 'mark-paid');
    await sale(w, sub.id, 'ship', { carrier: 'DHL', tracking_number: 'D1' });
    const disputed = await buyerStep(w, order, sub.id, 'dispute', { reason: 'Wrong size' });
    expect(disputed.status, disputed.text).toBe(200);
    expect(disputed.body.data.sub_orders[0].status).toBe('disputed');
    const held = await app.request('GET', `/api/marketplace/sales/${sub.id}`, {
      token: w.seller.token,
    });
    expect(held.body.data.payout_status).toBe('held');
    const adminNotice = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'admin.dispute_opened'));
    expect(adminNotice.map((n) => n.userId)).toEqual([w.admin.id]);

    const queue = await app.request('GET', '/api/admin/marketplace/disputes', {
      token: w.admin.token,
    });
    expect(queue.body.data.map((s: { id: string }) => s.id)).toEqual([sub.id]);
    const forbidden = await app.request(
      'POST',
      `/api/admin/marketplace/disputes/${sub.id}/resolve`,
      {
        token: w.seller.token,
        body: { outcome: 'release' },
      },
    );
    expect(forbidden.status).toBe(403);
    const bad = await app.request('POST', `/api/admin/marketplace/disputes/${sub.id}/resolve`, {
      token: w.admin.token,
      body: { outcome: 'split' },
    });
    expect(bad.status).toBe(422);
    const refunded = await app.request(
      'POST',
      `/api/admin/marketplace/disputes/${sub.id}/resolve`,
      {
        token: w.admin.token,
        body: { outcome: 'refund', note: 'Seller sent the wrong size' },
      },
    );
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'refunded', payout_status: 'reversed' });
    const again = await app.request('POST', `/api/admin/marketplace/disputes/${sub.id}/resolve`, {
      token: w.admin.token,
      body: { outcome: 'release' },
    });
    expect(again.status).toBe(409);
    const missing = await app.request(
      'POST',
      `/api/admin/marketplace/disputes/${crypto.randomUUID()}/resolve`,
      { token: w.admin.token, body: { outcome: 'release' } },
    );
    expect(missing.status).toBe(404);
  });

  it('lists orders and sales newest first, filtered, in a constant number of statements', async () => {
    const { w, sub } = await placedOrder();
    await sale(w, sub.id, 'mark-paid');
    const saddle = await w.listing({ quantity: 5 });
    for (let n = 0; n < 3; n++) {
      await w.addToCart(saddle.id);
      expect((await w.checkout()).status).toBe(201);
    }
    const counter = { count: 0 };
    const orders = await statementCounter.run(counter, () =>
      app.request('GET', '/api/marketplace/orders?per_page=2', { token: w.buyer.token }),
    );
    expect(counter.count).toBeLessThanOrEqual(3);
    expect(orders.body.meta).toMatchObject({ total: 4, per_page: 2, last_page: 2 });
    const sales = await app.request('GET', '/api/marketplace/sales?status=paid', {
      token: w.seller.token,
    });
    expect(sales.body.data.map((s: { id: string }) => s.id)).toEqual([sub.id]);
    expect(sales.body.data[0]).toMatchObject({
      buyer: { name: expect.any(String) },
      order_number: expect.any(String),
    });
    const none = await app.request('GET', '/api/marketplace/sales', { token: w.buyer.token });
    expect(none.body.meta.total).toBe(0);
  });
});

describe('order timers', () => {
  it('expires unpaid orders (stock back), completes delivered ones, then pays them out', async () => {
    const { w, saddle, order } = await placedOrder();
    const second = await placedOrder({}, w);
    await sale(second.w, second.sub.id, 'mark-paid');
    await sale(second.w, second.sub.id, 'ship', { carrier: 'DHL', tracking_number: 'X' });
    await sale(second.w, second.sub.id, 'delivered');
    const expiresAt = new Date(order.expires_at);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const after = (days: number) => new Date(Date.now() + days * 24 * 3600_000);
    await runDueJobs(app.db, [orderTimersJob], after(7.01), app.config);
    const mine = await app.request('GET', `/api/marketplace/orders/${order.id}`, {
      token: w.buyer.token,
    });
    expect(mine.body.data.status).toBe('cancelled');
    expect(mine.body.data.sub_orders[0].history.at(-1)).toMatchObject({
      actor: 'system',
      to_status: 'cancelled',
    });
    expect(await stockOf(saddle.id)).toBe(3);
    const completed = await app.request('GET', `/api/marketplace/sales/${second.sub.id}`, {
      token: second.w.seller.token,
    });
    expect(completed.body.data).toMatchObject({ status: 'completed', payout_status: 'pending' });

    await runDueJobs(app.db, [orderTimersJob], after(14.02), app.config);
    const paidOut = await app.request('GET', `/api/marketplace/sales/${second.sub.id}`, {
      token: second.w.seller.token,
    });
    expect(paidOut.body.data.payout_status).toBe('paid');
    const [events] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from sub_order_events`,
    );
    expect(events!.n).toBeGreaterThan(0);
  });
});
