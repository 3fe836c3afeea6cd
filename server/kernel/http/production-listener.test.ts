import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLogs, type CapturedLogs } from '../log';
import { useTestApp } from '../../test/harness';
import { appRouter } from '../../router';
import { createRouteNamer, withNodeAccessLog } from './access-log';
import { productionListener } from './production-listener';

const app = useTestApp();

/** Stands in for Next's request handler: a page, a missing page, one that never answers. */
async function fakeNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/slow') return; // answers never; the client gives up
  await new Promise((resolve) => setTimeout(resolve, 5));
  res.statusCode = path === '/missing' ? 404 : 200;
  res.setHeader('content-type', 'text/html');
  res.end('<html>page</html>');
}

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => {
  logs.stop();
});

async function serve(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ base: string; server: Server }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the production server listener', () => {
  let base: string;
  let server: Server;
  beforeAll(async () => {
    ({ base, server } = await serve(
      productionListener(app.handler, fakeNext, { router: appRouter }),
    ));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('writes one line for a Next page: method, path without its query, status, duration', async () => {
    const res = await fetch(`${base}/schools/abc/students?search=Ximena&token=t-secret`, {
      headers: { cookie: 'session=c-secret', 'x-request-id': 'page-1' },
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(logs.access()).toHaveLength(1));
    const [line] = logs.access();
    expect(line).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      route: '/schools/abc/students',
      status: 200,
      sql_statements: 0,
      request_id: 'page-1',
    });
    expect(line!.duration_ms).toBeGreaterThanOrEqual(4);
    for (const text of logs.lines) expect(text).not.toMatch(/Ximena|secret/);

    const missing = await fetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    await vi.waitFor(() => expect(logs.access()).toHaveLength(2));
    expect(logs.access()[1]).toMatchObject({ route: '/missing', status: 404 });
    expect(logs.access()[1]!.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("writes one line for an /api request, the handler's, with its route template", async () => {
    const res = await fetch(
      `${base}/api/schools/0b6a5c1e-0000-4000-8000-000000000000/students?search=Ximena`,
    );
    expect(res.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 50)); // a second line would have come by now
    expect(logs.access()).toHaveLength(1);
    expect(logs.access()[0]).toMatchObject({
      method: 'GET',
      route: '/api/schools/{schoolId}/students',
      status: 401,
      request_id: res.headers.get('x-request-id'),
    });
  });

  it("next-auth's routes go to Next and are logged as pages, without the query", async () => {
    const res = await fetch(`${base}/api/auth/callback/oidc?code=c-secret&state=s-secret`);
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(logs.access()).toHaveLength(1));
    expect(logs.access()[0]).toMatchObject({ route: '/api/auth/callback/oidc', status: 200 });
    for (const text of logs.lines) expect(text).not.toContain('secret');
  });

  it('a request the client gives up on is logged when its connection closes', async () => {
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${base}/slow?x=1`);
      req.on('error', () => resolve());
      req.end();
      setTimeout(() => req.destroy(), 50);
    });
    await vi.waitFor(() => expect(logs.access()).toHaveLength(1));
    expect(logs.access()[0]).toMatchObject({ route: '/slow', aborted: true });
  });
});

describe('an /api request answered before the handler', () => {
  it('still gets its one line, named by the route namer', async () => {
    const routeOf = createRouteNamer(appRouter);
    const { base, server } = await serve(
      withNodeAccessLog(
        (_req, res) => {
          res.statusCode = 400;
          res.end();
        },
        (path, status) => routeOf(path, status),
      ),
    );
    try {
      const res = await fetch(`${base}/api/schools/Ximena/students?search=Ximena`);
      expect(res.status).toBe(400);
      await vi.waitFor(() => expect(logs.access()).toHaveLength(1));
      expect(logs.access()[0]).toMatchObject({
        route: '/api/schools/{schoolId}/students',
        status: 400,
      });
      for (const text of logs.lines) expect(text).not.toContain('Ximena');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
