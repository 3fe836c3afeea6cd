import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  checkoutPaidEvent,
  signedEvent,
  startFakeStripe,
  type FakeStripe,
} from '../server/test/fake-stripe';
import {
  expectNoSeriousA11yViolations,
  personPage,
  screenshot,
  signInAs,
  signInAsAdmin,
} from './helpers';

/*
 * The marketplace paid through Stripe Connect (DESIGN-MODULES C.0, C.5, C.6, G.2): the server
 * talks to a fake of Stripe's API started here (playwright.config.ts points STRIPE_API_BASE at
 * it), the browser's visits to Stripe's hosted pages are answered by a stand-in page, and the
 * webhook events are signed with the SDK's test helper, as Stripe signs them.
 */

const STRIPE_PORT = Number(process.env.E2E_PORT ?? 3100) + 11;
const WEBHOOK_SECRET = 'whsec_e2e_payments';
let stripe: FakeStripe;

test.beforeAll(async () => {
  stripe = await startFakeStripe(STRIPE_PORT);
});
test.afterAll(async () => {
  await stripe.close();
});

/** A person's page, with Stripe's hosted pages answered as far as this path needs them. */
async function stripeUserPage(browser: Browser, testInfo: TestInfo) {
  const page = await personPage(browser, testInfo);
  await page.route(/^https:\/\/(checkout|connect)\.stripe\.test\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Stripe (test)</title><main><h1>Stripe</h1></main></html>',
    }),
  );
  return page;
}

async function check(page: Page, testInfo: TestInfo, name: string) {
  await expectNoSeriousA11yViolations(page, name);
  await screenshot(page, testInfo, `payments-${name}`);
}

