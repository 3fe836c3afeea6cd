import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { waitlistEntries } from '@/db/schema';
import type { TimedJob } from '../kernel/jobs';

/**
 * Withdrawn and declined entries are deleted 12 months after their status last changed
 * (DESIGN-MODULES A.4 rule 6): one statement, once a day, by the scheduler.
 */
export async function purgeSettledEntries(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(waitlistEntries)
    .where(
      and(
        inArray(waitlistEntries.status, ['withdrawn', 'declined']),
        lt(
          waitlistEntries.statusChangedAt,
          sql`${now.toISOString()}::timestamptz - interval '12 months'`,
        ),
      ),
    )
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

export const purgeJob: TimedJob = {
  name: 'waitlist.purge',
  everySeconds: 24 * 60 * 60,
  run: purgeSettledEntries,
};
