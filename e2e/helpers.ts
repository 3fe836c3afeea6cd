import { expect, type Page, type TestInfo } from '@playwright/test';

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

/** Follows a link of the school navigation, opening the menu first on a narrow screen. */
export async function openSection(page: Page, label: string) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('navigation', { name: 'School' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/** A full-page screenshot under e2e/screenshots/, named by project. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({
    path: `e2e/screenshots/${testInfo.project.name}-${name}.png`,
    fullPage: true,
  });
}

/** A value unique to this project's run, so both widths can create records in one database. */
export function unique(testInfo: TestInfo, base: string) {
  return `${base}-${testInfo.project.name}`;
}
