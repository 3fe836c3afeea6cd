import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openSection } from './helpers';

test('a demo owner signs in, picks the school and sees its members', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByLabel('E-mail')).toBeEnabled();
  await expectNoSeriousA11yViolations(page, 'sign-in');

  await page.getByLabel('E-mail').fill('owner@demo.school');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Your schools' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Demo Riding School/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'school picker');
  await page.getByRole('link', { name: /Demo Riding School/ }).click();

  await expect(page.getByRole('heading', { name: 'Demo Riding School' })).toBeVisible();
  await expect(page.getByText('Your role:')).toContainText('Owner');
  await openSection(page, 'Members');
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByLabel('Role of owner@demo.school')).toBeVisible();
  await expect(members.getByLabel('Role of viewer@demo.school')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'members');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
});

test('a viewer is not offered the members list', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill('viewer@demo.school');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The viewer's only organization: the home page opens it without the picker.
  await expect(page.getByRole('heading', { name: 'Demo Riding School', level: 1 })).toBeVisible();
  await expect(page.getByText('Your role:')).toContainText('Viewer');
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByRole('navigation', { name: 'School' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard, navigation shown');
  await expect(
    page.getByRole('navigation', { name: 'School' }).getByRole('link', { name: 'Members' }),
  ).toHaveCount(0);
  await page.goto(page.url() + '/members');
  await expect(page.getByRole('alert').filter({ hasText: 'does not give access' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Members' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'members, refused to a viewer');
});
