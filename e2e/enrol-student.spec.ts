import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations, openSection, signInToSchool, unique } from './helpers';
import { stepCounter } from './screen';

/*
 * The daily task "add a student and enrol them" (issue 26), counted in steps: a step is one
 * click, one choice in a select or one field filled; waiting and checking are not steps.
 * From the dashboard, through its "New student" quick action, to an enrolled student takes at
 * most 6 steps, at 1280 and at 375 px (no "Menu" on a phone: the action is on the dashboard).
 * Enrolling a student already on the books is counted from the Students page.
 */

/** The value of the first option of `select` matching `option`, once it is there. */
async function optionValue(select: Locator, option: Locator): Promise<string> {
  await expect(option).toBeAttached();
  const value = await option.getAttribute('value');
  expect(value, `an option of ${await select.getAttribute('id')}`).toBeTruthy();
  return value!;
}

test('a new student is warned of a duplicate, then enrolled from their page in a lesson and a free horse in at most 6 steps', async ({
  page,
}, testInfo) => {
  const firstName = 'Inés';
  const lastName = unique(testInfo, 'Paredes');
  const fullName = `${firstName} ${lastName}`;
  const birthDate = '2015-04-02';
  // The birth date as the pages write it.
  const bornOn = '2 Apr 2015';
  await signInToSchool(page, 'owner@demo.school');

  // Adding the student and enrolling them: from the dashboard, where signing in lands, its
  // "New student" quick action; "Create and enrol" opens the new student's page with its enrol
  // dialog; the horse can wait.
  await expect(page.getByRole('heading', { name: 'Demo Riding School', level: 1 })).toBeVisible();
  const adding = stepCounter();
  await adding.step('New student', () => page.getByRole('link', { name: 'New student' }).click());
  await expect(page.getByRole('heading', { name: 'New student', level: 1 })).toBeVisible();
  await adding.step('First name', () => page.getByLabel('First name').fill(firstName));
  await adding.step('Last name', () => page.getByLabel('Last name').fill(lastName));
  await adding.step('Create and enrol', () =>
    page.getByRole('button', { name: 'Create and enrol' }).click(),
  );
  // The new student's page, its enrol dialog already open.
  const first = page.getByRole('dialog', { name: `Enrol ${fullName}` });
  await expect(first).toBeVisible();
  await expect(page).toHaveURL(/\/students\/[0-9a-f-]{36}\?enrol=1$/);
  const firstLesson = first.getByLabel('Lesson');
  const ponies = (dialogLesson: Locator) =>
    dialogLesson.locator('option:not([disabled])', { hasText: /Ponies for kids.* free/ }).first();
  const firstPonies = await optionValue(firstLesson, ponies(firstLesson));
  await adding.step('Lesson', () => firstLesson.selectOption(firstPonies));
  await adding.step('Enrol', () =>
    first.getByRole('button', { name: 'Enrol', exact: true }).click(),
  );
  await expect(
    page.getByRole('status').filter({ hasText: `${fullName} was enrolled in Ponies for kids.` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: fullName, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Enrolments' })).toContainText('Ponies for kids');
  expect(adding.steps).toEqual([
    'New student',
    'First name',
    'Last name',
    'Create and enrol',
    'Lesson',
    'Enrol',
  ]);
  expect(adding.count).toBeLessThanOrEqual(6);
  // Once closed, the dialog does not come back with a reload.
  await expect(page).not.toHaveURL(/enrol=1/);

  // Their birth date, on the student's edit page, for the duplicate check below.
  await page.getByRole('link', { name: 'Edit', exact: true }).first().click();
  await page.getByLabel('Birth date').fill(birthDate);
  await page.getByRole('button', { name: 'Save student' }).click();
  // Exact: the edit page's own heading ("Edit …") contains the name too.
  await expect(page.getByRole('heading', { name: fullName, exact: true, level: 1 })).toBeVisible();

  // The same name and birth date again: a warning naming the student, not a refusal.
  await openSection(page, 'Students');
  await page.getByRole('link', { name: 'New student' }).click();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Birth date').fill(birthDate);
  await page.getByRole('button', { name: 'Create student' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Possible duplicate' });
  await expect(warning).toContainText(`Possible duplicate: ${fullName}, born ${bornOn} (open`);
  await expect(warning.getByRole('link', { name: /^open/ })).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Create anyway' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new student, possible duplicate');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'New student', level: 1 })).toBeVisible();

  // From the Students page to the student enrolled in a lesson with a free horse.
  await openSection(page, 'Students');
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
  const enrolling = stepCounter();
  await enrolling.step('Search', () =>
    page.getByRole('searchbox', { name: 'Search', exact: true }).fill(lastName),
  );
  await enrolling.step('Open the student', () =>
    page.getByRole('link', { name: fullName, exact: true }).click(),
  );
  await enrolling.step('Enrol in a class', () =>
    page.getByRole('button', { name: 'Enrol in a class' }).click(),
  );
  const dialog = page.getByRole('dialog', { name: `Enrol ${fullName}` });

  // A beginner may take a beginners' lesson with a place; a class above her level is refused.
  const lesson = dialog.getByLabel('Lesson');
  await expect(
    lesson.locator('option[disabled]', { hasText: 'for advanced riders' }).first(),
  ).toBeAttached();
  // Another of the beginners' lessons: the one she already takes is shown taken.
  await expect(
    lesson.locator('option[disabled]', { hasText: 'already enrolled' }).first(),
  ).toBeAttached();
  const nextPonies = await optionValue(lesson, ponies(lesson));
  await enrolling.step('Lesson', () => lesson.selectOption(nextPonies));

  // Two of the demo's horses ride in each lesson: shown busy with their time and class.
  const horse = dialog.getByLabel('Horse');
  await expect(
    horse.locator('option[disabled]', { hasText: /busy \d{2}:\d{2}–\d{2}:\d{2} \(/ }).first(),
  ).toBeAttached();
  await expect(horse.locator('option[disabled]', { hasText: 'resting' }).first()).toBeAttached();
  const free = horse.locator('option:not([disabled]):not([value=""])').first();
  const freeName = ((await free.textContent()) ?? '').split(' · ')[0]!;
  await enrolling.step('Horse', async () => horse.selectOption(await optionValue(horse, free)));
  await expectNoSeriousA11yViolations(page, 'student, enrol dialog');

  await enrolling.step('Enrol', () =>
    dialog.getByRole('button', { name: 'Enrol', exact: true }).click(),
  );
  await expect(
    page.getByRole('status').filter({ hasText: `${fullName} was enrolled in Ponies for kids.` }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const enrollments = page.getByRole('region', { name: 'Enrolments' });
  await expect(enrollments).toContainText('Ponies for kids');
  await expect(enrollments).toContainText(freeName);

  expect(enrolling.steps).toEqual([
    'Search',
    'Open the student',
    'Enrol in a class',
    'Lesson',
    'Horse',
    'Enrol',
  ]);
  expect(enrolling.count).toBeLessThanOrEqual(6);
});
