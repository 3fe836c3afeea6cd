import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, openSection, signInToSchool, unique } from './helpers';

/*
 * A form's messages name a field by its label, as the person sees it (issue 26): the form's
 * own check before sending and the server's 422 alike, never by the API's field name
 * ("The student id field is required.").
 */

/** The error messages shown beside the refused fields of `scope` (`FormField`'s `-error`). */
function fieldMessages(scope: Page | Locator): Promise<string[]> {
  return scope.locator('[aria-invalid="true"]').evaluateAll((controls) =>
    controls.flatMap((control) =>
      (control.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter((id) => id.endsWith('-error'))
        .map((id) => document.getElementById(id)?.textContent ?? ''),
    ),
  );
}

/** Some messages are shown, and none speaks of a field by its API name. */
async function expectLabelledMessages(scope: Page | Locator) {
  const messages = await fieldMessages(scope);
  expect(messages.length, 'messages beside the refused fields').toBeGreaterThan(0);
  for (const message of messages) expect(message).not.toMatch(/_|\bid\b/i);
}

test('form messages name the fields by their labels, before sending and from the server', async ({
  page,
}, testInfo) => {
  const firstName = 'Olga';
  const lastName = unique(testInfo, 'Mensajes');
  await signInToSchool(page, 'owner@demo.school');

  // The new student's form, sent empty: the browser's check with the shared schema.
  await openSection(page, 'Students');
  await page.getByRole('link', { name: 'New student' }).click();
  await expect(page.getByRole('heading', { name: 'New student', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription(
    'First name is required.',
  );
  await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Last name is required.');
  await expectLabelledMessages(page);
  await expectNoSeriousA11yViolations(page, 'new student, sent empty');

  // A bad value.
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Create student' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Email must be a valid email address.',
  );
  await expectLabelledMessages(page);

  // Enrolling the new student without a lesson: a choice is asked for by its label.
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Create and enrol' }).click();
  const enrol = page.getByRole('dialog', { name: `Enrol ${firstName} ${lastName}` });
  await expect(enrol).toBeVisible();
  await enrol.getByRole('button', { name: 'Enrol', exact: true }).click();
  await expect(enrol.getByLabel('Lesson')).toHaveAccessibleDescription(/Choose a lesson\.$/);
  await expectLabelledMessages(enrol);
  await expectNoSeriousA11yViolations(page, 'enrol dialog, no lesson');
  await enrol.getByRole('button', { name: 'Cancel' }).click();
  await expect(enrol).toBeHidden();

  // A new lesson sent empty: its selects, required by the shared schema, ask for a choice.
  await openSection(page, 'Schedule');
  await page.getByRole('button', { name: 'New lesson' }).click();
  const newLesson = page.getByRole('dialog', { name: 'New lesson' });
  await newLesson.getByRole('button', { name: 'Add lesson' }).click();
  await expect(newLesson.getByLabel('Class')).toHaveAccessibleDescription('Choose a class.');
  await expect(newLesson.getByLabel('Instructor')).toHaveAccessibleDescription(
    'Choose an instructor.',
  );
  await expectLabelledMessages(newLesson);
  await newLesson.getByRole('button', { name: 'Cancel' }).click();
  await expect(newLesson).toBeHidden();

  // The server's rule (an individual class has one place): its 422 beside the field, by label.
  await openSection(page, 'Classes');
  await page.getByRole('button', { name: 'New class' }).click();
  const newClass = page.getByRole('dialog', { name: 'New class' });
  await newClass.getByLabel('Name').fill(unique(testInfo, 'Messages class'));
  await newClass.getByLabel('Type').selectOption('individual');
  await newClass.getByLabel('Places').fill('4');
  await newClass.getByRole('button', { name: 'Create class' }).click();
  await expect(newClass.getByLabel('Places')).toHaveAccessibleDescription(
    /Places must be 1 for an individual class\.$/,
  );
  await expectLabelledMessages(newClass);
});
