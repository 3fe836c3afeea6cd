import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openSection,
  pick,
  screenshot,
  signInToSchool,
  unique,
} from './helpers';

test("an owner edits a competition's category and fee, corrects a ribbon and pays a fee", async ({
  page,
}, testInfo) => {
  const name = unique(testInfo, 'Autumn Trophy');
  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Competitions');
  await page.getByRole('button', { name: 'New competition' }).click();
  const created = page.getByRole('form', { name: 'New competition' });
  await created.getByLabel('Name', { exact: true }).fill(name);
  await created.getByLabel('Date').fill('2031-05-10');
  await created.getByLabel('Category 1', { exact: true }).fill('Dressage');
  await created.getByLabel('Fee 1 amount').fill('20');
  await expectNoSeriousA11yViolations(page, 'competitions, new competition form');
  await created.getByRole('button', { name: 'Create competition' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // "Recalculate order" is the page's first action; on a phone the others wait behind "More".
  const mobile = testInfo.project.name === 'mobile';
  const more = page.getByRole('button', { name: `More actions for ${name}` });
  if (mobile) {
    await more.click();
    await page.getByRole('menuitem', { name: 'Edit competition', exact: true }).click();
  } else {
    await page.getByRole('button', { name: 'Edit competition' }).click();
  }
  const edit = page.getByRole('form', { name: 'Edit competition' });
  await expect(edit.getByLabel('Category 1', { exact: true })).toHaveValue('Dressage');
  await edit.getByLabel('Category 1', { exact: true }).fill('Dressage A');
  await edit.getByLabel('Fee 1 amount').fill('30');
  await expectNoSeriousA11yViolations(page, 'competition, edit form');
  await screenshot(page, testInfo, 'competition-edit');
  await edit.getByRole('button', { name: 'Save competition' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} was saved.` })).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Fees: Entry fee €30.00 per entry')).toBeVisible();

  const entry = page.getByRole('form', { name: 'New entry' });
  await pick(entry, 'Rider', 'Lucía García');
  await entry.getByLabel('Category').selectOption('Dressage A');
  await entry.getByRole('button', { name: 'Enter' }).click();
  const category = page.getByRole('region', { name: 'Dressage A' });
  await expect(category.getByRole('row', { name: /Lucía García/ })).toBeVisible();

  // A ribbon recorded by mistake is corrected.
  await category.getByLabel('Ribbon for Lucía García').selectOption('red');
  await category.getByRole('button', { name: 'Record result of Lucía García' }).click();
  await expect(category.getByRole('row', { name: /Lucía García/ })).toContainText(
    '2nd place (red)',
  );
  await category.getByRole('button', { name: 'Change result of Lucía García' }).click();
  await expectNoSeriousA11yViolations(page, 'competition, changing a result');
  await category.getByLabel('Ribbon for Lucía García').selectOption('blue');
  await category.getByRole('button', { name: 'Save result of Lucía García' }).click();
  await expect(category.getByRole('row', { name: /Lucía García/ })).toContainText(
    '1st place (blue)',
  );

  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Expected€30.00Paid€0.00Pending€30.00');
  await payments.getByRole('button', { name: 'Pay Lucía García, Entry fee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay competition fee' });
  await dialog.getByLabel('Payment method').selectOption('card');
  await expectNoSeriousA11yViolations(page, 'competition, fee payment dialog');
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(payments).toContainText('Expected€30.00Paid€30.00Pending€0.00');
  await payments.getByLabel('Payment status').selectOption('paid');
  await expect(payments.getByRole('row', { name: /Lucía García/ })).toContainText('Paid');
  await expectNoSeriousA11yViolations(page, 'competition, payments filtered');
  await screenshot(page, testInfo, 'competition-payments');

  // Deleting asks first (in a dialog from a phone's menu), and a competition with a paid fee
  // is refused.
  const question = `Delete ${name} with its entries, results and payments?`;
  if (mobile) {
    await more.click();
    await page.getByRole('menuitem', { name: 'Delete competition', exact: true }).click();
    await page
      .getByRole('dialog', { name: question })
      .getByRole('button', { name: 'Yes, delete competition' })
      .click();
  } else {
    await page.getByRole('button', { name: 'Delete competition' }).click();
    await page
      .getByRole('group', { name: question })
      .getByRole('button', { name: 'Yes, delete competition' })
      .click();
  }
  await expect(page.getByRole('alert').filter({ hasText: 'cannot be deleted' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'competition, refused deletion');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
});

test('a manager charges one student once, then cancels the charge after confirming', async ({
  page,
}, testInfo) => {
  const description = unique(testInfo, 'Saddle rental');
  await signInToSchool(page, 'manager@demo.school');
  await openSection(page, 'Payments');
  await page.getByRole('button', { name: 'New charge' }).click();
  const dialog = page.getByRole('dialog', { name: 'New charge' });
  await dialog.getByLabel('Find a student').fill('Hugo');
  await dialog.getByLabel('Student', { exact: true }).selectOption({ label: 'Hugo Martínez' });
  await dialog.getByLabel('Amount').fill('35');
  await dialog.getByLabel('Description').fill(description);
  // Latest due date first: the charge heads the list.
  await dialog.getByLabel('Due on').fill('2031-01-15');
  await expectNoSeriousA11yViolations(page, 'payments, new charge dialog');
  await screenshot(page, testInfo, 'charge-dialog');
  await dialog.getByRole('button', { name: 'Create charge' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Charged Hugo Martínez €35.00.' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(description) });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: 'Cancel charge' }).click();
  await expect(row.getByRole('button', { name: 'Yes, cancel charge' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'payments, cancel confirmation');
  await row.getByRole('button', { name: 'Yes, cancel charge' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The payment was cancelled.' }),
  ).toBeVisible();
  await expect(row).toContainText('Cancelled');
});

test('the reports page shows the attendance report beside the financial charts', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'manager@demo.school');
  await openSection(page, 'Reports');
  await expect(page.getByRole('img', { name: /Income per month/ })).toBeVisible();
  const attendance = page.getByRole('region', { name: 'Attendance report' });
  await expect(
    attendance
      .getByRole('img', { name: /Attendance records by status/ })
      .or(attendance.getByText('No attendance recorded in this range.')),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'reports, with the attendance report');
  await screenshot(page, testInfo, 'attendance-report');
});

test('a viewer is offered no create, edit, delete or pay buttons on these screens', async ({
  page,
}) => {
  await signInToSchool(page, 'viewer@demo.school');
  await openSection(page, 'Payments');
  await expect(page.getByRole('columnheader', { name: 'Student' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New charge' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel charge' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'payments, as a viewer');

  await openSection(page, 'Competitions');
  await page.getByRole('link', { name: /Spring Cup/ }).click();
  await expect(page.getByRole('heading', { name: 'Spring Cup', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Expected');
  await expect(page.getByRole('button', { name: 'Edit competition' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete competition' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Change result/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'competition, as a viewer');
});

test(
  'a platform administrator creates and edits an organization, and suspends a user',
  { tag: '@desktop-only' },
  async ({ page, browser }, testInfo) => {
    // The user to suspend signs in once, in a browser of their own.
    const rider = await browser.newContext();
    const riderPage = await rider.newPage();
    await riderPage.goto('/signin', { waitUntil: 'networkidle' });
    await riderPage.getByLabel('E-mail').fill('rider@demo.school');
    await riderPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(riderPage.getByRole('heading', { name: 'Your schools' })).toBeVisible();

    await page.goto('/signin', { waitUntil: 'networkidle' });
    await page.getByLabel('E-mail').fill('admin@demo.school');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Administration' }).click();

    await openSection(page, 'Organizations', 'Administration');
    await page.getByRole('button', { name: 'New organization' }).click();
    const create = page.getByRole('form', { name: 'New organization' });
    await create.getByLabel('Name').fill('Hilltop Stables');
    await create.getByLabel('Currency').fill('gbp');
    await expectNoSeriousA11yViolations(page, 'organizations, new organization form');
    await create.getByRole('button', { name: 'Create organization' }).click();
    await expect(page.getByRole('row', { name: /Hilltop Stables/ })).toContainText('GBP');
    await page.getByRole('button', { name: 'Edit Hilltop Stables' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit organization' });
    await edit.getByLabel('Name').fill('Hilltop Riding Club');
    await edit.getByLabel('Verified').check();
    await expectNoSeriousA11yViolations(page, 'organizations, edit dialog');
    await edit.getByRole('button', { name: 'Save organization' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('row', { name: /Hilltop Riding Club/ })).toContainText('verified');
    await screenshot(page, testInfo, 'admin-organizations');

    await openSection(page, 'Users', 'Administration');
    await page.getByLabel('Search users').fill('rider@');
    const row = page.getByRole('row', { name: /rider@demo\.school/ });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: 'Suspend rider@demo.school' }).click();
    const confirm = row.getByRole('group', { name: /Suspend rider@demo\.school\?/ });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'users, suspend confirmation');
    await confirm.getByRole('button', { name: 'Yes, suspend rider@demo.school' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'rider@demo.school is suspended.' }),
    ).toBeVisible();
    await expect(row).toContainText('Suspended');
    await expectNoSeriousA11yViolations(page, 'users, a suspended user');
    await screenshot(page, testInfo, 'admin-users');

    // The suspension holds at once: the API refuses the user's next request.
    const schools = await riderPage.request.get('/api/schools');
    expect(schools.status()).toBe(403);
    await rider.close();
  },
);
