import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import {
  expectNoSeriousA11yViolations,
  openSection,
  screenshot,
  signInToSchool,
  unique,
} from './helpers';

/** The demo's riders on Pony club: each width works with its own. */
const RIDER = { desktop: 'Mateo Fernández', mobile: 'Sofía López' } as const;

test('a manager keeps the ladder, moves a rider up, certifies them, and the printed QR code opens the public check', async ({
  page,
  context,
  browser,
}, testInfo) => {
  const rider = RIDER[testInfo.project.name as keyof typeof RIDER];
  const level = unique(testInfo, 'Platinum');
  const title = unique(testInfo, 'Silver rider');
  await signInToSchool(page, 'manager@demo.school');

  // The ladder: the demo's four levels, a new one at the end, moved up a rung.
  await openSection(page, 'Progression');
  const levels = page.getByRole('tabpanel', { name: 'Levels' });
  await expect(levels.getByRole('row', { name: /Bronze/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'levels');
  await levels.getByRole('button', { name: 'New level' }).click();
  const dialog = page.getByRole('dialog', { name: 'New level' });
  await dialog.getByLabel('Name').fill(level);
  await dialog.getByLabel('Student level it sets').selectOption('advanced');
  await dialog
    .getByLabel('Requirements')
    .fill('Course of 10 fences at 100 cm\nShows a flying change');
  await expectNoSeriousA11yViolations(page, 'new level');
  await dialog.getByRole('button', { name: 'Save level' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${level} was saved.` })).toBeVisible();
  // A row's actions past its first wait behind "More" on a phone.
  const mobile = testInfo.project.name === 'mobile';
  const levelRow = levels.getByRole('row', { name: new RegExp(level) });
  if (mobile) {
    await levelRow.getByRole('button', { name: `More actions for ${level}` }).click();
    await page.getByRole('menuitem', { name: 'Move up', exact: true }).click();
  } else {
    await levelRow.getByRole('button', { name: `Move up ${level}` }).click();
  }
  await expect(page.getByRole('status').filter({ hasText: `${level} moved up.` })).toBeVisible();
  await page.getByRole('tab', { name: 'Badges' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'Badges' }).getByRole('row', { name: /Eight rides/ }),
  ).toBeVisible();
  await screenshot(page, testInfo, 'progression-badges');

  // The rider: moving up without the classes is refused beside the field, then overridden.
  await openSection(page, 'Students');
  await page.getByRole('link', { name: rider }).click();
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress.getByText('Pony club')).toBeVisible();
  await progress.getByRole('button', { name: 'Change level' }).click();
  const change = page.getByRole('dialog', { name: 'Change level' });
  await change
    .getByLabel('Level', { exact: true })
    .selectOption({ label: 'Silver (16 classes first)' });
  await change.getByRole('button', { name: 'Save level change' }).click();
  await expect(change.getByLabel('Level', { exact: true })).toHaveAccessibleDescription(
    /attended \d+ classes since the last level change; Silver asks for 16/,
  );
  await expectNoSeriousA11yViolations(page, 'level change refused');
  await change.getByLabel(/Move the rider even without/).check();
  await change.getByLabel('Notes').fill('Rode at another school for two years.');
  await change.getByRole('button', { name: 'Save level change' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Moved to Silver.' })).toBeVisible();
  await expect(progress.getByText('Silver', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Moved to level Silver'),
  ).toBeVisible();

  // A certificate, printed: its QR code, read from the page as a phone would, opens the check.
  if (mobile) {
    await progress.getByRole('button', { name: `More actions for ${rider}` }).click();
    await page.getByRole('menuitem', { name: 'Issue certificate', exact: true }).click();
  } else {
    await progress.getByRole('button', { name: 'Issue certificate' }).click();
  }
  const issue = page.getByRole('dialog', { name: 'Issue a certificate' });
  await issue.getByLabel('Title').fill(title);
  await issue.getByLabel('Signed by').fill('Carmen Ruiz');
  await issue.getByRole('button', { name: 'Issue certificate' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `The certificate was issued to ${rider}.` }),
  ).toBeVisible();
  await screenshot(page, testInfo, 'student-progress');
  const [printed] = await Promise.all([
    context.waitForEvent('page'),
    progress.getByRole('link', { name: `Print ${title} for ${rider}` }).click(),
  ]);
  await printed.waitForLoadState();
  await expect(printed.getByText(rider)).toBeVisible();
  const shot = PNG.sync.read(await printed.locator('svg').first().screenshot());
  const scanned = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height);
  expect(scanned?.data).toMatch(/\/verify\/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await printed.close();

  // Anyone opens it, signed in or not.
  const { viewport, isMobile, hasTouch, colorScheme, baseURL } = testInfo.project.use;
  const stranger = await browser.newContext({ viewport, isMobile, hasTouch, colorScheme, baseURL });
  const visitor = await stranger.newPage();
  await visitor.goto(scanned!.data);
  await expect(visitor.getByRole('status').filter({ hasText: 'Valid certificate' })).toBeVisible();
  await expect(visitor.getByText(rider)).toBeVisible();
  await expect(visitor.getByText(title)).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'public certificate check');
  await screenshot(visitor, testInfo, 'certificate-check');
  await visitor.goto('/verify/ZZZZ-ZZZZ-ZZZZ');
  await expect(
    visitor.getByRole('alert').filter({ hasText: 'No certificate has the code ZZZZ-ZZZZ-ZZZZ.' }),
  ).toBeVisible();
  await stranger.close();
});
