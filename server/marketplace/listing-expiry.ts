import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { TimedJob } from '../kernel/jobs';

/**
 * Active listings whose `expires_at` has passed become `expired` (C.3), in one UPDATE; their
 * sellers renew them (POST …/renew). Idempotent: an expired listing is no longer active. No
 * notice is sent: the notification types have none for an expiry (`listing_moderated` is a
 * moderator's decision), and the seller's list shows the state. Answers how many expired.
 */
export async function expireListings(db: Database, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update publications set status = 'expired', updated_at = ${at}
         where status = 'active' and expires_at <= ${at}
        returning id`,
  );
  return rows.length;
}

export const listingExpiryJob: TimedJob = {
  name: 'marketplace.listing-expiry',
  everySeconds: 300,
  run: expireListings,
};
