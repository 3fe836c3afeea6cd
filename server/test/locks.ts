import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';

/**
 * Runs `body` while a transaction of `db` holds what `lock` locks, and commits once `body`
 * is done: requests started in `body` wait for the lock meanwhile (PostgreSQL only).
 */
export async function holdingLock<T>(
  db: Database,
  lock: (tx: Database) => Promise<unknown>,
  body: () => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lock(tx);
    return body();
  });
}

/**
 * The backend pids of the current database that wait for a lock, once there are `count` of
 * them. `db` must not be inside a transaction: the activity view is a snapshot per transaction.
 */
export async function lockWaiters(db: Database, count: number, timeoutMs = 10_000): Promise<number[]> {
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
