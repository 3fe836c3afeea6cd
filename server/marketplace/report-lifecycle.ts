import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { conflict } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import type { Caller } from '../kernel/trpc/context';
import { listingTarget, requireOthersActive } from './listing-target';
import type { Report, ReportFields } from './report-schema';

/**
 * POST /listings/{id}/report: an active listing somebody else sells (422 on one's own, 409
 * when not active). A second open report of the same listing by the same user is a 409 (the
 * partial unique index decides, so two at once make one).
 */
export async function reportListing(
  db: Database,
  caller: Caller,
  input: ReportFields,
): Promise<Report> {
  const listing = await listingTarget(db, caller, input.id);
  requireOthersActive(listing, 'report');
  const [row] = await queryRows<Report>(
    db,
    sql`insert into listing_reports (publication_id, reporter_id, reason, details)
        values (${listing.id}, ${caller.user.id}, ${input.reason}, ${input.details ?? null})
        on conflict (publication_id, reporter_id) where status = 'open' do nothing
        returning id, publication_id as listing_id, reason, details, status,
                  ${isoTimestampSql(sql`created_at`)} as created_at`,
  );
  if (!row) throw conflict('You have already reported this listing; it is awaiting review.');
  return row;
}
