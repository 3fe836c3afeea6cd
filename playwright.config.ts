import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
/** Where the payments path (e2e/marketplace-payments.spec.ts) serves its fake Stripe API. */
const STRIPE_PORT = PORT + 11;

/** End-to-end tests against the production build and server (`npm run build` first) on a fresh PGlite. */
export default defineConfig({
  testDir: './e2e',
  // A path runs axe on every page and state it visits (e2e/helpers.ts), a few seconds each on
  // a small machine: the longest paths need more than a minute.
  timeout: 120_000,
  retries: 0,
  workers: 1,
  reporter: 'list',
  // The same tests at a desktop width and at a phone's 375 px; administration changes global
  // state (settings, suspended users) and headers do not depend on the width, so those run
  // once: admin-settings, security and tests tagged @desktop-only. The phone runs in the dark
  // colour scheme, so axe checks both themes without a third pass.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        colorScheme: 'dark',
      },
      testIgnore: /admin-settings|security/,
      grepInvert: /@desktop-only/,
    },
  ],
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    // The production server (server/serve.ts), as `npm start` runs it.
    command: 'rm -rf .data/e2e && node .next/serve/serve.mjs',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      APP_URL: baseURL,
      AUTH_DEV_ISSUER: '1',
      AUTH_SECRET: 'e2e-secret-not-for-production',
      PGLITE_DIR: '.data/e2e',
      SEED_DEMO: '1',
      PLATFORM_ADMIN_EMAILS: 'admin@demo.school',
      // The Stripe API the payments path starts in its own process (server/test/fake-stripe.ts).
      STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_PORT}`,
      DATABASE_URL: '',
    },
  },
});
