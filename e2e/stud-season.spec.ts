import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openStudSection,
  screenshot,
  signInAs,
  unique,
} from './helpers';

/** A calendar day `days` from now, as the date inputs hold it. */
function dayFromNow(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Signs in as the demo stud's owner and adds a new mare of the stud's own to the herd. */
async function addOwnMare(page: Page, name: string, birthYear: string) {
  await signInAs(page, 'owner@demo.stud');
  await page.getByRole('link', { name: /Demo Stud Farm/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await openStudSection(page, 'Herd');
  await page.getByRole('button', { name: 'Add horse' }).click();
  const addHorse = page.getByRole('dialog', { name: 'Add a horse' });
  await addHorse.getByRole('tab', { name: 'New horse' }).click();
  const horseForm = addHorse.getByRole('form', { name: 'New horse' });
  await horseForm.getByLabel('Name', { exact: true }).fill(name);
  await horseForm.getByLabel('Sex').selectOption('female');
  await horseForm.getByLabel('Birth year').fill(birthYear);
  await horseForm.getByRole('button', { name: 'Add horse' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test('a stud owner takes a mare from her reservation to a foal in the pedigree', async ({
  page,
}, testInfo) => {
  const mare = unique(testInfo, 'Paloma');
  const foal = unique(testInfo, 'Palomita');
  const season = String(new Date().getFullYear());

  await addOwnMare(page, mare, '2014');

  // The season board: the demo's bookings, and hers to Valiente's cover, confirmed at once.
  await openStudSection(page, 'Season');
  await expect(page.getByRole('heading', { name: `Season ${season}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Valiente: requested' })).toContainText('Duquesa');
  await expectNoSeriousA11yViolations(page, 'season board');
  await screenshot(page, testInfo, 'stud-season-board');
  await page.getByRole('button', { name: 'New reservation' }).first().click();
  const booking = page.getByRole('form', { name: 'New reservation' });
  await booking
    .getByLabel('Service')
    .selectOption({ label: `Valiente: natural cover, on site (${season})` });
  await booking.getByLabel('Mare').selectOption({ label: mare });
  await booking.getByLabel('Confirm now').check();
  await booking.getByRole('button', { name: 'Add reservation' }).click();
  await expect(booking).toBeHidden();
  await page
    .getByRole('list', { name: 'Valiente: confirmed' })
    .getByRole('link', { name: mare })
    .click();
  await expect(page.getByRole('heading', { name: new RegExp(mare), level: 1 })).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'reservation');

  // Covered seven weeks ago: the reservation starts and a pregnancy opens with its checks.
  await page.getByRole('link', { name: 'Record breeding' }).click();
  const breeding = page.getByRole('form', { name: 'Record breeding' });
  await breeding.getByLabel('Date').fill(dayFromNow(-50));
  await breeding.getByLabel('Kind').selectOption('natural_cover');
  await breeding.getByLabel('Performed by').fill('Dr. Vega');
  await breeding.getByRole('button', { name: 'Record breeding' }).click();
  await expect(breeding).toBeHidden();

  // A positive scan on day 47 confirms her in foal.
  await openStudSection(page, 'Pregnancies');
  await page.getByRole('link', { name: mare, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${mare} × Valiente`, level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Suggested checks' })).toContainText('45');
  await page.getByRole('button', { name: 'Record check' }).click();
  const check = page.getByRole('form', { name: 'Record check' });
  await check.getByLabel('Date').fill(dayFromNow(-3));
  await check.getByLabel('Result').selectOption('positive');
  await check.getByRole('button', { name: 'Record check' }).click();
  await expect(check).toBeHidden();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'pregnancy');
  await screenshot(page, testInfo, 'stud-season-pregnancy');

  // She foals today: a filly who stands and nurses.
  await page.getByRole('link', { name: 'Record birth' }).click();
  const birth = page.getByRole('form', { name: 'Record birth' });
  await birth.getByLabel('Foal name').fill(foal);
  await birth.getByLabel('Foal sex').selectOption('female');
  await birth.getByRole('button', { name: 'Record birth' }).click();
  const recorded = page.getByRole('status').filter({ hasText: 'was recorded' });
  await recorded.getByRole('link', { name: foal }).click();

  // The filly in the stud's herd and in the shared pedigree, with both parents.
  await expect(page.getByRole('heading', { name: foal, level: 1 })).toBeVisible();
  const pedigree = page.getByRole('region', { name: 'Pedigree' });
  await expect(pedigree).toContainText('Valiente');
  await expect(pedigree).toContainText(mare);
  await expectNoSeriousA11yViolations(page, 'foal');

  // The reservation is completed by the live foal.
  await openStudSection(page, 'Season');
  await expect(
    page.getByRole('list', { name: 'Valiente: closed' }).getByRole('link', { name: mare }),
  ).toBeVisible();
});

test('a stud owner sends frozen doses to a mare and records her insemination with them', async ({
  page,
}, testInfo) => {
  const mare = unique(testInfo, 'Nube');
  const season = String(new Date().getFullYear());

  await addOwnMare(page, mare, '2013');

  // Booked to Valiente's frozen semen, which travels to her.
  await openStudSection(page, 'Season');
  await page.getByRole('button', { name: 'New reservation' }).first().click();
  const booking = page.getByRole('form', { name: 'New reservation' });
  await booking
    .getByLabel('Service')
    .selectOption({ label: `Valiente: frozen semen, shipped (${season})` });
  await booking.getByLabel('Mare').selectOption({ label: mare });
  await booking.getByLabel('Confirm now').check();
  await booking.getByRole('button', { name: 'Add reservation' }).click();
  await expect(booking).toBeHidden();
  await page
    .getByRole('list', { name: 'Valiente: confirmed' })
    .getByRole('link', { name: mare })
    .click();

  // The shipment: requested from the reservation, prepared (doses leave the batch), shipped
  // and delivered.
  await page.getByRole('link', { name: 'New shipment' }).click();
  const request = page.getByRole('form', { name: 'New shipment' });
  await request.getByLabel('Batch').selectOption({ index: 1 });
  await request.getByLabel('Name').fill(`${mare}'s farm`);
  await request.getByRole('button', { name: 'Request shipment' }).click();
  await expect(request).toBeHidden();
  const shipment = `the shipment for ${mare}`;
  await page.getByRole('button', { name: `Prepare ${shipment}` }).click();
  await page.getByRole('button', { name: `Ship ${shipment}` }).click();
  const ship = page.getByRole('form', { name: 'Ship' });
  await ship.getByLabel('Carrier').fill('Seur');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(ship).toBeHidden();
  await page.getByRole('button', { name: `Delivered ${shipment}` }).click();
  await expect(page.getByRole('button', { name: `Returned ${shipment}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'shipments');

  // Her vet inseminated her with it: the event names the shipment, not the batch.
  await openStudSection(page, 'Breeding');
  await page.getByRole('button', { name: 'Record breeding' }).first().click();
  const breeding = page.getByRole('form', { name: 'Record breeding' });
  await breeding
    .getByLabel('Reservation')
    .selectOption({ label: `${mare} × Valiente (${season}, in progress)` });
  await breeding.getByLabel('Semen').selectOption('frozen');
  await expect(breeding.getByLabel('Batch')).toBeHidden();
  await breeding.getByLabel('Shipment').selectOption({ index: 1 });
  await breeding.getByRole('button', { name: 'Record breeding' }).click();
  await expect(breeding).toBeHidden();
  await openStudSection(page, 'Pregnancies');
  await expect(page.getByRole('link', { name: mare, exact: true })).toBeVisible();
});
