import type { NextAuthOptions } from 'next-auth';
import { requestIdOf } from '../http/handler';
import { addAuthRouteSecurityHeaders } from '../http/security-headers';
import type { Services } from '../trpc/context';
import { authOptions } from './next-auth';

export type NextAuthRouteContext = { params: Promise<{ nextauth: string[] }> };

/** What answers a next-auth request: next-auth's App Router handler in the route file. */
export type NextAuthRunner = (
  req: Request,
  context: NextAuthRouteContext,
  options: NextAuthOptions,
) => Promise<Response>;

/**
 * The handler of `app/api/auth/[...nextauth]/route.ts`: next-auth with our options, its
 * answer given a request id and the pages' security headers (CSP, frame options…).
 */
export function createNextAuthRoute(services: () => Promise<Services>, run: NextAuthRunner) {
  return async function handler(req: Request, context: NextAuthRouteContext): Promise<Response> {
    const resolved = await services();
    const response = await run(req, context, authOptions(resolved));
    response.headers.set('x-request-id', requestIdOf(req));
    return addAuthRouteSecurityHeaders(req, response, {
      appUrl: resolved.config.appUrl,
      development: process.env.NODE_ENV === 'development',
    });
  };
}
