import { ConfigError, loadConfig } from './kernel/config';
import { logger } from './kernel/log';
import { getRuntime } from './runtime';

/**
 * Server start-up: a missing required variable stops production at once with its name;
 * then the database is opened, migrated and (when empty) seeded before the first request.
 */
export async function startServer(): Promise<void> {
  try {
    loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      logger.fatal(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  await getRuntime();
}
