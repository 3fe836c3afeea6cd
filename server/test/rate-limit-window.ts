import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';

/**
 * Waits for the next window (a minute, or `windowSeconds`) when fewer than `secondsNeeded`
 * are left in this one, so that a test's hits all fall in one fixed rate-limit window.
 */
export async function awayFromWindowEdge(db: Database, secondsNeeded = 15, windowSeconds = 60) {
  const [row] = await queryRows<{ second: number }>(
    db,
    sql`select mod(extract(epoch from now())::numeric, ${windowSeconds}::int)::float8 as second`,
  );
  const left = windowSeconds - row!.second;
  if (left < secondsNeeded) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
}
