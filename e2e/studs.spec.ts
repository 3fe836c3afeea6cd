import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signInToSchool } from './helpers';

test('an owner switches from the school to the stud and sees its shell and members', async ({
  page,
}) => {
  await signInToSchool(page, 'owner@demo.school');

  await page.getByLabel('Organization').selectOption({ label: 'Demo Stud Farm' });
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await expect(page.getByText('Income this month', { exact: true })).toBeVisible();
  await expect(page.getByText('Your role:')).toContainText('Owner');
  await expectNoSeriousA11yViolations(page, 'stud overview');

  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'Stud' })
    .getByRole('link', { name: 'Members' })
    .click();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByLabel('Role of staff@demo.stud')).toBeVisible();
  // A stud offers its own roles: staff, never a school's instructor.
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await expect(invite.getByLabel('Role').locator('option')).toHaveText([
    'Owner',
    'Manager',
    'Staff',
    'Viewer',
  ]);
  await expectNoSeriousA11yViolations(page, 'stud members');

  // The stud's own settings: a time zone that does not exist is refused beside its field.
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'Stud' })
    .getByRole('link', { name: 'Settings', exact: true })
    .click();
  const settings = page.getByRole('form', { name: 'Stud settings' });
  await expect(settings.getByLabel('Name')).toHaveValue('Demo Stud Farm');
  await settings.getByLabel('Time zone').fill('Mars/Olympus');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByText(/valid IANA time zone/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'stud settings');

  // And back to the school through the same switcher.
  await page.getByLabel('Organization').selectOption({ label: 'Demo Riding School' });
  await expect(page.getByRole('heading', { name: 'Demo Riding School', level: 1 })).toBeVisible();
});
