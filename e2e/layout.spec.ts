import { mkdirSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signInAsAdmin, signInToSchool } from './helpers';

/**
 * The layout at both widths (issue 26): on every page of a school's, a stud's and the
 * administration's navigation, and on the first record of each of their lists, nothing a
 * person acts on (link, button, field) lies outside the screen's width and the page never
 * scrolls sideways. The pages are read from the navigation itself, so a new section is
 * checked without being listed here.
 */

type Offender = { page: string; element: string; left: number; right: number };

/** The actionable elements of the page that are drawn but cross the viewport's sides. */
async function offScreen(page: Page): Promise<{ scrolls: boolean; offenders: Offender[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const selector =
      'a[href], button, select, input:not([type=hidden]), textarea, [role=button], [role=combobox]';
    const offenders = Array.from(document.querySelectorAll(selector))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      // Visually hidden elements (1 px, clipped) and undrawn ones are not there to act on.
      .filter(({ element, box }) => {
        if (box.width <= 1 || box.height <= 1) return false;
        return getComputedStyle(element).visibility !== 'hidden';
      })
      .filter(({ box }) => box.left < -1 || box.right > width + 1)
      .map(({ element, box }) => ({
        page: location.pathname,
        element: element.outerHTML.slice(0, 160),
        left: Math.round(box.left),
        right: Math.round(box.right),
      }));
    return {
      scrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      offenders,
    };
  });
}

/** The screens docs/screens/ shows a reader (`DOCS_SCREENS=1`), the first screenful of each. */
const DOCS_SCREENS = new Set([
  'school-home',
  'school-students',
  'school-schedule',
  'school-attendance',
  'school-payments',
  'school-reports',
  'school-competitions',
  'school-members',
  'stud-home',
  'stud-reservations',
  'admin-home',
  'admin-settings',
]);

async function docsScreen(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.DOCS_SCREENS !== '1' || !DOCS_SCREENS.has(name)) return;
  mkdirSync('docs/screens', { recursive: true });
  await page.screenshot({ path: `docs/screens/${name}-${testInfo.project.name}.png` });
}

/** Settles a page: its heading is drawn and nothing says it is loading. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** The first link of the page to one record of its list (`…/students/<uuid>`), if any. */
async function firstRecordLink(page: Page, listHref: string) {
  const pattern = new RegExp(`^${listHref}/[0-9a-f-]{36}$`);
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  return hrefs.find((href) => pattern.test(href));
}

/**
 * Visits each link of a navigation, and the first record of each list found there (a student,
 * a competition, a horse), and checks the layout on each.
 */
async function checkEveryPage(page: Page, testInfo: TestInfo, navigation: string, area: string) {
  // Read from the markup: on a phone the links sit in the closed drawer.
  const hrefs = await page
    .locator(`nav[aria-label="${navigation}"] a`)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(3);
  // The first link is the area's home (Dashboard, Overview): screens are named after it.
  const home = hrefs[0]!;
  const problems: Offender[] = [];
  const sideways: string[] = [];
  const records: string[] = [];
  const check = async (href: string) => {
    await page.goto(href);
    await settle(page);
    const { scrolls, offenders } = await offScreen(page);
    if (scrolls) sideways.push(href);
    problems.push(...offenders);
  };
  for (const href of hrefs) {
    await check(href);
    const name = href.slice(home.length).split('/').filter(Boolean).join('-') || 'home';
    await docsScreen(page, testInfo, `${area}-${name}`);
    const record = href === home ? undefined : await firstRecordLink(page, href);
    if (record) records.push(record);
  }
  // Each area has lists with records in the demo data: their pages are checked too.
  expect(records.length, 'records checked').toBeGreaterThan(0);
  for (const record of records) await check(record);
  expect(sideways, 'pages that scroll sideways').toEqual([]);
  expect(problems, 'actionable elements outside the screen').toEqual([]);
}

test('every page of a school fits the screen', async ({ page }, testInfo) => {
  await signInToSchool(page, 'owner@demo.school');
  await checkEveryPage(page, testInfo, 'School', 'school');
});

test('every page of a stud fits the screen', async ({ page }, testInfo) => {
  await signInToSchool(page, 'owner@demo.school');
  await page.getByLabel('Organization').selectOption({ label: 'Demo Stud Farm' });
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await checkEveryPage(page, testInfo, 'Stud', 'stud');
});

test('every page of the administration fits the screen', async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await checkEveryPage(page, testInfo, 'Administration', 'admin');
});
