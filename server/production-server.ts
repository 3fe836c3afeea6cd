import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import next from 'next';
import { appRouter } from './router';
import { beforeShutdown, getRuntime } from './runtime';
import { startServer } from './start';
import { logger } from './kernel/log';
import { productionListener } from './kernel/http/production-listener';

/** How long a shutdown waits for requests in flight before closing their connections. */
const DRAIN_MS = 10_000;

/**
 * Next's route handler costs about 4× a bare Node server per request (issue 8's measurements),
 * so `/api` skips it: the one handler gets the request straight from `node:http`.
 */
export async function serveProduction(): Promise<void> {
  await startServer();
  const runtime = await getRuntime();
  const host = process.env.HOST || undefined;
  const app = next({
    dev: false,
    dir: process.cwd(),
    hostname: host ?? 'localhost',
    port: runtime.config.port,
  });
  await app.prepare();
  const server = createServer(
    productionListener(runtime.handleApi, app.getRequestHandler(), {
      router: appRouter,
      benchRoute: process.env.BENCH_ROUTES === '1',
    }),
  );
  beforeShutdown(
    () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(runtime.config.port, host, resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  logger.info(`Listening on http://${address.includes(':') ? `[${address}]` : address}:${port}`);
}
