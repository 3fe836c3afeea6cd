import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot, signInToSchool, unique } from './helpers';
import { expectInViewport, expectNoSidewaysScroll, stepCounter, type Steps } from './screen';

/*
 * The school office's everyday paths (issue 26), counted in steps from the dashboard: a step
 * is one click, one choice in a select or one field filled. Each path must take at most six,
 * at both widths (on a phone the navigation costs one more, behind "Menu").
 */

const MAX_STEPS = 6;

/** A section of the school navigation, counting "Menu" where the screen hides it. */
async function openSectionCounted(page: Page, steps: Steps, label: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await steps.step('Menu', () => menu.click());
  await steps.step(label, () =>
    page
      .getByRole('navigation', { name: 'School' })
      .getByRole('link', { name: label, exact: true })
      .click(),
  );
}

/** The school's id, from the address of one of its pages. */
const schoolIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[2]!;

/** Each control lies within the screen's width (nothing to act on off a phone's screen). */
async function expectWithinScreen(page: Page, controls: Locator[]) {
  for (const control of controls) await expectInViewport(page, control);
}

const DAY = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' } as const;

/** `date` (`YYYY-MM-DD`) moved by `days`. */
function addDays(date: string, days: number) {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** `Fri 27 Nov`, as the attendance page names a day (with its year when not `today`'s). */
const dayLabel = (date: string, today: string) =>
  new Intl.DateTimeFormat('en-GB', {
    ...DAY,
    ...(date.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
  }).format(new Date(`${date}T12:00:00Z`));

test('the office finds a student’s unpaid charge, registers its payment in six steps at most and prints the receipt', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'owner@demo.school');
  // A charge of Sofía López of the demo data, of this run's own: the demo's unpaid charges are
  // paid by other paths.
  const schoolId = schoolIdOf(page);
  const description = unique(testInfo, 'Lesson pack');
  const found = await page.request.get(
    `/api/schools/${schoolId}/students?search=${encodeURIComponent('Sofía López')}`,
  );
  const sofia = (await found.json()).data[0];
  const charged = await page.request.post(`/api/schools/${schoolId}/payments`, {
    data: { student_id: sofia.id, amount: 60, due_date: '2026-01-15', description },
  });
  expect(charged.status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Demo Riding School', level: 1 })).toBeVisible();

  const steps = stepCounter();
  await openSectionCounted(page, steps, 'Payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search' });
  const status = page.getByLabel('Status');
  const sort = page.getByLabel('Sort by');
  await expectWithinScreen(page, [
    search,
    status,
    sort,
    page.getByRole('button', { name: 'New charge' }),
    page.getByRole('link', { name: 'Financial report (CSV)' }),
  ]);
  await expectNoSeriousA11yViolations(page, 'payments');

  await steps.step('Search', () => search.fill('Sofía López'));
  await steps.step('Unpaid', () => status.selectOption({ label: 'Unpaid (pending or overdue)' }));
  // The filters are in the address: a reload or a shared link shows the same list.
  await expect(page).toHaveURL(/[?&]status=unpaid/);
  await expect(page).toHaveURL(/[?&]search=Sof/);
  const row = page.getByRole('row', { name: new RegExp(description) });
  await expect(row).toContainText('Overdue');
  await expect(row).toContainText('€60.00');
  await expect(row).toContainText('15 Jan 2026');
  await expectNoSeriousA11yViolations(page, 'payments, searched and unpaid');
  await screenshot(page, testInfo, 'office-payments-unpaid');

  await steps.step('Register payment', () =>
    row.getByRole('button', { name: `Register payment of Sofía López, ${description}` }).click(),
  );
  const dialog = page.getByRole('dialog', { name: 'Register payment' });
  // The method in words; cash is the default, no step needed.
  await expect(dialog.getByLabel('Payment method')).toHaveValue('cash');
  await expect(dialog.getByRole('option', { name: 'Mobile wallet' })).toBeAttached();
  await expect(dialog.getByRole('option', { name: 'Bank transfer' })).toBeAttached();
  await expectWithinScreen(page, [dialog.getByRole('button', { name: 'Confirm payment' })]);
  await expectNoSeriousA11yViolations(page, 'payments, register dialog');
  await steps.step('Confirm payment', () =>
    dialog.getByRole('button', { name: 'Confirm payment' }).click(),
  );

  const registered = page
    .getByRole('status')
    .filter({ hasText: /Payment registered, receipt R-\d{4}-\d+/ });
  await expect(registered).toBeVisible();
  expect(steps.count, steps.steps.join(' → ')).toBeLessThanOrEqual(MAX_STEPS);
  const receiptNumber = /R-\d{4}-\d+/.exec((await registered.textContent()) ?? '')![0];
  await expect(dialog).toBeHidden();
  // Paid, it leaves the unpaid list; the page keeps the way to its receipt.
  await expect(page.getByRole('row', { name: new RegExp(description) })).toHaveCount(0);

  await page.getByRole('link', { name: 'Open receipt' }).click();
  const receipt = page.getByRole('article', { name: 'Payment receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText('Demo Riding School');
  await expect(receipt).toContainText(receiptNumber);
  await expect(receipt).toContainText('Sofía López');
  await expect(receipt).toContainText(description);
  await expect(receipt).toContainText('€60.00');
  await expect(receipt).toContainText('Cash');
  await expect(receipt).toContainText('Registered by');
  await expectNoSidewaysScroll(page);
  await expectWithinScreen(page, [page.getByRole('button', { name: 'Print' })]);
  await expectNoSeriousA11yViolations(page, 'payment receipt');
  await screenshot(page, testInfo, 'office-receipt');

  // On paper only the receipt: no navigation, no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'School' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Back to payments' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'payment receipt, print media');
  await screenshot(page, testInfo, 'office-receipt-print');
  await page.emulateMedia({ media: 'screen' });

  // The paid charge links its receipt from the list too.
  await page.getByRole('link', { name: 'Back to payments' }).click();
  await page.getByLabel('Status').selectOption('paid');
  await page.getByRole('searchbox', { name: 'Search' }).fill(receiptNumber);
  const paid = page.getByRole('row', { name: new RegExp(description) });
  await expect(paid).toContainText('Paid');
  await paid.getByRole('link', { name: `Receipt of Sofía López, ${description}` }).click();
  await expect(page.getByRole('article', { name: 'Payment receipt' })).toContainText(receiptNumber);
});

test('the office takes attendance for yesterday’s class in six steps at most; a day to come is refused', async ({
  page,
}, testInfo) => {
  await signInToSchool(page, 'owner@demo.school');
  const steps = stepCounter();
  await openSectionCounted(page, steps, 'Attendance');
  const date = page.getByLabel('Date', { exact: true });
  // Today in the school's time zone is the field's default and its latest day.
  const today = (await date.getAttribute('max'))!;
  await expect(date).toHaveValue(today);
  const yesterday = addDays(today, -1);

  await steps.step('Date', () => date.fill(yesterday));
  await expect(page).toHaveURL(new RegExp(`[?&]date=${yesterday}`));
  await expect(page.getByText(`Taking attendance for ${dayLabel(yesterday, today)}`)).toBeVisible();
  const classSelect = page.getByRole('combobox', { name: 'Class', exact: true });
  await expectWithinScreen(page, [date, classSelect]);
  await expectNoSeriousA11yViolations(page, 'attendance, yesterday');
  await steps.step('Class', () =>
    classSelect.selectOption({ index: testInfo.project.name === 'mobile' ? 2 : 1 }),
  );
  await expect(page).toHaveURL(/[?&]schedule=/);

  const roll = page.getByRole('form', { name: 'Attendance' });
  const first = roll.getByRole('group').first();
  const name = (await first.locator('legend').innerText()).trim();
  await steps.step('Absent', () => first.getByText('Absent', { exact: true }).click());
  await expectNoSeriousA11yViolations(page, 'attendance, yesterday’s roll');
  await screenshot(page, testInfo, 'office-attendance-yesterday');
  await steps.step('Save attendance', () =>
    roll.getByRole('button', { name: 'Save attendance' }).click(),
  );
  await expect(page.getByRole('status').filter({ hasText: 'Attendance saved.' })).toBeVisible();
  expect(steps.count, steps.steps.join(' → ')).toBeLessThanOrEqual(MAX_STEPS);

  // The address keeps the day and the class: a reload shows what was recorded for that day.
  await page.reload();
  const reopened = page.getByRole('form', { name: 'Attendance' });
  await expect(
    reopened.getByText(`Attendance was taken for this class on ${dayLabel(yesterday, today)}`),
  ).toBeVisible();
  await expect(
    reopened.getByRole('group', { name }).getByRole('radio', { name: 'Absent' }),
  ).toBeChecked();
  await expectNoSidewaysScroll(page);

  // A day to come, reached by its address: the server's refusal is said in the form.
  const tomorrow = addDays(today, 1);
  await page.goto(`/schools/${schoolIdOf(page)}/attendance?date=${tomorrow}`);
  await expect(page.getByText('a day still to come')).toBeVisible();
  await page.getByRole('combobox', { name: 'Class', exact: true }).selectOption({ index: 1 });
  const ahead = page.getByRole('form', { name: 'Attendance' });
  await ahead.getByRole('button', { name: 'Save attendance' }).click();
  await expect(ahead.getByRole('alert')).toContainText('Not saved. Date cannot be in the future.');
  await expectNoSeriousA11yViolations(page, 'attendance, a day to come refused');
});
