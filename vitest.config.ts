import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * `npm run test:embedded` (CI's PGlite pass): what depends on the embedded database (its
 * client, crash recovery, the demo seed, single-writer imports and outbox, statement counts)
 * and one path through each module. CI runs the whole suite on PostgreSQL; `npm test` without
 * `DATABASE_URL` still runs the whole suite on PGlite.
 */
const EMBEDDED_SUITE = [
  'db/**/*.test.ts',
  'server/kernel/config.test.ts',
  'server/kernel/auth/dev-demo.test.ts',
  'server/kernel/auth/users.test.ts',
  'server/kernel/http/statement-counts.test.ts',
  'server/kernel/http/statement-header.test.ts',
  'server/schools/schools.test.ts',
  'server/schools/student-import.test.ts',
  'server/payments/monthly-charges.test.ts',
  'server/competitions/results.test.ts',
  'server/platform/health.test.ts',
  'server/platform/settings.test.ts',
  'server/mail/worker.test.ts',
  'server/admin/organizations.test.ts',
  // Admin writes inside the audit log's transaction (nested: savepoints), and redemptions.
  'server/admin/access-codes.test.ts',
  'server/studs/studs.test.ts',
  'server/notifications/notifications.test.ts',
  // The database store sends and reads bytes as base64 because of PGlite (store.ts).
  'server/media/media.test.ts',
  'server/pedigree/pedigree.test.ts',
  'server/progression/certificates.test.ts',
  'server/portal/portal.test.ts',
  'server/waitlist/waitlist.test.ts',
  // The stud modules: SET NULL of one column of a composite key, media, the demo seed, the
  // digest's upsert in a CTE, a path through each.
  'server/stud-herd/medical-records.test.ts',
  'server/stud-herd/links.test.ts',
  'server/stud-herd/demo.test.ts',
  'server/stud-crm/clients.test.ts',
  'server/stud-tasks/digest.test.ts',
  // Services: the interest's SET NULL of one column, the stallions' services in one statement.
  'server/stud-breeding/services.test.ts',
  // Contracts: the sealed PDF stored in the database, signing by link to completion.
  'server/stud-contracts/signing.test.ts',
  // Finance: money on numeric, payments and their income entries, the demo's money.
  'server/stud-finance/payments.test.ts',
  'server/stud-finance/demo-finance.test.ts',
  // The marketplace: the demo catalogue and its photos in the database, full-text search on
  // the generated column (English and Spanish stems, folded accents), the listings' states.
  'server/marketplace/demo-marketplace.test.ts',
  'server/marketplace/search.test.ts',
  'server/marketplace/listing-states.test.ts',
];
const embeddedOnly = process.env.TEST_SUITE === 'embedded';

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    globalSetup: ['./server/test/global-setup.ts'],
    // The databases run in-process (PGlite) or wait on PostgreSQL: one worker per core, not
    // Vitest's default of one fewer, keeps both cores of the CI machine busy.
    maxWorkers: os.availableParallelism(),
    // Every file imports the whole app (a few seconds each): a worker imports it once and
    // runs its files in turn. Each file still opens its own app and database (harness.ts),
    // and a file that changes process state (env, fake timers, spies) restores it.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: embeddedOnly ? EMBEDDED_SUITE : ['server/**/*.test.ts', 'db/**/*.test.ts'],
          exclude: ['**/*.pg.test.ts'],
        },
      },
      // The web app's own logic (the kit's wording of messages): no database, in both passes.
      { extends: true, test: { name: 'app', include: ['app/**/*.test.ts'] } },
      // Guarantees that need real concurrent connections run only on PostgreSQL.
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: { name: 'postgres-concurrency', include: ['server/**/*.pg.test.ts'] },
            },
          ]
        : []),
    ],
  },
});
