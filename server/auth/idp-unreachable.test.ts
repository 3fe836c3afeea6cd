import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestResponse } from '../test/harness';

/** Nothing listens on the discard port: discovery fails with a refused connection. */
const down = useTestApp({ env: { AUTH_ISSUER: 'http://127.0.0.1:9' } });

/** A provider that is up but whose key set endpoint fails (as behind a broken proxy). */
const failingJwks = http.createServer((_req, res) => {
  res.writeHead(503, { 'content-type': 'text/html' });
  res.end('<h1>Service Unavailable</h1>');
});
await new Promise<void>((resolve) => failingJwks.listen(0, '127.0.0.1', resolve));
const failingJwksUrl = `http://127.0.0.1:${(failingJwks.address() as AddressInfo).port}/jwks`;
afterAll(
  () =>
    new Promise<void>((resolve) => {
      failingJwks.closeAllConnections();
      failingJwks.close(() => resolve());
    }),
);
const brokenKeys = useTestApp({ env: { AUTH_JWKS_URL: failingJwksUrl } });

function expectServiceUnavailable(res: TestResponse) {
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) } });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.headers.get('x-request-id')).toBeTruthy();
}

describe.each([
  ['the discovery document cannot be reached', down],
  ['the key set endpoint fails', brokenKeys],
])('when %s', (_, app) => {
  it('a bearer token gets 503 with Retry-After, on protected routes and /api/auth/me', async () => {
    const token = await app.tokenFor('rider@x.test');
    expectServiceUnavailable(await app.request('GET', '/api/schools', { token }));
    expectServiceUnavailable(await app.request('GET', '/api/auth/me', { token }));
  });

  it('a request without a token is still 401: the provider is not needed to refuse it', async () => {
    const res = await app.request('GET', '/api/schools');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  });

  it('public routes keep working', async () => {
    expect((await app.request('GET', '/api/health')).status).toBe(200);
  });

  it('GET /api/test-idp answers 500 with idp_connected false', async () => {
    const res = await app.request('GET', '/api/test-idp');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status: expect.any(String), message: expect.any(String), idp_connected: false });
    expect(res.body.status).not.toBe('ok');
  });
});

describe('when the provider cannot be reached', () => {
  it('keeps trying on later requests instead of caching the failure', async () => {
    const token = await down.tokenFor('rider@x.test');
    for (let i = 0; i < 3; i++) expect((await down.request('GET', '/api/schools', { token })).status).toBe(503);
  });
});
