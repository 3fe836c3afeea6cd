import { clientKeyOf, consumeRateLimit } from '../http/rate-limit';
import { publicProcedure } from './init';

/** Requests a minute per client and route family (DESIGN-MODULES 0.2), unless a module says. */
export const PUBLIC_LIMITS = { read: 30, write: 5 } as const;

/**
 * A route of the no-login family `/api/public/...` (DESIGN-MODULES 0.2): no token is read,
 * and every attempt counts against the client's bucket for the route family and access
 * (`waitlist` writes, `certificates` reads...), 429 with `Retry-After` beyond the limit.
 * Attempts count before validation, so guessing tokens or codes costs the same as using them.
 * Its OpenAPI path must start with `/public/` and set `protect: false` (a test checks both).
 */
export function publicRoute(
  family: string,
  access: keyof typeof PUBLIC_LIMITS,
  perMinute: number = PUBLIC_LIMITS[access],
) {
  return publicProcedure.use(async ({ ctx, next }) => {
    await consumeRateLimit(
      ctx.db,
      `public:${family}:${access}:${clientKeyOf(ctx.req, ctx.config)}`,
      perMinute,
      60,
      'Too many requests. Please try again in a minute.',
    );
    return next();
  });
}
