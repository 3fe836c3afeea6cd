import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openSection,
  screenshot,
  signInToSchool,
  unique,
} from './helpers';

test('a family joins the public waiting list without an account, and the manager finds them on the board', async ({
  page,
}, testInfo) => {
  const rider = unique(testInfo, 'Olivia');
  await signInToSchool(page, 'manager@demo.school');
  const schoolId = /\/schools\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await page.context().clearCookies();

  // The public page, signed out.
  await page.goto(`/waitlist/${schoolId}`);
  await expect(
    page.getByRole('heading', { name: 'Join the waiting list of Demo Riding School' }),
  ).toBeVisible();
  await page.getByLabel('Your name').fill('Marta Ruiz');
  await page.getByLabel('E-mail').fill(`${rider.toLowerCase()}@family.test`);
  await page.getByLabel('First name').fill(rider);
  await page.getByLabel('Last name').fill('Ruiz');
  await page.getByLabel('Saturday').check();
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(page.getByText('Tick the box to agree.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'waitlist form, consent missing');
  await page.getByLabel(/I agree that Demo Riding School keeps these details/).check();
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  const confirmation = page.getByRole('status').filter({ hasText: 'You are on the waiting list.' });
  await expect(confirmation).toBeVisible();
  const reference = (await confirmation.locator('strong.font-mono').textContent())!;
  expect(reference).toMatch(/^WL-[0-9A-Z]{6}$/);
  await expectNoSeriousA11yViolations(page, 'waitlist confirmation');
  await screenshot(page, testInfo, 'waitlist-joined');

  // The school's board.
  await signInToSchool(page, 'manager@demo.school');
  await openSection(page, 'Waiting list');
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText(`${rider} Ruiz`);
  await expect(row).toContainText('Saturday');
  await expectNoSeriousA11yViolations(page, 'waitlist board');
  // Convert is the row's first action; on a phone, Update waits behind "More".
  if (testInfo.project.name === 'mobile') {
    await row.getByRole('button', { name: `More actions for ${reference}` }).click();
    await page.getByRole('menuitem', { name: 'Update', exact: true }).click();
  } else {
    await row.getByRole('button', { name: `Update ${reference}` }).click();
  }
  const dialog = page.getByRole('dialog', { name: `Update ${reference}` });
  await dialog.getByLabel('Status').selectOption('contacted');
  await dialog.getByLabel('Staff notes').fill('Called; will try a Saturday lesson.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${reference} was updated.` }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toHaveCount(0);
  await screenshot(page, testInfo, 'waitlist-board');

  // A place is found: the contacted entry becomes a student enrolled in a schedule with room.
  await page.getByLabel('Status').selectOption('contacted');
  await page
    .getByRole('row', { name: new RegExp(reference) })
    .getByRole('button', { name: `Convert ${reference}` })
    .click();
  const convert = page.getByRole('dialog', { name: `Convert ${reference}` });
  await expect(convert).toContainText(`${rider} Ruiz becomes a student`);
  const withRoom = convert.getByRole('option', { name: /\((?!0 )\d+ free\)/ }).first();
  await convert.getByLabel('Enrol in').selectOption((await withRoom.getAttribute('value'))!);
  await expectNoSeriousA11yViolations(page, 'waitlist convert');
  await convert.getByRole('button', { name: 'Make student' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${rider} Ruiz is a student, enrolled in` }),
  ).toBeVisible();
  await page.getByLabel('Status').selectOption('enrolled');
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('Enrolled');
});
