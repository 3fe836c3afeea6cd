import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, openStudSection, screenshot, signInAs } from './helpers';

/** Nothing wider than the window: the page does not scroll sideways (375 px on a phone). */
async function expectNoSideways(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test("a stud owner sees Valiente's services and frozen stock, and offers a service for 2027", async ({
  page,
}, testInfo) => {
  // A table from a tablet's width, cards on a phone; both named after the stallion.
  const mobile = testInfo.project.name === 'mobile';
  const listRole = mobile ? 'list' : 'table';
  // Both widths run against one database: one service each (one per method and delivery).
  const delivery = mobile ? 'shipped' : 'on_site';
  const offer = mobile ? 'Fresh semen, shipped' : 'Fresh semen, on site';
  const season = String(new Date().getFullYear());

  await signInAs(page, 'owner@demo.stud');
  await page.getByRole('link', { name: /Demo Stud Farm/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await openStudSection(page, 'Services');
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();

  // The demo's two services of the season: fees in euros, terms in words.
  const valiente = page.getByRole(listRole, { name: `Valiente's services, ${season}` });
  await expect(valiente).toContainText('Frozen semen, shipped');
  await expect(valiente).toContainText('Stud fee €1,200.00');
  await expect(valiente).toContainText('Booking fee €300.00, balance €900.00');
  await expect(valiente).toContainText('2 doses included');
  await expect(valiente).toContainText('Natural cover, on site');
  await expect(valiente).toContainText('Guarantee: a live foal');
  await expectNoSeriousA11yViolations(page, 'stud services');
  await expectNoSideways(page);
  await screenshot(page, testInfo, 'stud-services');

  // A new service: natural cover shipped is refused beside the delivery (the server's 422).
  await page.getByRole('button', { name: 'New service' }).click();
  const form = page
    .getByRole('dialog', { name: 'New service' })
    .getByRole('form', { name: 'New service' });
  await form.getByLabel('Stallion').selectOption({ label: 'Valiente' });
  await form.getByLabel('Season').fill('2027');
  await form.getByLabel('Method').selectOption('natural_cover');
  await form.getByLabel('Delivery').selectOption('shipped');
  await form.getByLabel('Stud fee (EUR)').fill('1800');
  await form.getByLabel('Booking fee (EUR)').fill('400');
  await form.getByRole('button', { name: 'Add service' }).click();
  await expect(form.getByLabel('Delivery')).toHaveAccessibleDescription(
    /Natural cover is on site only\./,
  );
  await expectNoSeriousA11yViolations(page, 'new service, refused');

  await form.getByLabel('Method').selectOption('fresh_semen');
  await form.getByLabel('Delivery').selectOption(delivery);
  await form.getByRole('button', { name: 'Add service' }).click();
  await expect(page.getByRole('dialog', { name: 'New service' })).toBeHidden();

  // Listed first, under the newest season.
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Season 2027');
  const next = page.getByRole(listRole, { name: "Valiente's services, 2027" });
  await expect(next).toContainText(offer);
  await expect(next).toContainText('Stud fee €1,800.00');
  await expect(next).toContainText('Booking fee €400.00, balance €1,400.00');
  await expect(next).toContainText('1 dose included');
  await expectNoSeriousA11yViolations(page, 'service added');

  // Deleted after a second question: on a phone from the card's "More" menu, asked in a dialog.
  const offered = `Valiente ${offer.toLowerCase()} 2027`;
  if (mobile) {
    await next.getByRole('button', { name: `More actions for ${offered}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const asked = page.getByRole('dialog', { name: `Delete ${offered}?` });
    await asked.getByRole('button', { name: 'Yes, delete' }).click();
  } else {
    await next.getByRole('button', { name: `Delete ${offered}`, exact: true }).click();
    await next.getByRole('button', { name: 'Yes, delete' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Season 2027' })).toBeHidden();
  await expect(valiente).toContainText('Frozen semen, shipped');

  // The frozen stock: Valiente's batch of 20 doses, those shipped no longer available.
  await openStudSection(page, 'Semen stock');
  await expect(page.getByRole('heading', { name: 'Semen stock', level: 1 })).toBeVisible();
  const batches = page.getByRole(listRole, { name: "Valiente's semen batches" });
  await expect(batches).toContainText(/\d+ of 20 doses available/);
  await expect(batches).toContainText('Tank 1, canister 3');
  await expect(batches).toContainText('38.5%');
  await expectNoSeriousA11yViolations(page, 'semen stock');
  await expectNoSideways(page);
  await screenshot(page, testInfo, 'stud-semen-stock');

  // A prospect's service of interest: the active services of the stallion chosen.
  await openStudSection(page, 'Prospects');
  await page.getByRole('button', { name: 'New prospect' }).click();
  const prospect = page.getByRole('dialog', { name: 'New prospect' });
  await prospect.getByLabel('Stallion of interest').selectOption({ label: 'Valiente' });
  const service = prospect.getByLabel('Service of interest');
  await expect(service.locator('option')).toHaveText([
    'None',
    `${season}: frozen semen, shipped, €1,200.00`,
    `${season}: natural cover, on site, €1,500.00`,
  ]);
  await expectNoSeriousA11yViolations(page, 'new prospect, service of interest');
  await prospect.getByRole('button', { name: 'Cancel' }).click();
});
