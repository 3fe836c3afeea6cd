import { lt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { queryRows, type Database } from '@/db/client';
import { rateLimitCounters } from '@/db/schema';
import type { Config } from '../config';
import { AppError } from '../errors';
import { peerAddress } from './peer-address';

/** The key of every client whose address is unknown (see `clientKeyOf`). */
export const DIRECT_CLIENT = 'direct';

/**
 * An address as a rate-limit key: IPv4 in dotted decimal (an IPv4-mapped IPv6 address,
 * `::ffff:1.2.3.4`, is its IPv4 address), IPv6 as its /64 network (`2001:db8:1:2::/64`),
 * since one subscriber usually holds a whole /64 and could otherwise pick a fresh address per
 * request. A port (`1.2.3.4:5678`, `[2001:db8::1]:443`) and a zone (`%eth0`) are dropped.
 * Null when it is not an address.
 */
export function addressKey(value: string): string | null {
  let text = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.indexOf(':'));
  text = text.replace(/%.*$/, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).toString();
  if (!ipaddr.IPv6.isValid(text)) return null;
  const address = ipaddr.IPv6.parse(text);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]).toRFC5952String()}/64`;
}

/**
 * The client's address for rate limits, as `addressKey`.
 *
 * - Behind a proxy (`TRUST_PROXY=1`): the last `X-Forwarded-For` entry, the one our proxy
 *   appended (earlier entries are whatever the client sent).
 * - Otherwise: the address of the socket, which the production server passes beside the
 *   request (`peerAddress`), never a header: the node adapter adds `X-Forwarded-For` only
 *   when the client sent none, so that header is the client's to choose.
 * - Where neither is known (`npm run dev`, whose route handlers see no socket, or an entry
 *   that is no address) every such client shares one bucket, `DIRECT_CLIENT`, rather than
 *   letting anyone pick a fresh key per request.
 */
export function clientKeyOf(req: Request, config: Pick<Config, 'trustProxy'>): string {
  if (!config.trustProxy) {
    const socket = peerAddress();
    return (socket ? addressKey(socket) : null) ?? DIRECT_CLIENT;
  }
  const last = req.headers
    .get('x-forwarded-for')
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return (last ? addressKey(last) : null) ?? DIRECT_CLIENT;
}

const windowStart = (windowSeconds: number) =>
  sql`to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}::int) * ${windowSeconds}::int)`;

/**
 * Counts one hit in the current fixed window of `bucket` with one upsert, so concurrent
 * requests in any number of processes count exactly (the row lock orders them); answers the
 * window's hits and the seconds left in it.
 */
export async function countRateLimitHit(
  db: Database,
  bucket: string,
  windowSeconds = 60,
): Promise<{ hits: number; retryAfter: number }> {
  const [row] = await queryRows<{ hits: number; retry_after: number }>(
    db,
    sql`
      insert into rate_limit_counters as c (bucket, window_start, hits)
      values (${bucket}, ${windowStart(windowSeconds)}, 1)
      on conflict (bucket, window_start) do update set hits = c.hits + 1
      returning c.hits,
        greatest(1, ceil(extract(epoch from (c.window_start + make_interval(secs => ${windowSeconds}::int) - now()))))::int as retry_after`,
  );
  return { hits: row!.hits, retryAfter: row!.retry_after };
}

/**
 * Counts one hit of `bucket` and throws 429 with the seconds left in the window once `limit`
 * hits have been counted. Run it in the transaction of the accepted request: a request that
 * fails later does not count.
 */
export async function consumeRateLimit(
  db: Database,
  bucket: string,
  limit: number,
  windowSeconds = 60,
  message = 'Too many requests. Please try again later.',
): Promise<void> {
  const { hits, retryAfter } = await countRateLimitHit(db, bucket, windowSeconds);
  if (hits > limit) throw new AppError('TOO_MANY_REQUESTS', message, { retryAfter });
}

/**
 * Throws 429 when `limit` hits are already counted in the current window of `bucket`,
 * counting nothing: for limits on failures, which `countRateLimitHit` counts once known.
 */
export async function assertUnderRateLimit(
  db: Database,
  bucket: string,
  limit: number,
  windowSeconds: number,
  message: string,
): Promise<void> {
  const [row] = await queryRows<{ retry_after: number }>(
    db,
    sql`select greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}::int) - now()))))::int as retry_after
          from rate_limit_counters
         where bucket = ${bucket} and window_start = ${windowStart(windowSeconds)} and hits >= ${limit}`,
  );
  if (row) throw new AppError('TOO_MANY_REQUESTS', message, { retryAfter: row.retry_after });
}

/** Drops the windows that ended long ago. */
export async function pruneRateLimits(db: Database, olderThanSeconds = 3600): Promise<void> {
  await db
    .delete(rateLimitCounters)
    .where(
      lt(
        rateLimitCounters.windowStart,
        sql`now() - make_interval(secs => ${olderThanSeconds}::int)`,
      ),
    );
}
