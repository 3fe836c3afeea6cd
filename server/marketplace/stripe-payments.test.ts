import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '@/db/client';
import {
  commissionTiers,
  emailOutbox,
  gatewayEvents,
  orders,
  payouts,
  publications,
  sellerProfiles,
  subOrders,
} from '@/db/schema';
import { notifications } from '@/db/schema/notifications';
import { runDueJobs } from '../kernel/jobs';
import {
  checkoutPaidEvent,
  signedEvent,
  startFakeStripe,
  type FakeStripe,
} from '../test/fake-stripe';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';
import { orderTimersJob } from './order-lifecycle';

/*
 * The Stripe driver end to end (DESIGN-MODULES C.0, C.5 to C.7, G.2, G.3): the SDK's real
 * requests go to a local fake of Stripe's API, and webhook events are signed with the SDK's
 * own test helper, so the signature check is the one production runs.
 */

const app = useTestApp();
let stripe: FakeStripe;

const SECRET_KEY = 'sk_test_51PaymentsDriver';
const WEBHOOK_SECRET = 'whsec_payments_driver_secret';
const WEBHOOK = '/api/webhooks/payments/stripe';

beforeAll(async () => {
  stripe = await startFakeStripe();
});

beforeEach(() => {
  vi.stubEnv('STRIPE_API_BASE', stripe.url);
  vi.stubEnv('APP_ENCRYPTION_KEY', '');
  stripe.reset();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await stripe.close();
});

let serial = 0;

/** The administrators switch the marketplace to Stripe in test mode (E.5). */
async function useStripe(w: MarketplaceWorld) {
  const res = await app.request('PUT', '/api/admin/payment-gateway', {
    token: w.admin.token,
    body: { provider: 'stripe', secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET },
  });
  expect(res.status, res.text).toBe(200);
  await app.db.delete(commissionTiers).where(sql`${commissionTiers.categoryId} is null`);
  await app.db
    .insert(commissionTiers)
    .values({ name: 'Standard', minAmount: '0', ratePercent: '10' });
}

/** The buyer checks out one saddle of 450.00 + 10.00 shipping through Stripe. */
async function stripeOrder(existing?: MarketplaceWorld) {
  const w = existing ?? (await marketplaceWorld(app));
  if (!existing) await useStripe(w);
  const saddle = await w.listing({ quantity: 3, ships: true, shippingPrice: '10.00' });
  await w.addToCart(saddle.id);
  const res = await w.checkout();
  expect(res.status, res.text).toBe(201);
  const { order, payment } = res.body.data;
  const [stored] = await app.db.select().from(orders).where(eq(orders.id, order.id));
  return {
    w,
    saddle,
    order,
    payment,
    session: stored!.paymentReference!,
    sub: order.sub_orders[0],
  };
}

/** Posts `event` to the webhook as Stripe does, signed with `secret`. */
async function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const { payload, headers } = signedEvent(event, secret);
  return app.request('POST', WEBHOOK, { rawBody: payload, headers });
}

type Placed = Awaited<ReturnType<typeof stripeOrder>>;

/** Stripe's event that the buyer paid `placed`'s Checkout Session (`cents` of `currency`). */
const paidEvent = (placed: Placed, cents = 46000, currency = placed.order.currency) =>
  checkoutPaidEvent({
    id: `evt_paid_${++serial}`,
    session: placed.session,
    orderId: placed.order.id,
    cents,
    currency,
  });

const subOrder = async (id: string) =>
  (await app.db.select().from(subOrders).where(eq(subOrders.id, id)))[0]!;

const mails = (kind: string) => app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));

const sale = (w: MarketplaceWorld, id: string, action: string, body: unknown = {}) =>
  app.request('POST', `/api/marketplace/sales/${id}/${action}`, { token: w.seller.token, body });

