import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp, type TestResponse } from '../../test/harness';

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
    expect(res.body).toEqual({
      status: expect.any(String),
      message: expect.any(String),
      idp_connected: false,
    });
    expect(res.body.status).not.toBe('ok');
  });
});

describe('when the provider cannot be reached', () => {
  it('keeps trying on later requests instead of caching the failure', async () => {
    const token = await down.tokenFor('rider@x.test');
    for (let i = 0; i < 3; i++)
      expect((await down.request('GET', '/api/schools', { token })).status).toBe(503);
  });
});

/**
 * A provider whose discovery always works and whose key set answers as `jwksMode` says:
 * the real keys of the harness issuer, or one of the ways a key set endpoint breaks.
 */
type JwksMode =
  | 'ok'
  | 'status 500'
  | 'an HTML page'
  | 'truncated JSON'
  | 'a malformed key set'
  | 'a reset connection';
let jwksMode: JwksMode = 'ok';
const jwksFetches: JwksMode[] = [];
const flakyProvider = http.createServer((req, res) => {
  if (req.url === '/.well-known/openid-configuration') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ issuer: flakyUrl, jwks_uri: `${flakyUrl}/jwks` }));
    return;
  }
  jwksFetches.push(jwksMode);
  switch (jwksMode) {
    case 'ok':
      void fetch(`${flaky.issuer.url}/jwks`)
        .then((answer) => answer.text())
        .then((keys) => res.writeHead(200, { 'content-type': 'application/json' }).end(keys));
      return;
    case 'status 500':
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"internal"}');
      return;
    case 'an HTML page':
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Login</body></html>');
      return;
    case 'truncated JSON':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys": [{"kty": "RSA"');
      return;
    case 'a malformed key set':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys": "none"}');
      return;
    case 'a reset connection':
      req.socket.destroy();
      return;
  }
});
await new Promise<void>((resolve) => flakyProvider.listen(0, '127.0.0.1', resolve));
const flakyUrl = `http://127.0.0.1:${(flakyProvider.address() as AddressInfo).port}`;
afterAll(
  () =>
    new Promise<void>((resolve) => {
      flakyProvider.closeAllConnections();
      flakyProvider.close(() => resolve());
    }),
);
const flaky = useTestApp({ env: { AUTH_ISSUER: flakyUrl } });
const flakyToken = (email = 'rider@x.test') => flaky.tokenFor(email, { iss: flakyUrl });

const BROKEN_KEY_SETS: JwksMode[] = [
  'status 500',
  'an HTML page',
  'truncated JSON',
  'a malformed key set',
  'a reset connection',
];

describe('when discovery works but the key set endpoint breaks', () => {
  afterEach(() => {
    vi.useRealTimers();
    jwksMode = 'ok';
  });

  it.each(BROKEN_KEY_SETS)(
    'before any key was fetched, %s is a 503, never a 500 or 401',
    async (mode) => {
      jwksMode = mode;
      const fetched = jwksFetches.length;
      const token = await flakyToken();
      expectServiceUnavailable(await flaky.request('GET', '/api/schools', { token }));
      expectServiceUnavailable(await flaky.request('GET', '/api/auth/me', { token }));
      expect(jwksFetches.slice(fetched)).toContain(mode);
    },
  );

  it('recovers as soon as the key set answers again', async () => {
    jwksMode = 'status 500';
    const token = await flakyToken();
    expectServiceUnavailable(await flaky.request('GET', '/api/schools', { token }));
    jwksMode = 'ok';
    expect((await flaky.request('GET', '/api/schools', { token })).status).toBe(200);
  });

  it.each(BROKEN_KEY_SETS)(
    'after keys were cached, %s: cached keys keep serving, a stale cache is a 503',
    async (mode) => {
      jwksMode = 'ok';
      const token = await flakyToken();
      expect((await flaky.request('GET', '/api/auth/me', { token })).status).toBe(200);
      jwksMode = mode;
      expect((await flaky.request('GET', '/api/auth/me', { token })).status).toBe(200);
      // Past the key cache's ten minutes; keys are only ever fetched at the real time.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 11 * 60_000);
      const fetched = jwksFetches.length;
      expectServiceUnavailable(
        await flaky.request('GET', '/api/auth/me', { token: await flakyToken() }),
      );
      expect(jwksFetches.slice(fetched)).toContain(mode);
    },
  );
});
