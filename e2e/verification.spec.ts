import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openSection,
  screenshot,
  signInAsAdmin,
  signInToSchool,
} from './helpers';

// A 2×2 PNG (as in media.spec.ts): the licence's scan.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVR4nGNYEKS7IEiXAUIBACE+BH3Ha5TUAAAAAElFTkSuQmCC',
  'base64',
);

// Each run ends with the request rejected, so the other width (and a second run) may ask again.
test('a school owner asks for verification with a document, and the administrator reads it and rejects the request with a reason', async ({
  page,
  context,
}, testInfo) => {
  const legalName = `Demo Riding School S.L. (${testInfo.project.name})`;
  const reason = `The licence is unreadable (${testInfo.project.name}).`;

  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Members');
  const card = page.getByRole('region', { name: 'Verification' });
  const ask = card.getByRole('form', { name: 'Ask for verification' });
  await ask.getByLabel('Legal name').fill(legalName);
  await ask.getByLabel('Tax id').fill('B12345678');
  await ask.getByLabel('Documents').setInputFiles({
    name: `licence-${testInfo.project.name}.png`,
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expectNoSeriousA11yViolations(page, 'members, verification form');
  await ask.getByRole('button', { name: 'Ask for verification' }).click();
  await expect(card).toContainText('Pending');
  await expect(ask).toHaveCount(0);

  // The administrator's queue: pending first, the document one link away.
  await context.clearCookies();
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Administration' }).click();
  await openSection(page, 'Verification', 'Administration');
  const request = page.getByRole('region', { name: /Demo Riding School/ }).filter({
    hasText: legalName,
  });
  await expect(request).toContainText('B12345678');
  const document = request.getByRole('link', { name: `licence-${testInfo.project.name}.png` });
  const file = await page.request.get((await document.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('image/png');
  await expectNoSeriousA11yViolations(page, 'verification queue');
  await screenshot(page, testInfo, 'verification-queue');

  await request.getByRole('button', { name: 'Reject Demo Riding School' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject Demo Riding School' });
  await dialog.getByRole('button', { name: 'Reject request' }).click();
  await expect(dialog.getByText('Reason is required.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'verification queue, reject dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Reject request' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The request of Demo Riding School was rejected.' }),
  ).toBeVisible();
  await expect(request).toHaveCount(0);

  // The owner reads the reason and may ask again.
  await context.clearCookies();
  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Members');
  await expect(card).toContainText(reason);
  await expect(card.getByRole('form', { name: 'Ask for verification' })).toBeVisible();
});
