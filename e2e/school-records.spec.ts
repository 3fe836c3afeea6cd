import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openLesson,
  openSection,
  screenshot,
  selectByName,
  signInToSchool,
  unique,
} from './helpers';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text });

test('a manager creates an instructor, a class and a horse, sees a 422 beside its field and deletes with a confirmation', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'manager@demo.school');

  await openSection(page, 'Instructors');
  await page.getByRole('button', { name: 'New instructor' }).click();
  const instructor = page.getByRole('dialog', { name: 'New instructor' });
  await instructor.getByLabel('First name').fill('Rosa');
  await instructor.getByLabel('Last name').fill(unique(testInfo, 'Molina'));
  await instructor.getByLabel('Specialties').fill('dressage, jumping');
  await expectNoSeriousA11yViolations(page, 'instructors, new instructor dialog');
  await instructor.getByRole('button', { name: 'Create instructor' }).click();
  await expect(toast(page, `Rosa ${unique(testInfo, 'Molina')} was saved.`)).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(unique(testInfo, 'Molina')) }),
  ).toBeVisible();

  // The server's rule: an individual class has one place (422 beside the field).
  await openSection(page, 'Classes');
  await page.getByRole('button', { name: 'New class' }).click();
  const lesson = page.getByRole('dialog', { name: 'New class' });
  await lesson.getByLabel('Name').fill(unique(testInfo, 'Trail riding'));
  await lesson.getByLabel('Type').selectOption('individual');
  await lesson.getByLabel('Places').fill('4');
  await lesson.getByRole('button', { name: 'Create class' }).click();
  await expect(lesson.getByLabel('Places')).toHaveAccessibleDescription(
    /Places must be 1 for an individual class\.$/,
  );
  await expectNoSeriousA11yViolations(page, 'classes, new class dialog with an error');
  await screenshot(page, testInfo, 'class-form-error');
  await lesson.getByLabel('Type').selectOption('group');
  await lesson.getByRole('button', { name: 'Create class' }).click();
  await expect(toast(page, `${unique(testInfo, 'Trail riding')} was saved.`)).toBeVisible();
  await expect(lesson).toBeHidden();

  // The browser checks with the server's schema before sending anything.
  await openSection(page, 'Horses');
  await page.getByRole('button', { name: 'New horse' }).click();
  const horse = page.getByRole('dialog', { name: 'New horse' });
  await horse.getByLabel('Classes a day at most').fill('30');
  await horse.getByRole('button', { name: 'Create horse' }).click();
  await expect(horse.getByLabel('Name')).toHaveAccessibleDescription('Name is required.');
  await expect(horse.getByLabel('Name')).toBeFocused();
  await expect(horse.getByLabel('Classes a day at most')).toHaveAccessibleDescription(
    'Daily class limit must not be greater than 20.',
  );
  await expectNoSeriousA11yViolations(page, 'horses, new horse dialog with errors');
  const name = unique(testInfo, 'Tormenta');
  await horse.getByLabel('Name').fill(name);
  await horse.getByLabel('Status').selectOption('resting');
  await horse.getByLabel('Classes a day at most').fill('3');
  await horse.getByRole('button', { name: 'Create horse' }).click();
  await expect(toast(page, `${name} was saved.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Resting');
  await expect(row).toContainText('at most 3');
  await screenshot(page, testInfo, 'horses-crud');

  // Delete asks first: beside the button from 768 px, in a dialog from a phone's "More" menu.
  let confirm;
  if (testInfo.project.name === 'mobile') {
    await row.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  } else {
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    confirm = row.getByRole('group', { name: `Delete ${name}?` });
  }
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'horses, delete confirmation');
  await confirm.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(toast(page, `${name} was deleted.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('a lesson created in the grid takes an enrollment, which the student page pauses, resumes and ends', async ({
  page,
}, testInfo) => {
  const [start, end] = testInfo.project.name === 'mobile' ? ['10:00', '11:00'] : ['09:00', '10:00'];
  // Three days from today, whatever the time zones: today's classes (attendance) stay as seeded.
  const day = DAY_NAMES[(new Date().getDay() + 3) % 7]!;
  const title = `Dressage basics, ${day} ${start}`;
  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Schedule');
  await page.getByRole('button', { name: 'New lesson' }).click();
  const form = page.getByRole('dialog', { name: 'New lesson' });
  await form.getByLabel('Class').selectOption({ label: 'Dressage basics' });
  await form.getByLabel('Instructor').selectOption({ label: 'Carmen Vidal' });
  await form.getByLabel('Day').selectOption({ label: day });
  await form.getByLabel('Starts').fill(start);
  await form.getByLabel('Ends').fill(end);
  await form.getByLabel('Places').fill('1');
  await form.getByRole('button', { name: 'Add lesson' }).click();
  await expect(toast(page, 'The lesson was added to the schedule.')).toBeVisible();

  const lessonButton = new RegExp(`^${start}–${end} Dressage basics, Carmen Vidal`);
  await openLesson(page, day, lessonButton);
  await page
    .getByRole('dialog', { name: title })
    .getByRole('button', { name: /^Enrol a student/ })
    .click();
  const enroll = page.getByRole('dialog', { name: `Enrol in ${title}` });
  await enroll.getByLabel('Find by name').fill('Ruiz');
  await selectByName(enroll.getByLabel('Student'), 'Daniel Ruiz');
  await enroll.getByLabel('Horse').selectOption({ label: 'Trueno' });
  await expectNoSeriousA11yViolations(page, 'schedule, enroll dialog with a search');
  await screenshot(page, testInfo, 'enroll-dialog');
  await enroll.getByRole('button', { name: 'Enrol' }).click();
  await expect(toast(page, 'Daniel Ruiz was enrolled.')).toBeVisible();
  await expect(enroll).toBeHidden();

  await openSection(page, 'Students');
  await page.getByRole('link', { name: 'Daniel Ruiz' }).click();
  const enrollments = page.getByRole('region', { name: 'Enrolments' });
  const lesson = `Dressage basics · ${day} ${start}–${end}`;
  await enrollments.getByRole('button', { name: `Pause ${lesson}` }).click();
  await expect(toast(page, 'Dressage basics: paused.')).toBeVisible();
  await enrollments.getByRole('button', { name: `Resume ${lesson}` }).click();
  await expect(toast(page, 'Dressage basics: resumed.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'student, with an enrollment');
  await enrollments.getByRole('button', { name: `End ${lesson}` }).click();
  await expect(enrollments.getByRole('button', { name: 'Yes, end' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'student, end enrollment confirmation');
  await enrollments.getByRole('button', { name: 'Yes, end' }).click();
  await expect(toast(page, 'Dressage basics: enrolment ended.')).toBeVisible();
  await expect(enrollments.getByRole('button', { name: `Pause ${lesson}` })).toHaveCount(0);
  await expect(enrollments.getByText(/Ended enrolments/)).toBeVisible();
  await screenshot(page, testInfo, 'student-enrollments');

  // The lesson keeps its history: deleting it is refused (409), and said so. On a phone, Delete
  // waits behind "More" and asks in a dialog of its own.
  await openSection(page, 'Schedule');
  await openLesson(page, day, lessonButton);
  const lessonDialog = page.getByRole('dialog', { name: title });
  if (testInfo.project.name === 'mobile') {
    await lessonDialog.getByRole('button', { name: `More actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  } else {
    await lessonDialog.getByRole('button', { name: `Delete ${title}` }).click();
  }
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /has history/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'schedule, an error toast');
});

test('a viewer is offered no create, edit or delete on instructors, classes, horses and the schedule', async ({
  page,
}) => {
  await signInToSchool(page, 'viewer@demo.school');
  for (const [section, row] of [
    ['Instructors', 'Carmen Vidal'],
    ['Classes', 'Show jumping'],
    ['Horses', 'Canela'],
  ] as const) {
    await openSection(page, section);
    await expect(page.getByRole('row', { name: new RegExp(row) })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(New|Edit|Delete)/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `${section.toLowerCase()}, as a viewer`);
  }
  await openSection(page, 'Schedule');
  const lessons = page.getByRole('button', { name: /^\d{2}:\d{2}–\d{2}:\d{2} / });
  await expect(lessons.first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^(New|Edit|Delete|Enrol)/ })).toHaveCount(0);
  // A lesson opens for a viewer too, with its roster and no action.
  await lessons.first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(
    page.getByRole('dialog').getByRole('button', { name: /^(Enrol|Edit|Delete)/ }),
  ).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'schedule, as a viewer');
});
