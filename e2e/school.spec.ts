import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openLesson,
  chooseRowAction,
  openSection,
  pick,
  screenshot,
  selectByName,
  signInToSchool,
  unique,
} from './helpers';

test("the dashboard shows the figures, today's classes and the income chart", async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'owner@demo.school');
  await expect(page.getByText('Active students')).toBeVisible();
  const today = page.getByRole('region', { name: "Today's classes" });
  await expect(today.getByRole('link', { name: 'Take attendance' }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /Income per month/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard');
  await screenshot(page, testInfo, 'dashboard');
});

test('a student form shows the 422 field errors beside the fields, then creates the student', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'manager@demo.school');
  await openSection(page, 'Students');
  await expect(page.getByRole('link', { name: 'Lucía García' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'students');
  await screenshot(page, testInfo, 'students');
  await page.getByRole('link', { name: 'New student' }).click();
  await expect(page.getByLabel('First name')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new student');

  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill(unique(testInfo, 'Castillo'));
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Email must be a valid email address.',
  );

  await page.getByLabel('Email').fill('nora@example.com');
  await page.getByLabel('Document number').fill('D-1001');
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(page.getByLabel('Document number')).toHaveAccessibleDescription(
    'The document number has already been taken.',
  );
  await expectNoSeriousA11yViolations(page, 'new student, with field errors');
  await screenshot(page, testInfo, 'student-form-errors');

  await page.getByLabel('Document number').fill(unique(testInfo, 'N-1'));
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(
    page.getByRole('heading', { name: `Nora ${unique(testInfo, 'Castillo')}`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Enrolments' })).toContainText(
    'No active enrolments',
  );
  await expectNoSeriousA11yViolations(page, 'student');

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Document number')).toHaveValue(unique(testInfo, 'N-1'));
  await expectNoSeriousA11yViolations(page, 'edit student');
  await page.getByLabel('First name').fill('Noor');
  await page.getByRole('button', { name: 'Save student' }).click();
  await expect(
    page.getByRole('heading', { name: `Noor ${unique(testInfo, 'Castillo')}`, level: 1 }),
  ).toBeVisible();
});

test('a CSV import previews the rows, reports the bad one and imports the others', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Students');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
    'download',
    'students-template.csv',
  );
  await expectNoSeriousA11yViolations(page, 'import');

  const csv = [
    'first_name,last_name,birth_date,document_number,email,level',
    `Iris,Vega,2011-04-02,${unique(testInfo, 'CSV-1')},iris@example.com,beginner`,
    `Omar,Reyes,1990-09-12,${unique(testInfo, 'CSV-2')},not-an-email,advanced`,
    `Gala,Soto,2008-01-20,${unique(testInfo, 'CSV-3')},gala@example.com,intermediate`,
  ].join('\n');
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(page.getByText('3 rows: 2 ready to import, 1 with errors.')).toBeVisible();
  const preview = page.getByRole('table', { name: 'Rows of the file' });
  await expect(preview.getByRole('row', { name: /Omar/ })).toContainText(
    'Email must be a valid email address.',
  );
  await expectNoSeriousA11yViolations(page, 'import, preview');
  await screenshot(page, testInfo, 'import-preview');

  await page.getByRole('button', { name: 'Import 2 students' }).click();
  const result = page.getByRole('region', { name: '3. Result' });
  await expect(result).toContainText('Imported 2 of 3 rows; 1 skipped.');
  await expect(
    result.getByRole('table', { name: 'Rows not imported' }).getByRole('row').nth(1),
  ).toContainText(/^3.*valid email/);
  await expectNoSeriousA11yViolations(page, 'import, result');
});

test("an instructor takes attendance for one of today's classes, and it is there on reopening", async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'instructor@demo.school');
  await openSection(page, 'Attendance');
  await expect(page.getByRole('combobox', { name: 'Class', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'attendance');
  const classSelect = page.getByRole('combobox', { name: 'Class', exact: true });
  await classSelect.selectOption({ index: testInfo.project.name === 'mobile' ? 2 : 1 });

  const roll = page.getByRole('form', { name: 'Attendance' });
  const first = roll.getByRole('group').first();
  const name = (await first.locator('legend').innerText()).trim();
  await first.getByText('Absent', { exact: true }).click();
  await roll.getByLabel(`Rating for ${name}`).selectOption('4');
  await expectNoSeriousA11yViolations(page, 'attendance, roll of a class');
  await screenshot(page, testInfo, 'attendance');
  await roll.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Attendance saved.' })).toBeVisible();

  await page.reload();
  const reopened = page.getByRole('form', { name: 'Attendance' });
  await expect(reopened.getByText('Attendance was taken for this class today')).toBeVisible();
  await expect(
    reopened.getByRole('group', { name: name }).getByRole('radio', { name: 'absent' }),
  ).toBeChecked();
  await expect(reopened.getByLabel(`Rating for ${name}`)).toHaveValue('4');
});

