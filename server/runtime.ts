import { openDatabase, type DatabaseHandle } from '@/db/client';
import { seedDemo } from '@/db/seed-demo';
import { startBackgroundWork, stopBackgroundWork } from './background';
import { loadConfig, type Config } from './kernel/config';
import { withAccessLog } from './kernel/http/access-log';
import { errorJson } from './kernel/http/errors';
import {
  createApiHandler,
  createServices,
  requestIdOf,
  type ApiHandler,
} from './kernel/http/handler';
import { logger } from './kernel/log';
import { appRouter } from './router';
import type { Services } from './kernel/trpc/context';

export type Runtime = {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  handleApi: ApiHandler;
};

// On globalThis: Next's bundle and the production server (server/serve.ts) each have their own
// copy of this module, and the process must still have one runtime.
const globalRuntime = globalThis as typeof globalThis & {
  __equestrianRuntime?: Promise<Runtime>;
  __equestrianBeforeShutdown?: (() => Promise<void>)[];
};

/** Work to finish on SIGTERM/SIGINT before the background work stops and the database closes. */
export function beforeShutdown(hook: () => Promise<void>): void {
  (globalRuntime.__equestrianBeforeShutdown ??= []).push(hook);
}

async function start(): Promise<Runtime> {
  const config = loadConfig();
  // next-auth reads its base URL from the environment; it is derived from ours (DESIGN 2).
  process.env.NEXTAUTH_URL ??= `${config.appUrl}/api/auth`;
  if (config.production && config.auth.devIssuer) {
    logger.warn(
      'WARNING: AUTH_DEV_ISSUER=1 in production: anyone can sign in as anyone. Use it for demos only.',
    );
  }
  if (!config.auth.devIssuer && !config.auth.clientId) {
    logger.warn('AUTH_CLIENT_ID is not set: web sign-in through the identity provider is off.');
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    if (config.seedDemo && (await seedDemo(database.db, { timezone: config.appTimezone }))) {
      logger.info('Seeded the demo school (sign in as owner@demo.school).');
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void Promise.allSettled(
        (globalRuntime.__equestrianBeforeShutdown ?? []).map((hook) => hook()),
      )
        .then(() => stopBackgroundWork())
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
  }
  const services = createServices(config, database.db);
  startBackgroundWork(config, database.db);
  return { config, database, services, handleApi: createApiHandler(services, appRouter) };
}

/** The process's one runtime: configuration, database (migrated), services and `/api` handler. */
export function getRuntime(): Promise<Runtime> {
  globalRuntime.__equestrianRuntime ??= start().catch((error: unknown) => {
    globalRuntime.__equestrianRuntime = undefined;
    throw error;
  });
  return globalRuntime.__equestrianRuntime;
}

/** What Next's route files mount: the runtime's handler, or 503 while it cannot start. */
export async function handleApiRequest(req: Request): Promise<Response> {
  let runtime: Runtime;
  try {
    runtime = await getRuntime();
  } catch (error) {
    const requestId = requestIdOf(req);
    logger.error({ request_id: requestId }, `start-up failed: ${String(error)}`);
    const response = errorJson(503, 'The service is starting or its database is unreachable.', {
      'retry-after': '5',
    });
    response.headers.set('x-request-id', requestId);
    return withAccessLog(async () => response, appRouter)(req);
  }
  return runtime.handleApi(req);
}