describe('checkout through Stripe', () => {
  it('opens a Checkout Session of the order’s amount per seller, 30 minutes to pay', async () => {
    const before = Date.now();
    const { order, payment, session } = await stripeOrder();
    expect(payment).toEqual({
      provider: 'stripe',
      redirect_url: `https://checkout.stripe.test/pay/${session}`,
      client_secret: null,
      instructions: null,
    });
    expect(order).toMatchObject({ provider: 'stripe', status: 'awaiting_payment', total: 460 });
    const expires = Date.parse(order.expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(30 * 60_000 - 5_000);
    expect(expires - before).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    const [call] = stripe.callsTo('/v1/checkout/sessions');
    expect(call!.auth).toBe(`Bearer ${SECRET_KEY}`);
    expect(call!.idempotencyKey).toBe(`checkout-${order.id}`);
    expect(call!.form).toMatchObject({
      mode: 'payment',
      client_reference_id: order.id,
      customer_email: 'buyer@market.test',
      'metadata[order_id]': order.id,
      'payment_intent_data[transfer_group]': order.number,
      'line_items[0][quantity]': '1',
      // 450.00 + 10.00 shipping in cents, no floating point on the way.
      'line_items[0][price_data][unit_amount]': '46000',
      'line_items[0][price_data][currency]': order.currency.toLowerCase(),
      'line_items[0][price_data][product_data][name]': `Sally Seller · ${order.number}-A`,
      success_url: `http://localhost:3000/marketplace/orders/${order.id}?payment=done`,
    });
    // Stripe's session outlives the order by a minute: it refuses one under 30 minutes.
    expect(Number(call!.form.expires_at)).toBe(Math.ceil(expires / 1000) + 60);
    // The seller hears of the sub-order once it is paid, not before (C.6).
    expect(await mails('suborder-created')).toEqual([]);
  });

  it('answers 503 and keeps the cart when Stripe refuses the session', async () => {
    const w = await marketplaceWorld(app);
    await useStripe(w);
    stripe.refuse('/v1/checkout/sessions');
    const saddle = await w.listing({ quantity: 1 });
    await w.addToCart(saddle.id);
    const res = await w.checkout();
    expect(res.status, res.text).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await app.db.select().from(orders)).toEqual([]);
    const [listing] = await app.db
      .select()
      .from(publications)
      .where(eq(publications.id, saddle.id));
    expect(listing!.quantity).toBe(1);
    const cart = await app.request('GET', '/api/marketplace/cart', { token: w.buyer.token });
    expect(cart.body.data.groups).toHaveLength(1);
  });
});

