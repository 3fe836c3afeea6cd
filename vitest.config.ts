import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    globalSetup: ['./server/test/global-setup.ts'],
    // The databases run in-process (PGlite) or wait on PostgreSQL: one worker per core, not
    // Vitest's default of one fewer, keeps both cores of the CI machine busy.
    maxWorkers: os.availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'db/**/*.test.ts'],
          exclude: ['**/*.pg.test.ts'],
        },
      },
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
