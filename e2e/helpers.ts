import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';

/** Signs in with the development issuer and opens the demo school. */
export async function signInToSchool(page: Page, email: string) {
  await page.goto('/signin', { waitUntil: 'networkidle' });
  // A value typed before the form hydrates is lost; type again until the sign-in goes through.
  await expect(async () => {
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('link', { name: /Demo Riding School/ })).toBeVisible({
      timeout: 3000,
    });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('link', { name: /Demo Riding School/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Riding School', level: 1 })).toBeVisible();
}

/** Signs in with the development issuer as anyone, on the home page ("Your schools"). */
export async function signInAs(page: Page, email: string) {
  await page.goto('/signin', { waitUntil: 'networkidle' });
  await expect(async () => {
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Your schools' })).toBeVisible({
      timeout: 3000,
    });
  }).toPass({ timeout: 20_000 });
}

/** Signs in as the demo's platform administrator, on the home page. */
export const signInAsAdmin = (page: Page) => signInAs(page, 'admin@demo.school');

/** Follows a link of the school navigation, opening the menu first on a narrow screen. */
export async function openSection(page: Page, label: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'School' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/** Follows a link of the stud navigation, opening the menu first on a narrow screen. */
export async function openStudSection(page: Page, label: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'Stud' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/**
 * A full-page screenshot under e2e/screenshots/, named by project, for a person to look at
 * (nothing compares them): taken when `E2E_SCREENSHOTS=1`. CI leaves them out, as a full-page
 * PNG costs about a second on a two-core machine and a hundred of them add minutes.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await page.screenshot({
    path: `e2e/screenshots/${testInfo.project.name}-${name}.png`,
    fullPage: true,
  });
}

/** A value unique to this project's run, so both widths can create records in one database. */
export function unique(testInfo: TestInfo, base: string) {
  return `${base}-${testInfo.project.name}`;
}

/** The impacts that fail a check; moderate and minor findings are not gated. */
const GATED_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core (its default rules: WCAG 2.x A/AA and best practices) on the page as it is
 * now, and fails the test on any violation of impact serious or critical, listing each rule
 * id, impact, help text and the selectors of the offending elements. Call it once a page has
 * loaded, and again in each state that shows new content (a dialog or form opened, errors
 * shown). The assertion is soft: the test goes on and the report lists every failing state
 * of the path, and the test still fails at its end. `exclude` leaves elements (and the
 * frames they are) out of the check; only the sandboxed e-mail frames of the administration
 * use it (see admin-pages.spec.ts).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  state?: string,
  { exclude = [] }: { exclude?: string[] } = {},
) {
  const axe = new AxeBuilder({ page });
  for (const selector of exclude) axe.exclude(selector);
  const { violations } = await axe.analyze();
  const gated = violations.filter((v) => v.impact && GATED_IMPACTS.has(v.impact));
  const where = state ?? new URL(page.url()).pathname;
  const report = gated
    .map((v) =>
      [
        `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}`,
        ...v.nodes.map(
          (node) =>
            `    ${node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : t)).join(' | ')}` +
            (node.failureSummary ? `\n      ${node.failureSummary.replace(/\n\s*/g, '; ')}` : ''),
        ),
      ].join('\n'),
    )
    .join('\n');
  expect
    .soft(
      gated.map((v) => `${v.id} (${v.impact}) × ${v.nodes.length}`),
      `serious or critical accessibility violations on ${where}:\n${report}\n`,
    )
    .toEqual([]);
}

/**
 * Picks a record in a searchable combobox (app/components/ui/combobox.tsx): types its name,
 * which the server searches, then chooses it from the suggestions.
 */
export async function pick(scope: Locator | Page, label: string, name: string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.fill(name);
  await scope.getByRole('option', { name, exact: true }).click();
  await expect(box).toHaveValue(name);
}

/** Another person in a browser of their own, at this project's width and colours. */
export async function personPage(browser: Browser, testInfo: TestInfo) {
  const { viewport, isMobile, hasTouch, colorScheme, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, colorScheme, baseURL });
  return context.newPage();
}
