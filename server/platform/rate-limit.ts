import { lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { rateLimitCounters } from '@/db/schema';
import type { Config } from '../config';
import { AppError } from '../errors';

/** The key of every client whose address cannot be trusted (see `clientKeyOf`). */
export const DIRECT_CLIENT = 'direct';

const ADDRESS = /^[0-9a-f.:]{2,45}$/i;

/**
 * The client's address for rate limits. Behind a proxy (`TRUST_PROXY=1`) it is the last
 * `X-Forwarded-For` entry, the one our proxy appended (earlier entries are whatever the
 * client sent). Without a trusted proxy the address is unknown: Next's route handlers see
 * no socket, and Next keeps an `X-Forwarded-For` that the client sent itself. So all direct
 * clients share one bucket rather than letting anyone pick a fresh address per request.
 */
export function clientKeyOf(req: Request, config: Pick<Config, 'trustProxy'>): string {
  if (!config.trustProxy) return DIRECT_CLIENT;
  const last = req.headers.get('x-forwarded-for')?.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
  if (!last) return DIRECT_CLIENT;
  const address = last.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  return ADDRESS.test(address) ? address : DIRECT_CLIENT;
}

/**
 * Counts one hit in the current fixed window of `bucket` with one upsert, so concurrent
 * requests in any number of processes count exactly (the row lock orders them). Throws 429
 * with the seconds left in the window once `limit` hits have been counted. Run it in the
 * transaction of the accepted request: a request that fails later does not count.
 */
export async function consumeRateLimit(
  db: Database,
  bucket: string,
  limit: number,
  windowSeconds = 60,
  message = 'Too many requests. Please try again later.',
): Promise<void> {
  const [row] = await queryRows<{ hits: number; retry_after: number }>(
    db,
    sql`
      insert into rate_limit_counters as c (bucket, window_start, hits)
      values (${bucket}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}::int) * ${windowSeconds}::int), 1)
      on conflict (bucket, window_start) do update set hits = c.hits + 1
      returning c.hits,
        greatest(1, ceil(extract(epoch from (c.window_start + make_interval(secs => ${windowSeconds}::int) - now()))))::int as retry_after`,
  );
  if (row!.hits > limit) throw new AppError('TOO_MANY_REQUESTS', message, { retryAfter: row!.retry_after });
}

/** Drops the windows that ended long ago. */
export async function pruneRateLimits(db: Database, olderThanSeconds = 3600): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, sql`now() - make_interval(secs => ${olderThanSeconds}::int)`));
}
