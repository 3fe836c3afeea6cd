import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';

/**
 * Signs in with the development issuer and opens the demo school: from the picker, or at once
 * for a person whose only organization it is (the home page opens it).
 */
export async function signInToSchool(page: Page, email: string) {
  await page.goto('/signin', { waitUntil: 'networkidle' });
  const picker = page.getByRole('link', { name: /Demo Riding School/ });
  const school = page.getByRole('heading', { name: 'Demo Riding School', level: 1 });
  // A value typed before the form hydrates is lost; type again until the sign-in goes through.
  await expect(async () => {
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(picker.or(school).first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  // The picker's links show only once the home page has chosen to stay.
  if (await picker.isVisible()) await picker.click();
  await expect(school).toBeVisible();
}

/**
 * Signs in with the development issuer as anyone, on the home page ("Your schools"). A person
 * with a single organization lands in it; the home link then leads back to the picker.
 */
export async function signInAs(page: Page, email: string) {
  await page.goto('/signin', { waitUntil: 'networkidle' });
  // The home page once it has chosen to stay, or an organization's frame, which names the role.
  const home = page.getByRole('link', { name: 'Have an access code?' });
  const organization = page.getByText('Your role:');
  await expect(async () => {
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(home.or(organization).first()).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  if (!(await home.isVisible())) {
    await page.getByRole('link', { name: 'Equestrian Platform', exact: true }).click();
  }
  await expect(page.getByRole('heading', { name: 'Your schools' })).toBeVisible();
  await expect(home).toBeVisible();
}

/** Signs in as the demo's platform administrator, on the home page. */
export const signInAsAdmin = (page: Page) => signInAs(page, 'admin@demo.school');

/**
 * Follows a link of an area's navigation (`School`, `Stud`, `Administration`), opening the
 * drawer first on a narrow screen.
 */
export async function openSection(page: Page, label: string, area = 'School') {
  const link = page.getByRole('navigation', { name: area }).getByRole('link', {
    name: label,
    exact: true,
  });
  const menu = page.getByRole('button', { name: 'Menu' });
  // Once the area's frame is drawn: the link in the sidebar, or the drawer's button.
  await expect(link.or(menu).first()).toBeVisible();
  if (!(await link.isVisible())) await menu.click();
  await link.click();
}

export const openStudSection = (page: Page, label: string) => openSection(page, label, 'Stud');

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

/** A label that is `name`, or `name` followed by details (not by more letters of a name). */
export const startsWithName = (name: string) =>
  new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');

/**
 * Chooses the option of a native select whose label starts with `name` (a student's label
 * carries their age, which changes every year).
 */
export async function selectByName(select: Locator, name: string) {
  const option = select.locator('option').filter({ hasText: startsWithName(name) });
  await select.selectOption((await option.first().getAttribute('value'))!);
}

/**
 * Opens a lesson of the schedule's calendar by its accessible name: on a phone, its day
 * first. Its dialog is then open.
 */
export async function openLesson(page: Page, day: string, lesson: string | RegExp) {
  const days = page.getByRole('group', { name: 'Days' });
  // Once the week is drawn: the day buttons on a phone, the day's column on a desktop.
  const column = page.getByRole('heading', { level: 2, name: new RegExp(`^${day} `) });
  await expect(days.or(column).first()).toBeVisible();
  if (await days.isVisible()) {
    await days.getByRole('button', { name: new RegExp(`^${day} `) }).click();
  }
  await page
    .getByRole('list', { name: new RegExp(`^${day} `) })
    .getByRole('button', { name: lesson })
    .click();
}

/**
 * Picks a record in a searchable combobox (app/components/ui/combobox.tsx): types its name,
 * which the server searches, then chooses it from the suggestions.
 */
export async function pick(scope: Locator | Page, label: string, name: string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.fill(name);
  // A student's option adds their age and document after the name: "Ana García · 12 y".
  await scope
    .getByRole('option', { name: startsWithName(name) })
    .first()
    .click();
  await expect(box).toHaveValue(name);
}

/** Another person in a browser of their own, at this project's width and colours. */
export async function personPage(browser: Browser, testInfo: TestInfo) {
  const { viewport, isMobile, hasTouch, colorScheme, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, colorScheme, baseURL });
  return context.newPage();
}

/**
 * Runs the row action `label` of the row named `what` (app/components/ui/row-actions.tsx): a
 * button named with the row from 768 px (`name` where the action gives its own, "Usage of
 * Canela"), an item of the row's "More" menu on a phone (a toggle's item is a checkbox item).
 */
export async function chooseRowAction(
  page: Page,
  row: Locator,
  label: string,
  what: string,
  mobile: boolean,
  name = `${label} ${what}`,
) {
  if (mobile) {
    await row.getByRole('button', { name: `More actions for ${what}` }).click();
    const item = { name: label, exact: true };
    await page.getByRole('menuitem', item).or(page.getByRole('menuitemcheckbox', item)).click();
  } else {
    await row.getByRole('button', { name, exact: true }).click();
  }
}
