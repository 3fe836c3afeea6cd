import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openSection, signInToSchool } from './helpers';

test('an unknown address answers our 404 page with a way home', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Equestrian Platform');
  await expectNoSeriousA11yViolations(page, 'not-found');
  await page.getByRole('link', { name: 'Go to your home page' }).click();
  await expect(page).not.toHaveURL(/no-such-page/);
});

test('each tab is named after its page, with the product’s icon', async ({ page, request }) => {
  const icon = await request.get('/icon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  await signInToSchool(page, 'owner@demo.school');
  await expect(page).toHaveTitle('Demo Riding School · Equestrian Platform');
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', /icon\.svg/);
  await openSection(page, 'Students');
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Students · Equestrian Platform');
});

test('the theme follows the system until a person picks one, which stays', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'owner@demo.school');
  const html = page.locator('html');
  // The phone's project runs in the dark colour scheme, the desktop's in the light one.
  const system = testInfo.project.name === 'mobile' ? 'dark' : 'light';
  const other = system === 'dark' ? 'light' : 'dark';
  await expect(html).toHaveAttribute('data-theme', system);
  await page.getByRole('button', { name: `Switch to the ${other} theme` }).click();
  await expect(html).toHaveAttribute('data-theme', other);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Demo Riding School', level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', other);
  await expectNoSeriousA11yViolations(page, `dashboard, ${other} theme`);
  await page.getByRole('button', { name: `Switch to the ${system} theme` }).click();
  await expect(html).toHaveAttribute('data-theme', system);
});
