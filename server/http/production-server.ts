import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import next from 'next';
import { beforeShutdown, getRuntime } from '../runtime';
import { startServer } from '../start';
import { isApiPath, nodeListener } from './node-adapter';
import { withPeerAddress } from './peer-address';

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
  const app = next({ dev: false, dir: process.cwd(), hostname: host ?? 'localhost', port: runtime.config.port });
  await app.prepare();
  const nextHandler = app.getRequestHandler();
  // The contact rate limit keys on the socket's address when no proxy is trusted.
  const api = withPeerAddress(nodeListener(runtime.handleApi));

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    if (isApiPath(query === -1 ? url : url.slice(0, query))) void api(req, res);
    else void nextHandler(req, res);
  });
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
  console.info(`Listening on http://${address.includes(':') ? `[${address}]` : address}:${port}`);
}
