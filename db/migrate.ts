import { loadConfig } from '@/server/config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.info(`Migrated ${config.databaseUrl ? 'the PostgreSQL database' : config.pgliteDir}.`);
} finally {
  await database.close();
}
