import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  screenshot,
  signInAs,
  signInAsAdmin,
  unique,
  openSection,
} from './helpers';

test('an administrator issues a one-use school code, and a new user redeems it into their own school', async ({
  page,
  context,
}, testInfo) => {
  const note = unique(testInfo, 'For Sunny Meadows');
  const schoolName = unique(testInfo, 'Sunny Meadows Riding');
  const email = `${unique(testInfo, 'new-owner')}@example.test`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // The administrator issues the code: shown this once, with a copy button.
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page.getByRole('region', { name: 'Waiting for a decision' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'administration dashboard');
  await screenshot(page, testInfo, 'admin-dashboard');
  await openSection(page, 'Access codes', 'Administration');
  await expect(page.getByRole('heading', { name: 'Access codes', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New access code' }).click();
  const form = page.getByRole('form', { name: 'New access code' });
  await form.getByLabel('Creates a').selectOption('school');
  await form.getByLabel('Uses').fill('1');
  await form.getByLabel('Note').fill(note);
  await expectNoSeriousA11yViolations(page, 'access codes, new code form');
  await form.getByRole('button', { name: 'Create code' }).click();

  const issued = page.getByRole('region', { name: 'New school access code' });
  await expect(issued).toContainText('it will not be shown again');
  const code = (await issued.getByRole('status', { name: 'Access code' }).textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await issued.getByRole('button', { name: 'Copy' }).click();
  await expect(issued.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  const hint = `…${code.slice(-4)}`;
  const row = page.getByRole('row', { name: new RegExp(hint) });
  await expect(row).toContainText('0 / 1');
  await expectNoSeriousA11yViolations(page, 'access codes, code issued');
  await screenshot(page, testInfo, 'access-code-issued');
  await issued.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(code)).toHaveCount(0);

  // The audit log lists the creation, with the hint and never the code.
  await openSection(page, 'Audit log', 'Administration');
  await page.getByLabel('Subject type').fill('access_code');
  const created = page.getByRole('row').filter({ hasText: 'admin.accessCodes.create' }).first();
  await expect(created).toBeVisible();
  await created.locator('summary').click();
  await expect(created).toContainText(note);
  await expect(created).toContainText(`"code_hint": "${code.slice(-4)}"`);
  await expect(page.getByText(code)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'audit log');
  await screenshot(page, testInfo, 'audit-log');

  // A brand-new user, in no organization, redeems it.
  await context.clearCookies();
  await signInAs(page, email);
  await page.getByRole('link', { name: 'Have an access code?' }).click();
  await expect(
    page.getByRole('heading', { name: 'Redeem an access code', level: 1 }),
  ).toBeVisible();
  const redeem = page.getByRole('form', { name: 'Redeem an access code' });
  await redeem.getByLabel('Access code').fill('AAAA-BBBB-CCCC');
  await redeem.getByLabel('Organization name').fill(schoolName);
  await redeem.getByRole('button', { name: 'Redeem code' }).click();
  await expect(redeem.getByText('This code is not valid.')).toBeVisible();
  await expect(redeem.getByLabel('Access code')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'redeem, invalid code');
  await screenshot(page, testInfo, 'redeem-invalid-code');
  await redeem.getByLabel('Access code').fill(code.toLowerCase());
  await redeem.getByRole('button', { name: 'Redeem code' }).click();
  await expect(page.getByRole('heading', { name: schoolName, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/schools\/[0-9a-f-]{36}$/);
  await screenshot(page, testInfo, 'access-code-redeemed');

  // The administrator sees who redeemed it and the school it made.
  await context.clearCookies();
  await signInAsAdmin(page);
  await page.goto('/admin/access-codes');
  const used = page.getByRole('row', { name: new RegExp(hint) });
  await expect(used).toContainText('1 / 1');
  await used.getByRole('button', { name: `Redemptions of ${hint}` }).click();
  const redemptions = page.getByRole('dialog', { name: `Redemptions of ${hint}` });
  await expect(redemptions.getByRole('row', { name: new RegExp(email) })).toContainText(
    `${schoolName} (School)`,
  );
  await expectNoSeriousA11yViolations(page, 'access codes, redemptions');

  // The new owner's page lists the school they own.
  await redemptions.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { name: 'User', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Memberships' }).getByRole('row', { name: schoolName }),
  ).toContainText('Owner');
  await expectNoSeriousA11yViolations(page, 'user detail');
  await screenshot(page, testInfo, 'admin-user');
});
