import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot, signInAs } from './helpers';

test('a stud owner computes the inbreeding of a planned foal from horses of the platform', async ({
  page,
}, testInfo) => {
  await signInAs(page, 'owner@demo.school');
  await page.getByRole('link', { name: /Demo Stud Farm/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'Stud' })
    .getByRole('link', { name: 'Test mating', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Test mating', level: 1 })).toBeVisible();

  // Computing with nobody chosen names both missing horses.
  await page.getByRole('button', { name: 'Compute' }).click();
  await expect(page.getByText('Choose a sire.')).toBeVisible();

  for (const [label, typed, horse] of [
    ['Sire', 'Rhosyn', 'Rhosyn Storm (2003)'],
    ['Dam', 'Mair', 'Mair (2005)'],
  ] as const) {
    await page.getByRole('combobox', { name: label, exact: true }).fill(typed);
    await page.getByRole('option', { name: new RegExp(horse.replace(/[()]/g, '\\$&')) }).click();
  }
  await page.getByRole('button', { name: 'Compute' }).click();
  const result = page.getByRole('region', { name: /Coefficient of inbreeding/ });
  await expect(result).toContainText('0 %');
  await expect(result).toContainText('No common ancestor within 6 generations.');
  // The foal's pedigree: both parents with their own parents.
  await expect(result).toContainText('Dyfed Rhys');
  await expect(result).toContainText('Brynhir');
  await expectNoSeriousA11yViolations(page, 'test mating result');
  await screenshot(page, testInfo, 'test-mating');
});
