import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';

/**
 * Starts requests while a transaction of `db` holds what `lock` locks, waits until `waiting`
 * backends queue for a lock, runs `meanwhile` (the lock still held), then commits and returns
 * the requests' answers: they were all past their guards and go at the same moment.
 * PostgreSQL only.
 */
export async function startWhileLocked<T>(
  db: Database,
  lock: (tx: Database) => Promise<unknown>,
  start: () => Promise<T>,
  options: {
    waiting?: number;
    meanwhile?: (waiters: { pids: number[]; pending: Promise<T> }) => Promise<void>;
  } = {},
): Promise<T> {
  let pending!: Promise<T>;
  await db.transaction(async (tx) => {
    await lock(tx);
    pending = start();
    const pids = await lockWaiters(db, options.waiting ?? 1);
    await options.meanwhile?.({ pids, pending });
  });
  return pending;
}

/**
 * The backend pids of the current database that wait for a lock, once there are `count` of
 * them. `db` must not be inside a transaction: the activity view is a snapshot per transaction.
 */
export async function lockWaiters(
  db: Database,
  count: number,
  timeoutMs = 10_000,
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await queryRows<{ pid: number }>(
      db,
      sql`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows.length >= count) return rows.map((row) => row.pid);
    if (Date.now() > deadline) throw new Error(`only ${rows.length} backend(s) reached the lock`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
