import { loadConfig } from '@/server/kernel/config';
import { openDatabase } from '../../db/client';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.info(`Migrated ${config.databaseUrl ? 'the PostgreSQL database' : config.pgliteDir}.`);
} finally {
  await database.close();
}
