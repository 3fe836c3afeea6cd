import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openSection, signInToSchool } from './helpers';

/*
 * A request that fails (issue 26) is said in a person's words, with "Try again", inside the
 * school's frame: the navigation stays.
 */

/** The payments page's list, alone or in a batch (`/api/trpc/a,payments.list?batch=1`). */
const PAYMENTS_LIST = /\/api\/trpc\/(?:[^?]*,)?payments\.list(?=[,?]|$)/;

test('a list that cannot be reached says so, keeps the navigation and loads on "Try again"', async ({
  page,
}) => {
  await signInToSchool(page, 'owner@demo.school');
  await page.route(PAYMENTS_LIST, (route) => route.abort('internetdisconnected'));
  await openSection(page, 'Payments');
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();

  const alert = page.getByRole('alert').filter({ hasText: 'Could not load payments' });
  // The query tries twice more before it fails (app/trpc.tsx), one then two seconds later.
  await expect(alert).toHaveText(
    'Could not load payments. Could not reach the server. Check your connection and try again.',
    { timeout: 15_000 },
  );
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeVisible();

  // The school's navigation stays: in the sidebar, or behind "Menu" on a phone.
  const navigation = page.getByRole('navigation', { name: 'School' });
  const section = navigation.getByRole('link', { name: 'Payments', exact: true });
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(section.or(menu).first()).toBeVisible();
  if (await menu.isVisible()) {
    await menu.click();
    await expect(section).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  }
  await expectNoSeriousA11yViolations(page, 'payments, the list unreachable');

  await page.unroute(PAYMENTS_LIST);
  await tryAgain.click();
  // A payment's row: the student's name in it links to the student (the header's has no link).
  const payment = page.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(payment.first()).toBeVisible({ timeout: 15_000 });
  await expect(alert).toBeHidden();
  await expect(tryAgain).toBeHidden();
});
