import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  personPage,
  screenshot,
  signInAs,
  signInAsAdmin,
  openSection,
} from './helpers';

// A 2×2 PNG, made by sharp; the server decodes it and writes it again without metadata.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVR4nGNYEKS7IEiXAUIBACE+BH3Ha5TUAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * Nothing wider than the window, and every control of the page within it: the page does not
 * scroll sideways and no button, link or field lies beyond the 375 px of a phone.
 */
async function expectAllWithin(page: Page) {
  const { scrollWidth, innerWidth, outside } = await page.evaluate(() => {
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('main button, main a[href], main input, main select'),
    ).filter(
      (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      outside: controls
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.left < -1 || box.right > window.innerWidth + 1;
        })
        .map((el) => el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName),
    };
  });
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  expect(outside).toEqual([]);
}

/** The page's checks in one: no serious accessibility finding, nothing off-screen, a picture. */
async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  await expectNoSeriousA11yViolations(page, name);
  await expectAllWithin(page);
  await screenshot(page, testInfo, `marketplace-${name}`);
}

async function openMarketplace(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Marketplace' }).click();
  await expect(page.getByRole('heading', { name: 'Marketplace', level: 1 })).toBeVisible();
}

test('a seller lists a horse with a photo, an administrator approves it, a buyer finds it and writes to the seller', async ({
  page,
  browser,
}, testInfo) => {
  // Both widths run against one database: a category, a seller and a buyer each.
  const project = testInfo.project.name;
  const mobile = project === 'mobile';
  const category = `Sport horses ${project}`;
  const title = `Bay mare Luna ${project}`;
  const seller = `seller-${project}@example.com`;
  const buyer = `buyer-${project}@example.com`;

  // The category, as an administrator sets it up (through the API).
  await signInAsAdmin(page);
  const created = await page.request.post('/api/admin/marketplace/categories', {
    data: {
      name: category,
      kind: 'horse',
      attributes: [
        { name: 'breed', label: 'Breed', type: 'text', required: true },
        { name: 'sex', label: 'Sex', type: 'select', options: ['mare', 'gelding', 'stallion'] },
        { name: 'birth_year', label: 'Birth year', type: 'integer', min: 1980, max: 2030 },
        { name: 'height_cm', label: 'Height (cm)', type: 'integer', min: 50, max: 250 },
        { name: 'discipline', label: 'Discipline', type: 'text' },
      ],
    },
  });
  expect(created.status()).toBe(201);

  // The seller: a seller profile first, then the listing as a draft.
  const sellerPage = await personPage(browser, testInfo);
  await signInAs(sellerPage, seller);
  await openMarketplace(sellerPage);
  await checkPage(sellerPage, testInfo, 'search');
  await sellerPage.getByRole('link', { name: 'Sell something' }).click();
  const profileForm = sellerPage.getByRole('form', { name: 'New seller profile' });
  await profileForm.getByLabel('Name buyers see').fill(`Luna's stable ${project}`);
  await profileForm.getByLabel('City').fill('Lexington');
  await profileForm.getByLabel('State').fill('KY');
  await profileForm.getByLabel('Country').fill('US');
  await checkPage(sellerPage, testInfo, 'seller-profile');
  await profileForm.getByRole('button', { name: 'Create seller profile' }).click();

  const form = sellerPage.getByRole('form', { name: 'New listing' });
  await form.getByLabel('Category').selectOption({ label: category });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('A kind, forward mare, schooled to second level.');
  // The category's own fields; a required one left blank is refused beside it.
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form.getByLabel('Price', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Sex (optional)').selectOption('mare');
  await form.getByLabel('Birth year (optional)').fill('2016');
  await form.getByLabel('Height (cm) (optional)').fill('165');
  await form.getByLabel('Discipline (optional)').fill('Dressage');
  await form.getByLabel('Price', { exact: true }).fill('12500');
  await expect(form.getByLabel('Sale mode')).toHaveValue('enquiry');
  await form.getByLabel('City').fill('Lexington');
  await form.getByLabel('State').fill('KY');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form.getByLabel('Breed')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('The Breed is required.')).toBeVisible();
  await checkPage(sellerPage, testInfo, 'new-listing-refused');
  await form.getByLabel('Breed').fill('Hanoverian');
  await form.getByRole('button', { name: 'Save draft' }).click();

  // Its photo, then off for approval.
  await expect(sellerPage.getByText('Your draft is saved.')).toBeVisible();
  await sellerPage.getByLabel(/^Add photos/).setInputFiles({
    name: 'luna.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const photos = sellerPage.getByRole('list', { name: 'Photos of the listing' });
  await expect(photos.getByRole('img')).toHaveCount(1);
  await checkPage(sellerPage, testInfo, 'edit-listing');
  await sellerPage.getByRole('button', { name: `Submit for approval ${title}` }).click();
  await expect(sellerPage.getByRole('status').filter({ hasText: 'was submitted' })).toBeVisible();
  await expect(
    sellerPage.getByRole('region', { name: 'State of the listing' }).getByText('Awaiting approval'),
  ).toBeVisible();

  // The administrator approves it from the pending queue.
  await page.goto('/admin');
  await openSection(page, 'Moderation', 'Administration');
  await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  const queued = page.getByRole('listitem', { name: title });
  await expect(queued).toBeVisible();
  await checkPage(page, testInfo, 'moderation-queue');
  // Its detail first: the content, the seller, no report and no decision yet.
  await queued.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Seller' })).toContainText(
    `Luna's stable ${project}`,
  );
  await expect(page.getByRole('region', { name: 'Open reports' })).toContainText('No open report.');
  await checkPage(page, testInfo, 'moderation-detail');
  await page.getByRole('link', { name: 'Back to the queues' }).click();
  await queued.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${title} was approved.` }),
  ).toBeVisible();
  await expect(queued).toBeHidden();
  // The decision is in the moderation log, with the listing it concerns.
  await page.getByRole('link', { name: 'Moderation log' }).click();
  await expect(page.getByRole('heading', { name: 'Moderation log', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('link', { name: title }).filter({ visible: true }).first(),
  ).toBeVisible();
  await checkPage(page, testInfo, 'moderation-log');

  // A buyer searches by words and category, opens it and writes to the seller.
  const buyerPage = await personPage(browser, testInfo);
  await signInAs(buyerPage, buyer);
  await openMarketplace(buyerPage);
  await buyerPage.getByRole('searchbox', { name: 'Search listings' }).fill(`Luna ${project}`);
  await buyerPage.getByRole('button', { name: 'Search listings' }).click();
  await expect(buyerPage).toHaveURL(/[?&]q=Luna/);
  const filters = mobile
    ? buyerPage.getByRole('dialog', { name: 'Filters' })
    : buyerPage.getByRole('region', { name: 'Filters' });
  if (mobile) await buyerPage.getByRole('button', { name: /^Filters/ }).click();
  await filters.getByLabel('Category').selectOption({ label: category });
  await expect(filters.getByLabel('Breed')).toBeVisible();
  await filters.getByLabel('State').fill('KY');
  await checkPage(buyerPage, testInfo, 'filters');
  await filters.getByRole('button', { name: 'Show results' }).click();
  await expect(buyerPage).toHaveURL(/category_id=.*state=KY|state=KY.*category_id=/);
  const results = buyerPage.getByRole('list', { name: 'Listings' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results).toContainText(/12,500\.00/);
  await expect(results).toContainText('Lexington, KY');
  await checkPage(buyerPage, testInfo, 'search-results');
  await results.getByRole('link', { name: title }).click();

  await expect(buyerPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const details = buyerPage.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Breed');
  await expect(details).toContainText('Hanoverian');
  await expect(buyerPage.getByRole('region', { name: 'Seller' })).toContainText(
    `Luna's stable ${project}`,
  );
  await checkPage(buyerPage, testInfo, 'listing');
  await buyerPage.getByRole('button', { name: 'Contact the seller' }).click();
  const contact = buyerPage.getByRole('dialog', { name: 'Contact the seller' });
  await contact.getByLabel('Message').fill('Is she still available for a trial next week?');
  await contact.getByLabel('Phone (optional)').fill('+1 859 555 0100');
  await expectNoSeriousA11yViolations(buyerPage, 'contact dialog');
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact.getByRole('status')).toContainText(
    `Your message was sent to Luna's stable ${project}`,
  );
  await contact.getByRole('button', { name: 'Done' }).click();
  await expect(contact).toBeHidden();

  // A favourite, then the seller's page and the favourites.
  const favourite = buyerPage.getByRole('button', { name: `Favourite: ${title}` });
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await buyerPage.getByRole('link', { name: 'All listings of this seller' }).click();
  await expect(
    buyerPage.getByRole('heading', { name: `Luna's stable ${project}`, level: 1 }),
  ).toBeVisible();
  await expect(
    buyerPage.getByRole('list', { name: `Listings of Luna's stable ${project}` }),
  ).toContainText(title);
  await checkPage(buyerPage, testInfo, 'seller');
  const buyerNav = buyerPage.getByRole('navigation', { name: 'Marketplace' });
  await buyerNav.getByRole('link', { name: 'Favourites' }).click();
  await expect(buyerPage.getByRole('list', { name: 'Favourite listings' })).toContainText(title);
  await checkPage(buyerPage, testInfo, 'favourites');

  // The seller finds it among the messages received.
  await sellerPage
    .getByRole('navigation', { name: 'Marketplace' })
    .getByRole('link', { name: 'Messages' })
    .click();
  const received = sellerPage.getByRole('list', { name: 'Messages received' });
  await expect(received).toContainText('Is she still available for a trial next week?');
  await expect(received).toContainText('+1 859 555 0100');
  await checkPage(sellerPage, testInfo, 'messages');
  await sellerPage
    .getByRole('navigation', { name: 'Marketplace' })
    .getByRole('link', { name: 'My listings' })
    .click();
  await expect(sellerPage.getByRole('listitem', { name: title })).toContainText('Active');
  await checkPage(sellerPage, testInfo, 'my-listings');
  await sellerPage
    .getByRole('navigation', { name: 'Marketplace' })
    .getByRole('link', { name: 'Seller profile' })
    .click();
  await expect(
    sellerPage.getByRole('form', { name: `Seller profile Luna's stable ${project}` }),
  ).toBeVisible();
  await checkPage(sellerPage, testInfo, 'profile');

  // The administrator's categories: the tree, and the category's attributes in its form.
  await openSection(page, 'Marketplace categories', 'Administration');
  await expect(page.getByRole('list', { name: 'Categories' })).toContainText(category);
  await checkPage(page, testInfo, 'categories');
  await page.getByRole('button', { name: `Edit ${category}` }).click();
  const categoryForm = page.getByRole('form', { name: `Edit ${category}` });
  await expect(categoryForm.getByLabel('Label of attribute 1')).toHaveValue('Breed');
  await expect(categoryForm.getByLabel('Options of attribute 2, one per line')).toHaveValue(
    'mare\ngelding\nstallion',
  );
  await checkPage(page, testInfo, 'category-form');
  await categoryForm.getByRole('button', { name: 'Cancel' }).click();

  // The commission bands: the platform's 10 % global band, and what it takes of a line.
  await openSection(page, 'Commission', 'Administration');
  const preview = page.getByRole('form', { name: 'Commission preview' });
  await preview.getByLabel('Line amount').fill('1234.56');
  await preview.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText(/Band Standard .*commission .*123\.46/)).toBeVisible();
  await checkPage(page, testInfo, 'commission');

  // The payment gateway: the manual provider passes its connection test without a network.
  await openSection(page, 'Payment gateway', 'Administration');
  const connection = page.getByRole('region', { name: 'Connection test' });
  await connection.getByRole('button', { name: 'Test the connection' }).click();
  await expect(connection.getByRole('status')).toContainText('Passed');
  await checkPage(page, testInfo, 'payment-gateway');

  // A saddle sold outright: the buyer puts two in the cart and sees what they cost.
  const tack = await page.request.post('/api/admin/marketplace/categories', {
    data: { name: `Saddles ${project}`, kind: 'item' },
  });
  expect(tack.status()).toBe(201);
  const saddleTitle = `Jumping saddle ${project}`;
  const listed = await sellerPage.request.post('/api/marketplace/listings', {
    data: {
      category_id: (await tack.json()).data.id,
      title: saddleTitle,
      price: 80,
      sale_mode: 'buy_now',
      quantity: 3,
      shipping: { ships: true, price: 10 },
    },
  });
  expect(listed.status()).toBe(201);
  const saddleId = (await listed.json()).data.id;
  const submitted = await sellerPage.request.post(`/api/marketplace/listings/${saddleId}/submit`);
  expect(submitted.status()).toBe(200);
  const approved = await page.request.post(
    `/api/admin/moderation/publications/${saddleId}/approve`,
    { data: {} },
  );
  expect(approved.status()).toBe(200);
  await buyerPage.goto(`/marketplace/listings/${saddleId}`);
  await expect(buyerPage.getByRole('heading', { name: saddleTitle, level: 1 })).toBeVisible();
  await buyerPage.getByLabel('Quantity').selectOption('2');
  await buyerPage.getByRole('button', { name: 'Add to cart' }).click();
  await buyerPage.getByRole('link', { name: 'View your cart' }).click();
  const summary = buyerPage.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('2 items available');
  // 2 × 80.00, and 2 × 10.00 to ship.
  await expect(summary).toContainText('180.00');
  await checkPage(buyerPage, testInfo, 'cart');

  await sellerPage.context().close();
  await buyerPage.context().close();
});

test('a mare owner books a mare into the stud through its stallion’s listing (C.9)', async ({
  page,
}, testInfo) => {
  const mare = `Brisa ${testInfo.project.name}`;
  await signInAs(page, `mare-owner-${testInfo.project.name}@example.com`);
  const found = await page.request.get('/api/marketplace/listings?q=Valiente');
  const listing = (await found.json()).data.find((l: { title: string }) =>
    l.title.startsWith('Valiente de la Sierra'),
  );
  await page.goto(`/marketplace/listings/${listing.id}`);
  await page
    .getByRole('button', { name: /^Book a mare: Valiente/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(mare);
  await dialog.getByLabel('Year of birth').fill('2016');
  await checkPage(page, testInfo, 'stallion-booking');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Your request to book ${mare}`);
  await checkPage(page, testInfo, 'stallion-booked');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});