describe('the payment webhook', () => {
  it('pays the order once: the sellers and the buyer are told, a replay changes nothing', async () => {
    const placed = await stripeOrder();
    const event = paidEvent(placed);
    const res = await deliver(event);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ received: true, duplicate: false, outcome: 'applied' });
    const paid = await subOrder(placed.sub.id);
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid.paidAt).not.toBeNull();
    const [order] = await app.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order!.paymentIntent).toBe(event.data.object.payment_intent);
    expect((await mails('suborder-created')).map((m) => m.to)).toEqual(['seller@market.test']);
    expect((await mails('status-updated')).map((m) => m.to)).toEqual(['buyer@market.test']);
    const view = await app.request('GET', `/api/marketplace/orders/${placed.order.id}`, {
      token: placed.w.buyer.token,
    });
    expect(view.body.data.status).toBe('paid');
    expect(view.body.data.sub_orders[0].history.at(-1)).toMatchObject({
      from_status: 'awaiting_payment',
      to_status: 'paid',
      actor: 'gateway',
    });

    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ received: true, duplicate: true, outcome: null });
    expect(await mails('suborder-created')).toHaveLength(1);
    const stored = await app.db.select().from(gatewayEvents);
    expect(stored).toMatchObject([
      {
        provider: 'stripe',
        eventId: event.id,
        type: event.type,
        outcome: 'applied',
        orderId: placed.order.id,
      },
    ]);
  });

  it('refuses an unsigned or wrongly signed event (400) and answers 404 where nothing listens', async () => {
    const placed = await stripeOrder();
    const event = paidEvent(placed);
    const wrong = await deliver(event, 'whsec_someone_else');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/signature/),
    });
    const unsigned = await app.request('POST', WEBHOOK, { body: event });
    expect(unsigned.status).toBe(400);
    // A body changed after signing no longer verifies.
    const { payload, headers } = signedEvent(event, WEBHOOK_SECRET);
    const tampered = await app.request('POST', WEBHOOK, {
      rawBody: payload.replace('46000', '1'),
      headers,
    });
    expect(tampered.status).toBe(400);
    expect(await app.db.select().from(gatewayEvents)).toEqual([]);
    expect((await subOrder(placed.sub.id)).status).toBe('awaiting_payment');

    expect(
      (await app.request('POST', '/api/webhooks/payments/manual', { body: event })).status,
    ).toBe(404);
    expect(
      (await app.request('POST', '/api/webhooks/payments/paypal', { body: event })).status,
    ).toBe(422);
    await app.request('PUT', '/api/admin/payment-gateway', {
      token: placed.w.admin.token,
      body: { secret_key: null },
    });
    expect((await deliver(paidEvent(placed))).status).toBe(404);
  });

  it('holds an order whose payment is not its amount, for an administrator to accept', async () => {
    const placed = await stripeOrder();
    const w = placed.w;
    const res = await deliver(paidEvent(placed, 45000));
    expect(res.body.data.outcome).toBe('held');
    expect((await subOrder(placed.sub.id)).status).toBe('awaiting_payment');
    const [order] = await app.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order!.paymentHold).toBe(
      `The gateway took 45000 minor units of ${placed.order.currency}; the order is 46000 minor units of ${placed.order.currency}.`,
    );
    const notices = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'admin.payment_held'));
    expect(notices.map((n) => n.userId)).toEqual([w.admin.id]);
    // A held order does not expire: the administrator decides.
    await runDueJobs(app.db, [orderTimersJob], new Date(Date.now() + 3600_000), app.config);
    expect((await subOrder(placed.sub.id)).status).toBe('awaiting_payment');

    const holds = await app.request('GET', '/api/admin/marketplace/payment-holds', {
      token: w.admin.token,
    });
    expect(holds.status).toBe(200);
    expect(holds.body.data).toMatchObject([
      {
        id: placed.order.id,
        payment_hold: order!.paymentHold,
        buyer: { id: w.buyer.id, email: 'buyer@market.test' },
      },
    ]);
    for (const token of [undefined, w.buyer.token]) {
      const denied = await app.request('GET', '/api/admin/marketplace/payment-holds', { token });
      expect(denied.status).toBe(token ? 403 : 401);
    }
    const path = `/api/admin/marketplace/payment-holds/${placed.order.id}/resolve`;
    const accepted = await app.request('POST', path, {
      token: w.admin.token,
      body: { outcome: 'accept', note: 'Bank fee taken by the buyer’s bank' },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'paid', payment_hold: null });
    expect((await subOrder(placed.sub.id)).status).toBe('paid');
    expect((await mails('suborder-created')).map((m) => m.to)).toEqual(['seller@market.test']);
    const again = await app.request('POST', path, {
      token: w.admin.token,
      body: { outcome: 'refund' },
    });
    expect(again.status).toBe(409);
    const unknown = await app.request(
      'POST',
      '/api/admin/marketplace/payment-holds/00000000-0000-4000-8000-000000000000/resolve',
      { token: w.admin.token, body: { outcome: 'accept' } },
    );
    expect(unknown.status).toBe(404);
    const bad = await app.request('POST', path, {
      token: w.admin.token,
      body: { outcome: 'keep' },
    });
    expect(bad.status).toBe(422);
  });

  it('refunds a held payment whole when the administrator says so: the order is cancelled, stock back', async () => {
    const placed = await stripeOrder();
    await deliver(paidEvent(placed, 46000, 'GBP'));
    const res = await app.request(
      'POST',
      `/api/admin/marketplace/payment-holds/${placed.order.id}/resolve`,
      { token: placed.w.admin.token, body: { outcome: 'refund' } },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    const [refund] = stripe.callsTo('/v1/refunds');
    expect(refund).toMatchObject({
      idempotencyKey: `hold-refund-${placed.order.id}`,
      form: { payment_intent: `pi_${placed.order.id.slice(0, 8)}` },
    });
    expect(refund!.form.amount).toBeUndefined();
    const [listing] = await app.db
      .select()
      .from(publications)
      .where(eq(publications.id, placed.saddle.id));
    expect(listing!.quantity).toBe(3);
  });

  it('keeps taking payments while the marketplace is switched off (C.8)', async () => {
    const placed = await stripeOrder();
    expect((await placed.w.setMarketplace(false, 'Back soon')).status).toBe(200);
    const shop = await app.request('GET', '/api/marketplace/cart', { token: placed.w.buyer.token });
    expect(shop.status).toBe(503);
    const res = await deliver(paidEvent(placed));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.outcome).toBe('applied');
    expect((await subOrder(placed.sub.id)).status).toBe('paid');
  });

  it('refunds a payment that arrives after its order expired', async () => {
    const placed = await stripeOrder();
    await runDueJobs(app.db, [orderTimersJob], new Date(Date.now() + 31 * 60_000), app.config);
    expect((await subOrder(placed.sub.id)).status).toBe('cancelled');
    const res = await deliver(paidEvent(placed));
    expect(res.body.data.outcome).toBe('refunded');
    expect(stripe.callsTo('/v1/refunds')).toMatchObject([
      { idempotencyKey: `late-payment-${placed.order.id}` },
    ]);
    expect((await subOrder(placed.sub.id)).status).toBe('cancelled');
  });
});

