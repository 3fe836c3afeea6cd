import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openSection,
  screenshot,
  signInAs,
  signInToSchool,
  unique,
} from './helpers';

/** Demo riders under 14 (no access of their own yet), one per width. */
const RIDER = { desktop: 'Emma Díaz', mobile: 'Sofía López' } as const;

test("a manager invites a rider's guardian, who signs in and reads the rider in the family portal", async ({
  page,
}, testInfo) => {
  const rider = RIDER[testInfo.project.name as keyof typeof RIDER];
  const guardian = `${unique(testInfo, 'guardian')}@family.test`;
  await signInToSchool(page, 'manager@demo.school');
  await openSection(page, 'Students');
  await page.getByRole('link', { name: rider }).click();
  const card = page.getByRole('region', { name: 'Family portal' });
  await expect(card.getByText('Nobody follows this rider in the portal yet.')).toBeVisible();
  const invite = card.getByRole('form', { name: 'Invite to the portal' });
  await invite.getByLabel('Who').selectOption('self');
  await invite.getByLabel('E-mail').fill(guardian);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByLabel('Who')).toHaveAccessibleDescription(/own access from 14/);
  await expectNoSeriousA11yViolations(page, 'portal invitation refused');
  await invite.getByLabel('Who').selectOption('guardian');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${guardian} was invited to the portal.` }),
  ).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: guardian })).toContainText('Invited');
  await page.context().clearCookies();

  // The guardian signs in with the invited address: the rider is theirs to read.
  await signInAs(page, guardian);
  const riders = page.getByRole('region', { name: 'Your riders' });
  await riders.getByRole('link', { name: new RegExp(rider) }).click();
  await expect(page.getByRole('heading', { name: rider, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Next lessons' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Progress' }).getByText('Attendance'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'portal rider');
  await screenshot(page, testInfo, 'portal-rider');

  // Leaving: the rider goes from the portal.
  await page.getByRole('button', { name: 'Stop following' }).click();
  await page
    .getByRole('group', { name: /Stop following/ })
    .getByRole('button', { name: /^Yes/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Family portal' })).toBeVisible();
  await expect(page.getByText(/No rider yet/)).toBeVisible();
});

test('the demo family reads Lucía’s badges and certificate', async ({ page }, testInfo) => {
  await signInAs(page, 'family@demo.school');
  await page
    .getByRole('region', { name: 'Your riders' })
    .getByRole('link', { name: /Lucía García/ })
    .click();
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress.getByText('Bronze', { exact: true })).toBeVisible();
  await expect(
    progress.getByRole('list', { name: 'Badges' }).getByText('Eight rides'),
  ).toBeVisible();
  await expect(progress.getByRole('link', { name: 'Check DEM0-2026-0001' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'portal demo rider');
  await screenshot(page, testInfo, 'portal-demo');
});
