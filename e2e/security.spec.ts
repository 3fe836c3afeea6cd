import { expect, test, type Page } from '@playwright/test';
import { signInToSchool } from './helpers';

/** Collects the browser's reports of anything the page's policy blocked. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('pages carry the security headers; HSTS only when the request came over TLS', async ({
  page,
}) => {
  const response = await page.goto('/signin');
  const headers = response!.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain('unsafe-eval');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['strict-transport-security']).toBeUndefined();

  const behindTls = await page.request.get('/signin', {
    headers: { 'x-forwarded-proto': 'https' },
  });
  expect(behindTls.headers()['strict-transport-security']).toMatch(/^max-age=\d+/);
  expect(behindTls.headers()['content-security-policy']).toBe(policy);
});

test("next-auth's own pages carry the same headers", async ({ page }) => {
  for (const path of ['/api/auth/signout', '/api/auth/error', '/api/auth/signin']) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).toContain("default-src 'self'");
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
});

test('the app works under its policy, and the session cookie is HttpOnly and SameSite=Lax', async ({
  page,
  context,
}) => {
  const violations = cspViolations(page);
  await signInToSchool(page, 'owner@demo.school');

  const session = (await context.cookies()).find(
    (cookie) => cookie.name === 'next-auth.session-token',
  );
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  // The e2e server's APP_URL is http: a Secure cookie would never be sent back.
  expect(session!.secure).toBe(false);
  expect(await page.evaluate(() => document.cookie)).not.toContain('next-auth.session-token');

  const api = await page.request.get('/api/schools');
  expect(api.status()).toBe(200);
  expect(api.headers()['cache-control']).toBe('no-store');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(violations).toEqual([]);
});

test('the API reference still renders under its own policy', async ({ page }) => {
  const violations = cspViolations(page);
  const response = await page.goto('/api/docs');
  expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: /Equestrian Platform API/ }).first()).toBeVisible({
    timeout: 20_000,
  });
  expect(violations).toEqual([]);
});
