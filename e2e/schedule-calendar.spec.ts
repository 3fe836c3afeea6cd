import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousA11yViolations, openSection, screenshot, signInToSchool } from './helpers';
import { expectInViewport, expectNoSidewaysScroll } from './screen';

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A lesson's button is named by its hours first: "17:00–18:00 Dressage basics, …". */
const LESSON = /^\d{2}:\d{2}–\d{2}:\d{2} /;

test('the schedule is a week calendar on a desktop and a day at a time on a phone; a lesson opens with its roster and actions', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  // The week reads as dates ("23 – 29 Nov 2026"), not as an ISO week and two ISO dates.
  await expect(page.getByRole('navigation', { name: 'Weeks' })).toContainText(
    /\d{1,2}( \w{3})?( \d{4})? – \d{1,2} \w{3} \d{4}/,
  );
  const lessons = page.getByRole('button', { name: LESSON });
  await expect(lessons.first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  let lesson: Locator;
  if (testInfo.project.name === 'desktop') {
    // Seven day columns, all in view at 1280 px, today's marked.
    for (const day of WEEK) {
      const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^${day} `) });
      await expect(heading).toBeVisible();
      await expectInViewport(page, heading);
    }
    await expect(
      page
        .getByRole('main')
        .getByRole('heading', { level: 2 })
        .and(page.locator('[aria-current="date"]')),
    ).toHaveCount(1);
    // Every lesson of the week is a button inside the viewport.
    await expect(lessons).not.toHaveCount(0);
    for (const button of await lessons.all()) await expectInViewport(page, button);
    await expectNoSeriousA11yViolations(page, 'schedule calendar, week');
    await screenshot(page, testInfo, 'schedule-week');
    lesson = page
      .getByRole('list', { name: /^Tuesday / })
      .getByRole('button', { name: / of 5 free$/ })
      .first();
  } else {
    // Seven day buttons, today's chosen; the week view is not shown.
    const dayPicker = page.getByRole('group', { name: 'Days' });
    const days = dayPicker.getByRole('button');
    await expect(days).toHaveCount(7);
    for (const button of await days.all()) await expectInViewport(page, button);
    await expect(dayPicker.getByRole('button', { pressed: true })).toHaveCount(1);
    await expect(days.and(page.locator('[aria-current="date"]'))).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // One day's heading: the week's seven columns are not there at this width.
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(1);
    // Another day with lessons: its lessons as cards that fit the phone.
    const tuesday = dayPicker.getByRole('button', { name: /^Tuesday \d+, \d+ lessons?$/ });
    await tuesday.click();
    await expect(tuesday).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 2, name: /^Tuesday / })).toBeVisible();
    await expect(lessons.first()).toBeVisible();
    for (const button of await lessons.all()) await expectInViewport(page, button);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'schedule calendar, a day');
    await screenshot(page, testInfo, 'schedule-day');
    lesson = page.getByRole('button', { name: / of 5 free$/ }).first();
  }

  // A lesson with free places opens in a dialog: its details, roster and actions.
  await lesson.click();
  const dialog = page.getByRole('dialog', { name: /^.+, Tuesday \d{2}:\d{2}$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Instructor', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Level', { exact: true })).toBeVisible();
  const roster = dialog.getByRole('list', { name: /^Enrolled students/ });
  await expect(roster.getByRole('link').first()).toBeVisible();
  // Its actions: all three buttons at 1280 px; on a phone, "Enrol a student" and "More", whose
  // menu holds Edit and the red Delete.
  const mobile = testInfo.project.name === 'mobile';
  const more = dialog.getByRole('button', { name: /^More actions for / });
  const actions = mobile
    ? [dialog.getByRole('button', { name: /^Enrol a student / }), more]
    : [
        dialog.getByRole('button', { name: /^Enrol a student / }),
        dialog.getByRole('button', { name: /^Edit / }),
        dialog.getByRole('button', { name: /^Delete / }),
      ];
  for (const action of actions) {
    await expect(action).toBeVisible();
    await expectInViewport(page, action, { down: true });
  }
  if (mobile) {
    await expect(dialog.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await more.click();
    for (const item of ['Edit', 'Delete']) {
      const menuItem = page.getByRole('menuitem', { name: item, exact: true });
      await expect(menuItem).toBeVisible();
      await expectInViewport(page, menuItem, { down: true });
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page, 'schedule calendar, a lesson');
  await screenshot(page, testInfo, 'schedule-lesson');

  // Delete asks first (beside the button, or in a dialog of its own from a phone's menu);
  // cancelled, the lesson stays.
  let confirm;
  if (mobile) {
    await more.click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    confirm = page.getByRole('dialog', { name: /^Delete .+ from the schedule\?$/ });
  } else {
    await actions[2]!.click();
    confirm = dialog.getByRole('group', { name: /^Delete .+ from the schedule\?$/ });
  }
  await expect(confirm).toBeVisible();
  await expectInViewport(page, confirm.getByRole('button', { name: 'Yes, delete' }), {
    down: true,
  });
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // Escape closes it, and the keyboard is back on the lesson, which Enter opens again.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(lesson).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();

  // Edit opens the lesson's form in the dialog, its first field focused; Cancel closes it.
  if (mobile) {
    await more.click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  } else {
    await dialog.getByRole('button', { name: /^Edit / }).click();
  }
  const edit = page.getByRole('dialog', { name: /^Edit .+, Tuesday \d{2}:\d{2}$/ });
  await expect(edit.getByLabel('Class', { exact: true })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'schedule calendar, editing a lesson');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(lesson).toBeFocused();
});
