import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { AppError } from '../kernel/errors';
import { devJwks } from '../kernel/auth/dev-issuer';
import { discoverJwksUrl } from '../kernel/auth/tokens';
import type { Config } from '../kernel/config';
import type { Health, IdpCheck } from './health-schema';

export const API_VERSION = '1.0.0';
export const SERVICE_NAME = 'equestrian-platform';

/** The service's health: ok when the database answers, 503 (retry in 5 s) when it does not. */
export async function serviceHealth(db: Database): Promise<Health> {
  try {
    await db.execute(sql`select 1`);
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
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(5000),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Whether the identity provider's discovery document and key set answer with a key. */
export async function checkIdentityProvider(db: Database, config: Config): Promise<IdpCheck> {
  const { auth } = config;
  try {
    let keys: unknown;
    if (auth.devIssuer) {
      keys = await devJwks(db);
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
    return {
      status: 'error',
      message: `Identity provider ${auth.issuer} is not reachable: ${error instanceof Error ? error.message : 'unknown error'}`,
      idp_connected: false,
    };
  }
}