test('a manager registers a payment in a dialog and previews the monthly charges', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'manager@demo.school');
  await openSection(page, 'Payments');
  await page.getByLabel('Status').selectOption('overdue');
  await expect(page.locator('table[aria-busy="false"]')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'payments');
  const register = page.getByRole('button', { name: /^Register payment of/ }).first();
  const label = (await register.getAttribute('aria-label'))!;
  await register.click();

  const dialog = page.getByRole('dialog', { name: 'Register payment' });
  await dialog.getByLabel('Payment method').selectOption('card');
  await expectNoSeriousA11yViolations(page, 'payments, register dialog');
  await screenshot(page, testInfo, 'payment-dialog');
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Payment registered, receipt R-\d{4}-/ }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  // Paid, it leaves the list of overdue payments.
  await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Generate charges…' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm monthly charges' });
  await expect(confirm).toContainText(
    /charges? will be created for [A-Z][a-z]+ \d{4}|Nothing to charge for [A-Z][a-z]+ \d{4}/,
  );
  await expectNoSeriousA11yViolations(page, 'payments, monthly charges preview');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await screenshot(page, testInfo, 'payments');
});

test('two students entered in a competition get their departure order, and the print list renders', async ({
  page,
}, testInfo) => {
  const category = testInfo.project.name === 'mobile' ? 'Jumping 80 cm' : 'Cross 60 cm';
  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Competitions');
  await expect(page.getByRole('link', { name: /Spring Cup/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'competitions');
  await page.getByRole('link', { name: /Spring Cup/ }).click();
  await expect(page.getByRole('heading', { name: 'Spring Cup', level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'New entry' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'competition');

  const form = page.getByRole('form', { name: 'New entry' });
  for (const rider of ['Lucía García', 'Daniel Ruiz']) {
    await pick(form, 'Rider', rider);
    await form.getByLabel('Category').selectOption(category);
    await form.getByRole('button', { name: 'Enter' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${rider} entered in ${category}.` }),
    ).toBeVisible();
  }
  await page.getByRole('button', { name: 'Recalculate order' }).click();
  // Oldest first: Daniel (1979) departs before Lucía (2012).
  const rows = page.getByRole('region', { name: category }).getByRole('row');
  await expect(rows.nth(1)).toContainText('1Daniel Ruiz');
  await expect(rows.nth(2)).toContainText('2Lucía García');
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText(
    testInfo.project.name === 'mobile' ? 'Expected€100.00' : 'Expected€50.00',
  );

  await page.getByLabel(`Ribbon for Daniel Ruiz`).first().selectOption('blue');
  await page.getByRole('button', { name: 'Record result of Daniel Ruiz' }).first().click();
  await expect(page.getByRole('region', { name: category }).getByRole('row').nth(1)).toContainText(
    '1st place (blue)',
  );
  await expectNoSeriousA11yViolations(page, 'competition, with entries and a result');
  await screenshot(page, testInfo, 'competition');

  await page.getByRole('link', { name: 'Print list' }).click();
  await expect(page.getByRole('heading', { name: 'Spring Cup', level: 1 })).toBeVisible();
  const printed = page.getByRole('region', { name: category });
  await expect(printed.getByRole('row').nth(1)).toContainText('Daniel Ruiz');
  await expectNoSeriousA11yViolations(page, 'print list');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'School' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'print list, print media');
  await screenshot(page, testInfo, 'print-list');
});

test('a viewer sees the records but is offered no create buttons', async ({ page }) => {
  await signInToSchool(page, 'viewer@demo.school');
  await openSection(page, 'Students');
  await expect(page.getByRole('link', { name: 'Lucía García' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New student' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Import CSV' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'students, as a viewer');

  await openSection(page, 'Payments');
  await expect(page.getByRole('columnheader', { name: 'Student' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Register payment/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'payments, as a viewer');
  await expect(page.getByRole('button', { name: 'Generate charges…' })).toHaveCount(0);

  await openSection(page, 'Competitions');
  await expect(page.getByRole('link', { name: /Spring Cup/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New competition' })).toHaveCount(0);
  await page.getByRole('link', { name: /Spring Cup/ }).click();
  await expect(page.getByRole('form', { name: 'New entry' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Recalculate order' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'competition, as a viewer');
});

test('the schedule grid takes a new lesson and an enrollment; horses with their usage, instructors with their week and classes render', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  // Seven days across on a desktop; a day at a time, chosen among seven, on a phone.
  const monday =
    testInfo.project.name === 'mobile'
      ? page.getByRole('group', { name: 'Days' }).getByRole('button', { name: /^Monday / })
      : page.getByRole('heading', { level: 2, name: /^Monday / });
  await expect(monday).toBeVisible();
  await expect(
    page.getByRole('button', { name: /^\d{2}:\d{2}–\d{2}:\d{2} / }).first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'schedule');
  await screenshot(page, testInfo, 'schedule');

  // A new lesson that overlaps the instructor's Wednesday 17:00 is refused beside the field.
  const [start, end] = testInfo.project.name === 'mobile' ? ['21:00', '22:00'] : ['20:00', '21:00'];
  await page.getByRole('button', { name: 'New lesson' }).click();
  const lesson = page.getByRole('dialog', { name: 'New lesson' });
  await lesson.getByLabel('Class').selectOption({ label: 'Dressage basics' });
  await lesson.getByLabel('Instructor').selectOption({ label: 'Carmen Vidal' });
  await lesson.getByLabel('Day').selectOption({ label: 'Wednesday' });
  await lesson.getByLabel('Starts').fill('17:30');
  await lesson.getByLabel('Ends').fill('18:30');
  await lesson.getByRole('button', { name: 'Add lesson' }).click();
  await expect(lesson.getByLabel('Instructor')).toHaveAccessibleDescription(
    'The instructor already has a class on Wednesday from 17:00 to 18:00.',
  );
  await expectNoSeriousA11yViolations(page, 'schedule, new lesson dialog with an error');
  await lesson.getByLabel('Starts').fill(start);
  await lesson.getByLabel('Ends').fill(end);
  await lesson.getByRole('button', { name: 'Add lesson' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The lesson was added to the schedule.' }),
  ).toBeVisible();

  await openLesson(page, 'Wednesday', new RegExp(`^${start}–${end} Dressage basics, Carmen Vidal`));
  await page
    .getByRole('dialog', { name: `Dressage basics, Wednesday ${start}` })
    .getByRole('button', { name: /^Enrol a student/ })
    .click();
  const enroll = page.getByRole('dialog', { name: /^Enrol in Dressage basics/ });
  await selectByName(enroll.getByLabel('Student'), 'Martina Sánchez');
  await expectNoSeriousA11yViolations(page, 'schedule, enrol dialog');
  await enroll.getByRole('button', { name: 'Enrol' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Martina Sánchez was enrolled.' }),
  ).toBeVisible();

  // A row's first action is a button on a phone's card; the others wait behind "More".
  const mobile = testInfo.project.name === 'mobile';
  await openSection(page, 'Horses');
  const canela = page.getByRole('row', { name: /Canela/ });
  await expect(
    canela.getByRole('button', { name: mobile ? 'More actions for Canela' : 'Usage of Canela' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'horses');
  await chooseRowAction(page, canela, 'Usage', 'Canela', mobile, 'Usage of Canela');
  await expect(
    page.getByRole('img', { name: /Classes per day against the limit of 4/ }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'horses, usage of a horse');
  await screenshot(page, testInfo, 'horses');

  await openSection(page, 'Instructors');
  const carmen = page.getByRole('row', { name: /Carmen Vidal/ });
  await expect(
    carmen.getByRole('button', {
      name: mobile ? 'More actions for Carmen Vidal' : 'Week Carmen Vidal',
    }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'instructors');
  await chooseRowAction(page, carmen, 'Week', 'Carmen Vidal', mobile);
  await expect(page.getByRole('region', { name: /^Week / })).toContainText('Monday');
  await expectNoSeriousA11yViolations(page, "instructors, an instructor's week");
  await screenshot(page, testInfo, 'instructors');

  await openSection(page, 'Classes');
  await expect(page.getByRole('cell', { name: /^Show jumping/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'classes');
});

test('the financial report charts a year of income and downloads as CSV', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Reports');
  await expect(page.getByRole('heading', { name: 'Financial report', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /Income per month/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top debtors' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'By kind' })).toContainText('Tuition');
  await expectNoSeriousA11yViolations(page, 'reports');
  await screenshot(page, testInfo, 'reports');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(file, 'utf8')).length).toBeGreaterThan(0);
});

test('an owner invites a member by e-mail and changes the role', async ({ page }, testInfo) => {
  const email = `coach-${testInfo.project.name}@demo.school`;
  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Members');
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('E-mail').fill('not-an-email');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByLabel('E-mail')).toHaveAccessibleDescription(/valid email/);
  await expectNoSeriousA11yViolations(page, 'members, invitation with an error');

  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption('instructor');
  await invite.getByRole('button', { name: 'Invite' }).click();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByLabel(`Role of ${email}`)).toBeVisible();
  await members.getByLabel(`Role of ${email}`).selectOption('manager');
  await expect(
    page.getByRole('status').filter({ hasText: `The role of ${email} is now Manager.` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'members, after a role change');
  await screenshot(page, testInfo, 'members');
});
