import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInAs, openSection } from './helpers';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
}

test("a stud owner is notified of the stud's verification, reads it, and changes a preference", async ({
  page,
}) => {
  // The owner signs in once, so that the stud's invitation is theirs.
  await signInAs(page, 'owner@demo.school');
  await expect(page.getByRole('link', { name: /Demo Stud Farm/ })).toBeVisible();
  await signOut(page);

  // A platform administrator decides the stud's verification (either way it is a decision).
  await signInAs(page, 'admin@demo.school');
  await page.getByRole('link', { name: 'Administration' }).click();
  await openSection(page, 'Organizations', 'Administration');
  await page.getByRole('button', { name: 'Edit Demo Stud Farm' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit organization' });
  const verified = edit.getByLabel('Verified');
  await verified.setChecked(!(await verified.isChecked()));
  await edit.getByRole('button', { name: 'Save organization' }).click();
  await expect(edit).toBeHidden();
  await signOut(page);

  await signInAs(page, 'owner@demo.school');
  const bell = page.getByRole('button', { name: /Notifications, \d+ unread/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const notice = panel
    .getByRole('button', { name: /Demo Stud Farm is (no longer )?verified/ })
    .first();
  await expect(notice).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'notification panel');
  await notice.click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();

  // The profile: choose to get "A task is due" by e-mail too (or no longer), and it stays.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('link', { name: 'Choose your notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
  const taskByEmail = page.getByLabel('E-mail: A task is due');
  const wanted = !(await taskByEmail.isChecked());
  await taskByEmail.setChecked(wanted);
  await expect(page.getByLabel('In the app: A dispute was opened')).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'profile');
  await page.getByRole('button', { name: 'Save notification choices' }).click();
  await expect(page.getByText('Your notification choices were saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('E-mail: A task is due')).toBeChecked({ checked: wanted });
});
