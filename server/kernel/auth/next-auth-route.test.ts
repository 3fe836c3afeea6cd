import { createRequire } from 'node:module';
import path from 'node:path';
import type { NextAuthOptions } from 'next-auth';
import { describe, expect, it } from 'vitest';
import { createServices } from '../http/handler';
import { useTestApp } from '../../test/harness';
import { createNextAuthRoute, type NextAuthRunner } from './next-auth-route';

/*
 * next-auth's own pages (`/api/auth/signout`, `/api/auth/error`…) lacked the CSP and frame
 * headers of every other page (the outside review). Its App Router wrapper reads Next's
 * request scope (`next/headers`), which a test does not have, so these run next-auth's core
 * handler on the same request, as that wrapper does, inside the route file's own handler.
 * e2e/security.spec.ts checks the same through the production server.
 */

const app = useTestApp();
const behindHttps = useTestApp({ env: { APP_URL: 'https://school.example.org' } });

const requireCjs = createRequire(import.meta.url);
const nextAuthDir = path.dirname(requireCjs.resolve('next-auth'));
const { AuthHandler } = requireCjs(path.join(nextAuthDir, 'core/index.js')) as {
  AuthHandler(params: { req: Record<string, unknown>; options: NextAuthOptions }): Promise<unknown>;
};
const { toResponse } = requireCjs(path.join(nextAuthDir, 'next/utils.js')) as {
  toResponse(internal: unknown): Response;
};

/** next-auth's App Router handler, with the cookies and headers read from the request. */
const core: NextAuthRunner = async (req, context, options) => {
  const url = new URL(req.url);
  const [action, providerId] = (await context.params).nextauth;
  const query = Object.fromEntries(url.searchParams);
  const cookies = Object.fromEntries(
    (req.headers.get('cookie') ?? '')
      .split(';')
      .map((part) => part.trim().split('='))
      .filter(([name]) => name),
  );
  return toResponse(
    await AuthHandler({
      req: {
        query,
        body: {},
        cookies,
        headers: Object.fromEntries(req.headers),
        method: req.method,
        action,
        providerId,
        error: query.error ?? providerId,
      },
      options,
    }),
  );
};

async function get(target: typeof app, pathname: string, headers: Record<string, string> = {}) {
  const route = createNextAuthRoute(async () => createServices(target.config, target.db), core);
  const nextauth = pathname.replace(/^\/api\/auth\//, '').split('/');
  return route(new Request(`${target.config.appUrl}${pathname}`, { headers }), {
    params: Promise.resolve({ nextauth }),
  });
}

function expectPageHeaders(response: Response) {
  const policy = response.headers.get('content-security-policy') ?? '';
  for (const directive of [
    "default-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "form-action 'self'",
  ]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toContain('unsafe-eval');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-request-id')).toMatch(/^[\w.-]+$/);
}

describe("next-auth's own routes carry the pages' security headers", () => {
  it.each([
    ['/api/auth/signout', 200, /<form[^>]+action="http:\/\/localhost:3000\/api\/auth\/signout"/],
    ['/api/auth/error', 200, /<html/],
    ['/api/auth/verify-request', 200, /<html/],
  ])('GET %s: its HTML page, under the policy, never framed', async (pathname, status, html) => {
    const response = await get(app, pathname);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(html);
    expectPageHeaders(response);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('the sign-in route (a redirect to our page) and the JSON routes too', async () => {
    const signin = await get(app, '/api/auth/signin');
    expect(signin.status).toBe(302);
    expect(signin.headers.get('location')).toMatch(/\/signin/);
    expectPageHeaders(signin);
    for (const pathname of ['/api/auth/session', '/api/auth/csrf', '/api/auth/providers']) {
      const response = await get(app, pathname);
      expect(response.status, pathname).toBe(200);
      expectPageHeaders(response);
    }
  });

  it('HSTS behind TLS: an https APP_URL or a proxy that says so', async () => {
    const direct = await get(behindHttps, '/api/auth/signout');
    expect(direct.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expectPageHeaders(direct);
    const proxied = await get(app, '/api/auth/signout', { 'x-forwarded-proto': 'https' });
    expect(proxied.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });
});
