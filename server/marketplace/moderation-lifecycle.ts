import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { ListingStatus, ModerationAction } from '@/db/schema/marketplace-values';
import { conflict, notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { wakeOutboxWorker } from '../mail/worker';
import { notify } from '../notifications/notify';
import { settingDefinition } from '../platform/settings-registry';
import { getModerationDetail } from './moderation-queries';
import { managedBy, sellerRecipients } from './seller-access';

/** The listing's days once approved: the setting, else its default (G.4). */
const listingDaysSql = sql`coalesce(
  (select (s.value #>> '{}')::int from settings s where s.key = 'marketplace.listing_days'),
  ${settingDefinition('marketplace.listing_days')!.default as number})`;

type Decision = Exclude<ModerationAction, 'dismiss_reports'>;

/**
 * The C.3 transitions an administrator makes (E.3): the states each leaves, what it writes,
 * the state it left (`from`, over the updated row), and the reports it closes as upheld.
 */
const DECISIONS: Record<
  Decision,
  {
    from: readonly ListingStatus[];
    set: (reason: string | null) => SQL;
    was: SQL;
    upholds: boolean;
  }
> = {
  approve: {
    from: ['pending'],
    set: () => sql`status = 'active', status_reason = null,
      published_at = coalesce(p.published_at, now()),
      expires_at = now() + make_interval(days => ${listingDaysSql})`,
    was: sql`'pending'`,
    upholds: false,
  },
  reject: {
    from: ['pending'],
    set: (reason) => sql`status = 'rejected', status_reason = ${reason}`,
    was: sql`'pending'`,
    upholds: true,
  },
  // Any state a seller or a decision has not closed; the previous one is kept to return to.
  suspend: {
    from: ['draft', 'pending', 'active', 'paused', 'expired', 'rejected'],
    set: (reason) =>
      sql`status = 'suspended', suspended_from = p.status, status_reason = ${reason}`,
    was: sql`p.suspended_from`,
    upholds: true,
  },
  reinstate: {
    from: ['suspended'],
    set: () => sql`status = p.suspended_from, suspended_from = null, status_reason = null`,
    was: sql`'suspended'`,
    upholds: false,
  },
};

const VERBS: Record<ModerationAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
  reinstate: 'reinstated',
  dismiss_reports: 'cleared of its reports',
};

/**
 * The listing an administrator acts on: 404 when it does not exist, 409 when the
 * administrator manages its seller profile (nobody moderates their own listing).
 */
async function target(tx: Database, id: string, adminId: string) {
  const [row] = isUuid(id)
    ? await queryRows<{ status: ListingStatus; own: boolean }>(
        tx,
        sql`select p.status, ${managedBy(adminId)} as own
              from publications p join seller_profiles sp on sp.id = p.seller_profile_id
             where p.id = ${id}`,
      )
    : [];
  if (!row) throw notFound('Listing');
  if (row.own) throw conflict('You cannot moderate a listing of your own.');
  return row;
}

/** Closes the listing's open reports with the decision's outcome; the ids closed. */
async function closeReports(
  tx: Database,
  id: string,
  outcome: 'upheld' | 'dismissed',
  adminId: string,
) {
  return queryRows<{ id: string }>(
    tx,
    sql`update listing_reports set status = ${outcome}, resolved_at = now(), resolved_by = ${adminId}
         where publication_id = ${id} and status = 'open' returning id`,
  );
}

/** The log's row of a decision, in the decision's transaction. */
async function logDecision(
  tx: Database,
  decision: { id: string; adminId: string; action: ModerationAction; reason: string | null },
  from: ListingStatus,
  to: ListingStatus,
) {
  await tx.execute(
    sql`insert into moderation_actions (publication_id, admin_id, action, from_status, to_status, reason)
        values (${decision.id}, ${decision.adminId}, ${decision.action}, ${from}, ${to}, ${decision.reason})`,
  );
}

/**
 * Approve, reject, suspend or reinstate a listing: one guarded UPDATE (of two decisions at
 * once, one wins and the other gets 409), its log row, the reports it closes and the notice
 * to the seller, in one transaction. Answers the listing as the moderation page shows it.
 */
export async function decideListing(
  db: Database,
  decision: { id: string; adminId: string; action: Decision; reason: string | null },
  appUrl: string,
) {
  const { id, adminId, action, reason } = decision;
  const rule = DECISIONS[action];
  await db.transaction(async (tx) => {
    await target(tx, id, adminId);
    const [done] = await queryRows<{
      from_status: ListingStatus;
      to_status: ListingStatus;
      title: string;
      seller_profile_id: string;
    }>(
      tx,
      sql`update publications p set ${rule.set(reason)}, updated_at = now()
           where p.id = ${id} and p.status = any(${sql.param([...rule.from])}::text[])
       returning ${rule.was} as from_status, p.status as to_status, p.title, p.seller_profile_id`,
    );
    if (!done) {
      // Read again: a decision that won a race has changed the state since `target`.
      const { status } = await target(tx, id, adminId);
      throw conflict(`This listing is ${status}: it cannot be ${VERBS[action]}.`);
    }
    if (rule.upholds) await closeReports(tx, id, 'upheld', adminId);
    await logDecision(tx, decision, done.from_status, done.to_status);
    await notify(
      tx,
      await sellerRecipients(tx, done.seller_profile_id),
      'marketplace.listing_moderated',
      {
        title: `Your listing “${done.title}” was ${VERBS[action]}`,
        body: noticeBody(action, done.to_status, reason),
        link: '/marketplace/my/listings',
        data: { publication_id: id },
      },
      appUrl,
    );
  });
  wakeOutboxWorker();
  return getModerationDetail(db, id);
}

function noticeBody(action: Decision, to: ListingStatus, reason: string | null): string {
  switch (action) {
    case 'approve':
      return 'An administrator approved it: it is now visible in the marketplace.';
    case 'reject':
      return `An administrator did not approve it; edit it and submit it again. Reason: ${reason}`;
    case 'suspend':
      return `An administrator suspended it: nobody else sees it. Reason: ${reason}`;
    case 'reinstate':
      return `An administrator lifted its suspension: it is ${to} again.`;
  }
}

/**
 * Closes a listing's open reports as dismissed, leaving its state: a reported listing found
 * fine leaves the queue. 409 when none is open (also to the loser of two at once). The seller
 * is not told: reports are never shown to them.
 */
export async function dismissReports(db: Database, id: string, adminId: string) {
  await db.transaction(async (tx) => {
    const { status } = await target(tx, id, adminId);
    const closed = await closeReports(tx, id, 'dismissed', adminId);
    if (closed.length === 0) throw conflict('This listing has no open reports.');
    await logDecision(tx, { id, adminId, action: 'dismiss_reports', reason: null }, status, status);
  });
  return getModerationDetail(db, id);
}
