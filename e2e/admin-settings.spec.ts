import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';

test('a platform administrator switches a feature on in the settings, and it stays on after a reload', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill('admin@demo.school');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.getByRole('link', { name: 'Administration' }).click();
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const blog = page.getByRole('switch', { name: 'Blog' });
  await expect(blog).not.toBeChecked();
  await blog.check();
  await expect(
    page.getByRole('status').filter({ hasText: 'The blog feature is enabled.' }),
  ).toBeVisible();
  await expect(blog).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'settings, a feature switched on');

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Blog' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Marketplace' })).toBeChecked();

  // The public feature list that the UI reads says the same.
  const features = await page.request.get('/api/features');
  expect(await features.json()).toEqual({
    data: { marketplace: { enabled: true, maintenance_message: null }, blog: { enabled: true } },
  });
});

test('a school owner is not offered the administration', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill('owner@demo.school');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your schools' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);

  await page.goto('/admin/settings');
  await expect(
    page.getByRole('alert').filter({ hasText: 'platform administrators only' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings, refused to a school owner');
});
