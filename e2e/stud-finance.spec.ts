import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, openStudSection, screenshot, signInAs } from './helpers';

/**
 * Nothing wider than the window, and every control of the page within it: the page does not
 * scroll sideways and no button, link or field lies beyond the 375 px of a phone.
 */
async function expectAllWithin(page: Page) {
  const { scrollWidth, innerWidth, outside } = await page.evaluate(() => {
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('main button, main a[href], main input, main select'),
    ).filter(
      (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      outside: controls
        .filter((el) => {
          const box = el.getBoundingClientRect();
          // Inside a scrolling table the control scrolls into view with it.
          return !el.closest('.table-wrap') && (box.left < -1 || box.right > window.innerWidth + 1);
        })
        .map((el) => el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName),
    };
  });
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  expect(outside).toEqual([]);
}

/** An amount as the page writes it (`€1,234.50`) as a number. */
const amountOf = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

/** A figure of the dashboard: the value of the tile with that label. */
async function figure(page: Page, label: string) {
  const tile = page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
  return amountOf(await tile.locator('strong').innerText());
}

async function openDashboard(page: Page) {
  await openStudSection(page, 'Overview');
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await expect(page.getByText('Income this month', { exact: true })).toBeVisible();
}

test('a stud owner records a payment and sees it on the dashboard', async ({ page }, testInfo) => {
  // Both widths run against one database: a receivable each, paid in full.
  const mobile = testInfo.project.name === 'mobile';
  const description = `Boarding of Luna, one month (${testInfo.project.name})`;
  const amount = 180;

  await signInAs(page, 'owner@demo.stud');
  await page.getByRole('link', { name: /Demo Stud Farm/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await expect(page.getByText('Pending receivables', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /Income and expenses per month/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'stud dashboard');
  await expectAllWithin(page);
  await screenshot(page, testInfo, 'stud-dashboard');

  // Finance: the open receivables with their ageing; a new one for María García.
  await openStudSection(page, 'Finance');
  await expect(page.getByRole('heading', { name: 'Finance', level: 1 })).toBeVisible();
  await expect(page.getByText('Outstanding by days past due')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'finance receivables');
  await expectAllWithin(page);
  await page.getByRole('button', { name: 'New receivable' }).first().click();
  const form = page.getByRole('dialog', { name: 'New receivable' });
  await form.getByRole('combobox', { name: 'Client', exact: true }).fill('María');
  await form.getByRole('option', { name: /^María García/ }).click();
  await form.getByLabel('Kind').selectOption('boarding');
  await form.getByLabel('Description').fill(description);
  await form.getByLabel(/^Amount/).fill(String(amount));
  await expectNoSeriousA11yViolations(page, 'new receivable');
  await form.getByRole('button', { name: 'Add receivable' }).click();
  await expect(form).toBeHidden();
  const receivable = mobile
    ? page.getByRole('listitem', { name: `${description} of María García` })
    : page.getByRole('row', { name: new RegExp(description.replace(/[()]/g, '\\$&')) });
  await expect(receivable).toBeVisible();

  // The dashboard's money before the payment, the new receivable counted.
  await openDashboard(page);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Pending receivables', { exact: true })).toBeVisible();
  }).toPass();
  const pendingBefore = await figure(page, 'Pending receivables');
  const incomeBefore = await figure(page, 'Income this month');
  expect(pendingBefore).toBeGreaterThanOrEqual(amount);

  // Record payment: the amount is what is outstanding; more than that is refused beside it.
  // The row's first action, it is a button at both widths (Edit and Cancel fold on a phone).
  await openStudSection(page, 'Finance');
  await expect(receivable).toBeVisible();
  await receivable.getByRole('button', { name: /^Record payment/ }).click();
  const pay = page.getByRole('dialog', { name: 'Record payment' });
  const amountBox = pay.getByLabel(/^Amount/);
  await expect(amountBox).toHaveValue(String(amount));
  await pay.getByLabel('Method').selectOption('cash');
  await amountBox.fill(String(amount + 50));
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(amountBox).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'record payment refused');
  await expectAllWithin(page);
  await screenshot(page, testInfo, 'stud-record-payment');
  await amountBox.fill(String(amount));
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  // Paid in full, it leaves the open receivables.
  await expect(receivable).toBeHidden();

  // Its receipt among the payments.
  await page.getByRole('tab', { name: 'Payments' }).click();
  const payments = page.getByRole(mobile ? 'list' : 'table', { name: 'Payments' });
  await expect(payments).toContainText(description);
  await expectNoSeriousA11yViolations(page, 'finance payments');
  await expectAllWithin(page);

  // The dashboard: the month's income grew and the pending amount shrank by the payment.
  await openDashboard(page);
  await expect(async () => {
    expect(await figure(page, 'Income this month')).toBeCloseTo(incomeBefore + amount, 2);
    expect(await figure(page, 'Pending receivables')).toBeCloseTo(pendingBefore - amount, 2);
  }).toPass({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'stud dashboard after the payment');

  // The reports, ready to print.
  await openStudSection(page, 'Reports');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    /\/reports\/financial\?format=csv&start_date=\d{4}-01-01&end_date=/,
  );
  await expect(page.getByRole('heading', { name: 'Receivables by age' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'stud reports');
  await expectAllWithin(page);
  await screenshot(page, testInfo, 'stud-reports');

  // María García's page: what she owes and has paid, this receivable paid in full among it.
  await openStudSection(page, 'Clients');
  await page.getByRole('link', { name: 'María García', exact: true }).first().click();
  const owed = page.getByRole('list', { name: 'Receivables of María García' });
  await expect(owed.getByRole('listitem').filter({ hasText: description })).toContainText(
    '€180.00 paid of €180.00',
  );
  await expectNoSeriousA11yViolations(page, 'client money');
  await expectAllWithin(page);

  // Her statement to print: the charge and the payment, with the totals.
  await page.getByRole('link', { name: 'Statement to print' }).click();
  await expect(page.getByRole('heading', { name: 'Statement: María García' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Charges' })).toContainText(description);
  await expect(page.getByRole('table', { name: 'Payments received' })).toContainText(description);
  await expect(page.getByRole('definition').last()).toContainText('€');
  await expectNoSeriousA11yViolations(page, 'client statement');
  await expectAllWithin(page);
  await screenshot(page, testInfo, 'stud-client-statement');
});
