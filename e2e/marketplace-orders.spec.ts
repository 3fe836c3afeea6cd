import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  personPage,
  screenshot,
  signInAs,
  signInAsAdmin,
} from './helpers';

async function check(page: Page, testInfo: TestInfo, name: string) {
  await expectNoSeriousA11yViolations(page, name);
  await screenshot(page, testInfo, `orders-${name}`);
}

test('a buyer checks out with the manual driver, the seller is paid and ships, the buyer confirms', async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const title = `Hoof pick set ${project}`;

  // A listing sold outright, set up through the API: the category by an administrator, the
  // seller's profile and listing, the approval.
  await signInAsAdmin(page);
  const category = await page.request.post('/api/admin/marketplace/categories', {
    data: { name: `Grooming ${project}`, kind: 'item' },
  });
  expect(category.status()).toBe(201);
  const sellerPage = await personPage(browser, testInfo);
  await signInAs(sellerPage, `groom-shop-${project}@example.com`);
  const profile = await sellerPage.request.post('/api/marketplace/seller-profiles', {
    data: { display_name: `Groom shop ${project}` },
  });
  expect(profile.status()).toBe(201);
  const listed = await sellerPage.request.post('/api/marketplace/listings', {
    data: {
      category_id: (await category.json()).data.id,
      title,
      price: 24.5,
      sale_mode: 'buy_now',
      quantity: 5,
      shipping: { ships: true, price: 4.5 },
    },
  });
  expect(listed.status()).toBe(201);
  const listingId = (await listed.json()).data.id;
  expect(
    (await sellerPage.request.post(`/api/marketplace/listings/${listingId}/submit`)).status(),
  ).toBe(200);
  const approved = await page.request.post(
    `/api/admin/moderation/publications/${listingId}/approve`,
    {
      data: {},
    },
  );
  expect(approved.status()).toBe(200);

  // The buyer: two in the cart, then the checkout.
  const buyerPage = await personPage(browser, testInfo);
  await signInAs(buyerPage, `orders-buyer-${project}@example.com`);
  await buyerPage.goto(`/marketplace/listings/${listingId}`);
  await buyerPage.getByLabel('Quantity').selectOption('2');
  await buyerPage.getByRole('button', { name: 'Add to cart' }).click();
  await buyerPage.getByRole('link', { name: 'View your cart' }).click();
  await buyerPage.getByRole('link', { name: 'Check out' }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await buyerPage.getByLabel('Name', { exact: true }).fill('Olivia Orders');
  await buyerPage.getByLabel('Street').fill('12 Paddock Lane');
  await buyerPage.getByLabel('City').fill('Lexington');
  await buyerPage.getByLabel('Postal code').fill('40511');
  await buyerPage.getByLabel('Country').fill('US');
  await check(buyerPage, testInfo, 'checkout');
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  const orderHeading = buyerPage.getByRole('heading', { name: /^Order MP-\d{4}-\d{6}$/, level: 1 });
  await expect(orderHeading).toBeVisible();
  const orderNumber = (await orderHeading.textContent())!.replace('Order ', '');
  // 2 × 24.50 and 2 × 4.50 to ship.
  await expect(buyerPage.getByRole('main')).toContainText('58.00');
  await check(buyerPage, testInfo, 'order-placed');

  // The seller: the sale, marked paid, then shipped with its tracking.
  await sellerPage.goto('/marketplace/sales');
  await expect(sellerPage.getByRole('heading', { name: 'My sales', level: 1 })).toBeVisible();
  await sellerPage.getByRole('link', { name: `${orderNumber}-A` }).click();
  await expect(
    sellerPage.getByRole('heading', { name: `Sale ${orderNumber}-A`, level: 1 }),
  ).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Mark paid' }).click();
  await sellerPage.getByRole('button', { name: 'Ship' }).click();
  const ship = sellerPage.getByRole('dialog');
  await ship.getByLabel('Carrier').fill('UPS');
  await ship.getByLabel('Tracking number').fill(`1Z-${project}`);
  await check(sellerPage, testInfo, 'ship');
  await ship.getByRole('button', { name: 'Ship' }).click();
  await expect(sellerPage.getByRole('main')).toContainText(`1Z-${project}`);
  await check(sellerPage, testInfo, 'sale-shipped');

  // The buyer sees the tracking, receives the parcel and confirms.
  await buyerPage.reload();
  await expect(buyerPage.getByRole('main')).toContainText(`1Z-${project}`);
  await buyerPage.getByRole('button', { name: 'I received it' }).click();
  await buyerPage.getByRole('button', { name: 'Confirm, all is well' }).click();
  await expect(buyerPage.getByRole('main')).toContainText('Completed');
  await check(buyerPage, testInfo, 'order-completed');

  await sellerPage.context().close();
  await buyerPage.context().close();
});

test('the school reads its commission statements of the manual driver', async ({
  page,
}, testInfo) => {
  await signInAs(page, 'owner@demo.school');
  await page.goto('/marketplace/sales');
  await page.getByRole('link', { name: 'Commission statements' }).click();
  await expect(
    page.getByRole('heading', { name: 'Commission statements', level: 1 }),
  ).toBeVisible();
  // Last month's issued statement of the demo: 150.00 of sales, 14.00 of commission.
  const statements = page.getByRole('main');
  await expect(statements).toContainText('Issued');
  await expect(statements).toContainText('14.00');
  await check(page, testInfo, 'statements');
});