describe('refunds, payouts and chargebacks through Stripe', () => {
  it('refunds the sub-order’s amount when the seller cancels a paid sale; a refusal changes nothing', async () => {
    const placed = await stripeOrder();
    await deliver(paidEvent(placed));
    stripe.refuse('/v1/refunds');
    const refused = await sale(placed.w, placed.sub.id, 'cancel', { reason: 'Damaged in storage' });
    expect(refused.status).toBe(503);
    expect((await subOrder(placed.sub.id)).status).toBe('paid');

    stripe.reset();
    const res = await sale(placed.w, placed.sub.id, 'cancel', { reason: 'Damaged in storage' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'refunded', payout_status: 'reversed' });
    expect(stripe.callsTo('/v1/refunds')).toMatchObject([
      {
        idempotencyKey: `refund-${placed.sub.id}`,
        form: { payment_intent: `pi_${placed.order.id.slice(0, 8)}`, amount: '46000' },
      },
    ]);
    expect((await subOrder(placed.sub.id)).refundReference).toMatch(/^re_/);
  });

  it('pays the seller out by transfer once connected, once; a chargeback reverses it', async () => {
    const placed = await stripeOrder();
    const { w } = placed;
    await deliver(paidEvent(placed));
    await sale(w, placed.sub.id, 'ship', { carrier: 'SEUR', tracking_number: 'S-1' });
    const confirmed = await app.request(
      'POST',
      `/api/marketplace/orders/${placed.order.id}/sub-orders/${placed.sub.id}/delivered`,
      { token: w.buyer.token, body: {} },
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    await app.request(
      'POST',
      `/api/marketplace/orders/${placed.order.id}/sub-orders/${placed.sub.id}/confirm`,
      { token: w.buyer.token, body: {} },
    );
    const due = new Date(Date.now() + 8 * 24 * 3600_000);
    // Not connected yet: the payout waits.
    await runDueJobs(app.db, [orderTimersJob], due, app.config);
    expect((await subOrder(placed.sub.id)).payoutStatus).toBe('pending');
    expect(stripe.callsTo('/v1/transfers')).toEqual([]);

    const onboarding = await app.request(
      'POST',
      `/api/marketplace/seller-profiles/${w.sellerProfile.id}/payout-onboarding`,
      { token: w.seller.token },
    );
    expect(onboarding.status, onboarding.text).toBe(200);
    const [profile] = await app.db
      .select()
      .from(sellerProfiles)
      .where(eq(sellerProfiles.id, w.sellerProfile.id));
    expect(profile).toMatchObject({
      payoutStatus: 'pending',
      gatewayAccountId: expect.stringMatching(/^acct_/),
    });
    const account = profile!.gatewayAccountId!;
    expect(onboarding.body.data.url).toBe(`https://connect.stripe.test/setup/${account}`);
    expect(stripe.callsTo('/v1/accounts')[0]!.form).toMatchObject({
      type: 'express',
      email: 'seller@market.test',
      'capabilities[transfers][requested]': 'true',
    });
    expect(stripe.callsTo('/v1/account_links')[0]!.form).toMatchObject({
      account,
      type: 'account_onboarding',
      return_url: `http://localhost:3000/marketplace/my/profile?profile=${w.sellerProfile.id}&payouts=done`,
    });
    // Onboarding again reuses the account.
    await app.request(
      'POST',
      `/api/marketplace/seller-profiles/${w.sellerProfile.id}/payout-onboarding`,
      {
        token: w.seller.token,
      },
    );
    expect(stripe.callsTo('/v1/accounts')).toHaveLength(1);

    const activated = await deliver({
      id: `evt_account_${++serial}`,
      type: 'account.updated',
      data: {
        object: {
          id: account,
          object: 'account',
          charges_enabled: true,
          payouts_enabled: true,
          details_submitted: true,
          requirements: { disabled_reason: null },
        },
      },
    });
    expect(activated.body.data.outcome).toBe('applied');
    const mine = await app.request(
      'GET',
      `/api/marketplace/seller-profiles/${w.sellerProfile.id}`,
      {
        token: w.seller.token,
      },
    );
    expect(mine.body.data).toMatchObject({ payout_status: 'active', payouts_by_gateway: true });

    // The timer runs every five minutes: its next tick.
    await runDueJobs(app.db, [orderTimersJob], new Date(due.getTime() + 600_000), app.config);
    // 460.00 − 10 % of the 450.00 line = 415.00 to the seller, in cents.
    expect(stripe.callsTo('/v1/transfers')).toMatchObject([
      {
        idempotencyKey: `payout-${placed.sub.id}`,
        form: {
          amount: '41500',
          currency: placed.order.currency.toLowerCase(),
          destination: account,
          transfer_group: placed.order.number,
        },
      },
    ]);
    expect((await subOrder(placed.sub.id)).payoutStatus).toBe('paid');
    const [payout] = await app.db.select().from(payouts);
    expect(payout).toMatchObject({
      subOrderId: placed.sub.id,
      sellerProfileId: w.sellerProfile.id,
      amount: '415.00',
      status: 'paid',
      transferReference: expect.stringMatching(/^tr_/),
    });
    await runDueJobs(app.db, [orderTimersJob], new Date(due.getTime() + 1_200_000), app.config);
    expect(stripe.callsTo('/v1/transfers')).toHaveLength(1);

    const chargeback = await deliver({
      id: `evt_dispute_${++serial}`,
      type: 'charge.dispute.created',
      data: {
        object: {
          id: 'dp_1',
          object: 'dispute',
          reason: 'fraudulent',
          payment_intent: `pi_${placed.order.id.slice(0, 8)}`,
        },
      },
    });
    expect(chargeback.body.data.outcome).toBe('applied');
    expect(stripe.callsTo('/v1/transfers/')).toMatchObject([
      {
        path: `/v1/transfers/${payout!.transferReference}/reversals`,
        idempotencyKey: `reversal-${placed.sub.id}`,
      },
    ]);
    const [reversed] = await app.db.select().from(payouts);
    expect(reversed).toMatchObject({
      status: 'reversed',
      reversalReference: expect.stringMatching(/^trr_/),
    });
    expect((await subOrder(placed.sub.id)).payoutStatus).toBe('reversed');
    const notices = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'admin.payment_held'));
    expect(notices[0]!.title).toBe(`Chargeback on ${placed.order.number}`);
  });

  it('offers payout onboarding to a profile’s managers only, and not with the manual driver', async () => {
    const w = await marketplaceWorld(app);
    const path = `/api/marketplace/seller-profiles/${w.sellerProfile.id}/payout-onboarding`;
    const manual = await app.request('POST', path, { token: w.seller.token });
    expect(manual.status).toBe(409);
    expect(manual.body.error.message).toMatch(/by hand/);
    await useStripe(w);
    expect((await app.request('POST', path)).status).toBe(401);
    expect((await app.request('POST', path, { token: w.buyer.token })).status).toBe(403);
    const unknown =
      '/api/marketplace/seller-profiles/00000000-0000-4000-8000-000000000000/payout-onboarding';
    expect((await app.request('POST', unknown, { token: w.seller.token })).status).toBe(404);
    expect(stripe.callsTo('/v1/accounts')).toEqual([]);
    const rows = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from seller_profiles where gateway_account_id is not null`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
