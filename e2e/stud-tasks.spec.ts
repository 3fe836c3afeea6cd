import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openStudSection,
  screenshot,
  signInAs,
  unique,
} from './helpers';

/** Today as the date inputs hold it (the machine's calendar day). */
function today() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

test('a stud owner adds a task for themself due today, completes it and sees it leave the open list', async ({
  page,
}, testInfo) => {
  const title = unique(testInfo, 'Check the water troughs');
  // On a phone an open task keeps "Complete" a button; Edit and Delete go behind "More".
  const mobile = testInfo.project.name === 'mobile';

  await signInAs(page, 'owner@demo.stud');
  await page.getByRole('link', { name: /Demo Stud Farm/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await openStudSection(page, 'Tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My tasks' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const search = page.getByRole('search');
  await expect(search.getByLabel('Status')).toHaveValue('open');

  // Everyone's tasks: the demo's, a medical one overdue, in red, and one about a client.
  await page.getByRole('tab', { name: 'All' }).click();
  const list = page.getByRole('list', { name: 'Tasks' });
  const pedro = list.getByRole('listitem', { name: 'Call Pedro about a booking for Valiente' });
  await expect(pedro.getByRole('link', { name: 'Pedro Ruiz' })).toBeVisible();
  await page.getByRole('tab', { name: 'Overdue' }).click();
  const shoes = list.getByRole('listitem', { name: 'Due: Front shoes' });
  await expect(shoes).toContainText('Overdue');
  await expect(shoes).toContainText('Medical');
  await expect(shoes.getByRole('link', { name: 'Valiente' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'overdue tasks');
  await screenshot(page, testInfo, 'stud-tasks-overdue');

  // A new task for oneself: a time without a date is refused beside the time.
  await page.getByRole('tab', { name: 'My tasks' }).click();
  await page.getByRole('button', { name: 'New task' }).click();
  const form = page.getByRole('dialog', { name: 'New task' }).getByRole('form', {
    name: 'New task',
  });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Due time').fill('09:30');
  const assignee = form.getByLabel('Assignee');
  const you = assignee.locator('option', { hasText: '(you)' });
  await expect(you).toHaveCount(1);
  await assignee.selectOption((await you.getAttribute('value'))!);
  await form.getByLabel('Priority').selectOption('high');
  await form.getByLabel('Horse').selectOption({ label: 'Luna' });
  await form.getByRole('button', { name: 'Add task' }).click();
  await expect(form.getByLabel('Due time')).toHaveAccessibleDescription(/requires a due date/);
  await expectNoSeriousA11yViolations(page, 'new task, refused');
  await screenshot(page, testInfo, 'stud-tasks-new');

  await form.getByLabel('Due on').fill(today());
  await form.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByRole('dialog', { name: 'New task' })).toBeHidden();

  // Under "My tasks", open: due today at 09:30, high priority, linked to the mare.
  const task = list.getByRole('listitem', { name: title });
  await expect(task).toContainText('09:30');
  await expect(task).toContainText('High priority');
  await expect(task).not.toContainText('Unassigned');
  await expect(task.getByRole('link', { name: 'Luna' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'my tasks');
  await screenshot(page, testInfo, 'stud-tasks');

  // Editing sends what changed; the rest stays.
  if (mobile) {
    await task.getByRole('button', { name: `More actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
  } else {
    await task.getByRole('button', { name: `Edit ${title}` }).click();
  }
  const edit = page.getByRole('dialog', { name: 'Edit task' });
  await expect(edit.getByLabel('Due on')).toHaveValue(today());
  await edit.getByLabel('Priority').selectOption('low');
  await edit.getByRole('button', { name: 'Save task' }).click();
  await expect(edit).toBeHidden();
  await expect(task).toContainText('Low priority');
  await expect(task).toContainText('09:30');

  // Completing it takes it off the open list.
  await task.getByRole('button', { name: `Complete ${title}` }).click();
  await expect(list.getByRole('listitem', { name: title })).toHaveCount(0);
  await expect(page.getByText('No open tasks assigned to you.')).toBeVisible();

  // Among the done ones it is; deleting it asks first.
  await search.getByLabel('Status').selectOption('done');
  const done = list.getByRole('listitem', { name: title });
  await expect(done).toContainText('Done');
  await expect(done.getByRole('button', { name: `Complete ${title}` })).toHaveCount(0);
  await done.getByRole('button', { name: `Delete ${title}` }).click();
  await done.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(list.getByRole('listitem', { name: title })).toHaveCount(0);
});

test('a viewer only reads the tasks; staff may add, complete and edit them but not delete', async ({
  page,
}, testInfo) => {
  const pedro = 'Call Pedro about a booking for Valiente';

  await signInAs(page, 'viewer@demo.stud');
  await page.getByRole('link', { name: /Demo Stud Farm/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await openStudSection(page, 'Tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  const list = page.getByRole('list', { name: 'Tasks' });
  await expect(list.getByRole('listitem', { name: pedro })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New task' })).toHaveCount(0);
  await expect(list.getByRole('button')).toHaveCount(0);

  // The same browser, signed in anew as a staff member.
  await page.context().clearCookies();
  await signInAs(page, 'staff@demo.stud');
  await page.getByRole('link', { name: /Demo Stud Farm/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await openStudSection(page, 'Tasks');
  await page.getByRole('tab', { name: 'All' }).click();
  const item = page.getByRole('list', { name: 'Tasks' }).getByRole('listitem', { name: pedro });
  await expect(item.getByRole('button', { name: `Complete ${pedro}` })).toBeVisible();
  await expect(item.getByRole('button', { name: `Edit ${pedro}` })).toBeVisible();
  await expect(item.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New task' })).toBeVisible();

  // Staff assign to any member who has signed in (the owner and viewer above, and themselves).
  await item.getByRole('button', { name: `Edit ${pedro}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit task' }).getByRole('form', {
    name: 'Edit task',
  });
  await expect(form.getByLabel('Title')).toHaveValue(pedro);
  await expect(form.getByLabel('Client')).toHaveValue('Pedro Ruiz');
  const options = form.getByLabel('Assignee').locator('option');
  await expect(options.filter({ hasText: '(you)' })).toHaveCount(1);
  // "Unassigned" and at least the three members who signed in here (other specs add theirs).
  expect(await options.count()).toBeGreaterThanOrEqual(4);
  await expectNoSeriousA11yViolations(page, 'edit task as staff');
  await screenshot(page, testInfo, 'stud-tasks-edit');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit task' })).toBeHidden();
});
