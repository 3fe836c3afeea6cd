import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers';

test('a platform administrator changes settings with one save, sees a refusal beside its field, and the change stays after a reload', async ({
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

  // Grouped under human headings, with human labels; nothing to save yet.
  await expect(page.getByRole('region', { name: 'General' })).toBeVisible();
  const marketplace = page.getByRole('region', { name: 'Marketplace' });
  await expect(marketplace.getByLabel('Listing lifetime')).toHaveValue('90');
  await expect(marketplace.getByLabel('Currency')).toHaveValue('EUR');
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();

  const blog = page.getByRole('switch', { name: 'Blog published' });
  await expect(blog).not.toBeChecked();
  await blog.check();
  await expect(page.getByText('1 unsaved change')).toBeVisible();
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: '1 setting saved.' })).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(blog).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'settings, a feature switched on');

  // Two changes in one save: the server refuses one, so neither is stored; each keeps its edit.
  const support = page.getByLabel('Support e-mail');
  const name = page.getByLabel('Platform name');
  await support.fill('not-an-address');
  await name.fill('Equestrian Platform (demo)');
  await save.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Nothing was saved: 1 setting needs a change.' }),
  ).toBeVisible();
  const refusal = 'Support e-mail must be a valid email address.';
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: '1 setting needs a change before anything is saved' }),
  ).toContainText(refusal);
  await expect(support).toHaveAttribute('aria-invalid', 'true');
  await expect(support).toHaveAccessibleDescription(new RegExp(refusal));
  await expect(name).toHaveValue('Equestrian Platform (demo)');
  await expectNoSeriousA11yViolations(page, 'settings, a value refused');
  // Corrected, both are saved together.
  await support.fill('help@demo.school');
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: '2 settings saved.' })).toBeVisible();
  await expect(save).toBeDisabled();
  // An edit discarded is not saved.
  await support.fill('nobody@demo.school');
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(support).toHaveValue('help@demo.school');
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Blog published' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Marketplace open' })).toBeChecked();
  await expect(page.getByLabel('Platform name')).toHaveValue('Equestrian Platform (demo)');
  await expect(page.getByLabel('Support e-mail')).toHaveValue('help@demo.school');

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