/** Posts `event` to the webhook as Stripe does. */
async function deliver(page: Page, event: Record<string, unknown>) {
  const { payload, headers } = signedEvent(event, WEBHOOK_SECRET);
  const res = await page.request.post('/api/webhooks/payments/stripe', { data: payload, headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

/** The buyer buys one unit of the listing and is sent to Stripe's payment page. */
async function checkOut(buyerPage: Page, listingId: string) {
  await buyerPage.goto(`/marketplace/listings/${listingId}`);
  await buyerPage.getByRole('button', { name: 'Add to cart' }).click();
  await buyerPage.getByRole('link', { name: 'View your cart' }).click();
  await buyerPage.getByRole('link', { name: 'Check out' }).click();
  await buyerPage.getByLabel('Name', { exact: true }).fill('Vera Buyer');
  await buyerPage.getByLabel('Street').fill('Calle Mayor 1');
  await buyerPage.getByLabel('City').fill('Madrid');
  await buyerPage.getByLabel('Postal code').fill('28013');
  await buyerPage.getByLabel('Country').fill('ES');
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await buyerPage.waitForURL(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
}

/** The Checkout Session the buyer was sent to: its id (from Stripe's page), order and cents. */
function sessionOf(buyerPage: Page) {
  const call = stripe.callsTo('/v1/checkout/sessions').at(-1)!;
  return {
    id: buyerPage.url().split('/').at(-1)!,
    orderId: call.form.client_reference_id!,
    cents: Number(call.form['line_items[0][price_data][unit_amount]']),
    currency: call.form['line_items[0][price_data][currency]']!,
  };
}

const paid = (session: { id: string; orderId: string; cents: number; currency: string }) =>
  checkoutPaidEvent({
    ...session,
    id: `evt_${session.orderId}_${session.cents}`,
    session: session.id,
  });

test('a buyer pays through Stripe, the seller connects payouts, an administrator accepts a held payment', async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const title = `Fly veil ${project}`;
  await signInAsAdmin(page);
  const gateway = await page.request.put('/api/admin/payment-gateway', {
    data: { provider: 'stripe', secret_key: 'sk_test_e2e', webhook_secret: WEBHOOK_SECRET },
  });
  expect(gateway.status(), await gateway.text()).toBe(200);
  try {
    // A listing sold outright, set up through the API.
    const category = await page.request.post('/api/admin/marketplace/categories', {
      data: { name: `Fly protection ${project}`, kind: 'item' },
    });
    const sellerPage = await stripeUserPage(browser, testInfo);
    await signInAs(sellerPage, `veil-shop-${project}@example.com`);
    const profile = await sellerPage.request.post('/api/marketplace/seller-profiles', {
      data: { display_name: `Veil shop ${project}`, contact_email: `veil-${project}@example.com` },
    });
    expect(profile.status()).toBe(201);
    const profileId = (await profile.json()).data.id;
    const listed = await sellerPage.request.post('/api/marketplace/listings', {
      data: {
        category_id: (await category.json()).data.id,
        title,
        price: 30,
        sale_mode: 'buy_now',
        quantity: 5,
        shipping: { ships: true, price: 5 },
        seller_profile_id: profileId,
      },
    });
    expect(listed.status(), await listed.text()).toBe(201);
    const listingId = (await listed.json()).data.id;
    await sellerPage.request.post(`/api/marketplace/listings/${listingId}/submit`);
    await page.request.post(`/api/admin/moderation/publications/${listingId}/approve`, {
      data: {},
    });

    // The buyer checks out and is sent to Stripe's payment page.
    const buyerPage = await stripeUserPage(browser, testInfo);
    await signInAs(buyerPage, `veil-buyer-${project}@example.com`);
    await checkOut(buyerPage, listingId);
    const session = sessionOf(buyerPage);
    // 30.00 + 5.00 shipping, in cents.
    expect(session.cents).toBe(3500);

    // Stripe confirms the payment; the buyer comes back to the order.
    expect(await deliver(page, paid(session))).toMatchObject({ outcome: 'applied' });
    await buyerPage.goto(`/marketplace/orders/${session.orderId}?payment=done`);
    await expect(buyerPage.getByRole('status', { name: 'Payment' })).toContainText(
      'Thank you: your payment is confirmed.',
    );
    await check(buyerPage, testInfo, 'order-paid');

    // The seller connects payouts on the profile page and is sent to Stripe's onboarding.
    await sellerPage.goto('/marketplace/my/profile');
    const payouts = sellerPage.getByRole('region', { name: 'Payouts' });
    await expect(payouts).toContainText('Not connected');
    await check(sellerPage, testInfo, 'payouts');
    await payouts.getByRole('button', { name: 'Connect payouts' }).click();
    await sellerPage.waitForURL(/^https:\/\/connect\.stripe\.test\/setup\/acct_/);
    const account = sellerPage.url().split('/').at(-1)!;
    expect(
      await deliver(page, {
        id: `evt_${account}`,
        type: 'account.updated',
        data: {
          object: {
            id: account,
            object: 'account',
            charges_enabled: true,
            payouts_enabled: true,
            details_submitted: true,
          },
        },
      }),
    ).toMatchObject({ outcome: 'applied' });
    await sellerPage.goto(`/marketplace/my/profile?profile=${profileId}&payouts=done`);
    await expect(payouts).toContainText('Your details were sent');
    await expect(payouts).toContainText('Active');

    // A second order whose payment is not its amount waits for an administrator.
    await checkOut(buyerPage, listingId);
    const short = { ...sessionOf(buyerPage), cents: 3000 };
    expect(await deliver(page, paid(short))).toMatchObject({ outcome: 'held' });
    await page.goto('/admin/marketplace/payment-holds');
    const holds = page.getByRole('main');
    await expect(holds).toContainText('3000 minor units');
    await check(page, testInfo, 'payment-holds');
    const accept = holds.getByRole('button', { name: /^Accept payment of order / }).first();
    await accept.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note (optional)').fill('The buyer’s bank kept a fee');
    await check(page, testInfo, 'accept-dialog');
    await dialog.getByRole('button', { name: 'Accept payment' }).click();
    await expect(page.getByText(/The payment of order .* was accepted\./)).toBeVisible();
    await buyerPage.goto(`/marketplace/orders/${short.orderId}`);
    await expect(buyerPage.getByRole('main')).toContainText('Paid');
    await sellerPage.context().close();
    await buyerPage.context().close();
  } finally {
    const back = await page.request.put('/api/admin/payment-gateway', {
      data: { provider: 'manual', secret_key: null, webhook_secret: null },
    });
    expect(back.status()).toBe(200);
  }
});
