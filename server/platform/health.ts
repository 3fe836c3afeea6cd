import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../kernel/errors';
import { devJwks } from '../kernel/auth/dev-issuer';
import { discoverJwksUrl } from '../kernel/auth/tokens';
import { publicProcedure, router } from '../kernel/trpc/init';

export const API_VERSION = '1.0.0';
export const SERVICE_NAME = 'equestrian-platform';

const healthSchema = z.object({
  status: z.string(),
  timestamp: z.string(),
  service: z.string(),
  version: z.string(),
});

const idpCheckSchema = z.object({
  status: z.string(),
  message: z.string(),
  idp_connected: z.boolean(),
});

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(5000),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

export const healthRouter = router({
  health: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/health',
        protect: false,
        tags: ['General'],
        summary: 'Service health',
      },
    })
    .input(z.object({}))
    .output(healthSchema)
    .query(async ({ ctx }) => {
      try {
        await ctx.db.execute(sql`select 1`);
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable.', {
          retryAfter: 5,
          cause: error,
        });
      }
      return {
        status: 'ok',
        timestamp: new Date().toISOString(),
        service: SERVICE_NAME,
        version: API_VERSION,
      };
    }),

  testIdp: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/test-idp',
        protect: false,
        tags: ['General'],
        summary: "Checks that the identity provider's discovery document and key set answer",
        description: 'Answers 500 with the same body when the provider cannot be reached.',
      },
    })
    .input(z.object({}))
    .output(idpCheckSchema)
    .query(async ({ ctx }) => {
      const { auth } = ctx.config;
      try {
        let keys: unknown;
        if (auth.devIssuer) {
          keys = await devJwks(ctx.db);
        } else {
          const discovered = await discoverJwksUrl(auth.issuer);
          keys = await fetchJson(auth.jwksUrl ?? discovered);
        }
        const count = (keys as { keys?: unknown[] }).keys?.length ?? 0;
        if (count === 0) throw new Error('the key set has no keys');
        return {
          status: 'ok',
          message: `Identity provider ${auth.issuer} is reachable (${count} signing key${count === 1 ? '' : 's'}).`,
          idp_connected: true,
        };
      } catch (error) {
        ctx.responseStatus = 500;
        return {
          status: 'error',
          message: `Identity provider ${auth.issuer} is not reachable: ${error instanceof Error ? error.message : 'unknown error'}`,
          idp_connected: false,
        };
      }
    }),
});
