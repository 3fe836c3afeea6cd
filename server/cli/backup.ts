import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '@/server/kernel/config';
import { openPglite } from '../../db/client';

/**
 * `npm run db:backup [file]`: a consistent copy of the embedded database as a gzipped
 * tarball (restore it with PGlite's `loadDataDir`). It takes the data directory's lock,
 * so stop the app first.
 */
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump instead.');
  process.exit(1);
}
const target = path.resolve(
  process.argv[2] ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
);
const handle = await openPglite(config.pgliteDir);
try {
  const dump = await handle.pglite!.dumpDataDir('gzip');
  await fs.writeFile(target, Buffer.from(await dump.arrayBuffer()));
  console.info(`Wrote ${target}.`);
} finally {
  await handle.close();
}
