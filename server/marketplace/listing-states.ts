import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { ListingStatus } from '@/db/schema/marketplace-values';
import { conflict, validationError } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { settingDefinition } from '../platform/settings-registry';
import { readSettings } from '../platform/settings-store';
import { attributeErrors } from './category-attributes';
import { getListing, listingForWrite, type Viewer } from './listing-queries';
import type { Listing } from './listing-schema';
import { managedBy } from './seller-access';

/*
 * The seller's transitions of C.3. Each is ONE guarded UPDATE (`status = any(<from>)` and the
 * caller manages the seller profile): of two simultaneous ones the second finds the state
 * changed and gets a 409; a failed UPDATE is then explained (404, 403 or the 409 naming the
 * state) by one more read.
 */

/** A listing's days online once it goes live or is renewed: the setting, else its default. */
const listingDaysSql = sql`coalesce(
  (select (s.value #>> '{}')::int from settings s where s.key = 'marketplace.listing_days'),
  ${settingDefinition('marketplace.listing_days')!.default as number})`;

const onlineFromNow = sql`now() + make_interval(days => ${listingDaysSql})`;

type Transition = { from: readonly ListingStatus[]; verb: string; set: SQL };

/**
 * Deleting is a transition too: a draft, a rejected or an expired listing is `removed`, kept
 * for the moderation log and reports and shown to nobody; one that has order lines is
 * `archived` instead, which its seller and administrators still open from their sales (the
 * buyers' lines keep their own snapshot). Decided in the same guarded statement.
 */
const REMOVE: Transition = {
  from: ['draft', 'rejected', 'expired'],
  verb: 'deleted',
  set: sql`status = case when exists (select 1 from order_items oi where oi.publication_id = p.id)
                         then 'archived' else 'removed' end`,
};

const SELLER_TRANSITIONS = {
  pause: { from: ['active'], verb: 'paused', set: sql`status = 'paused'` },
  resume: { from: ['paused'], verb: 'resumed', set: sql`status = 'active'` },
  markSold: { from: ['active'], verb: 'marked sold', set: sql`status = 'sold'` },
  renew: {
    from: ['active', 'expired'],
    verb: 'renewed',
    set: sql`status = 'active', published_at = coalesce(p.published_at, now()),
             expires_at = ${onlineFromNow}`,
  },
} as const satisfies Record<string, Transition>;

export type SellerAction = keyof typeof SELLER_TRANSITIONS;

const SUBMITTABLE: readonly ListingStatus[] = ['draft', 'rejected'];

/** The guarded UPDATE of a transition; answers whether it applied. */
async function guardedUpdate(
  db: Database,
  viewer: Viewer,
  listingId: string,
  transition: Transition,
): Promise<boolean> {
  if (!isUuid(listingId)) return false;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update publications p set ${transition.set}, updated_at = now()
          from seller_profiles sp
         where p.id = ${listingId} and sp.id = p.seller_profile_id
           and p.status = any(${sql.param([...transition.from])}::text[])
           and ${managedBy(viewer.userId)}
        returning p.id`,
  );
  return rows.length > 0;
}

/** Why a transition did not apply: 404 or 403 (`listingForWrite`), else a 409 naming the state. */
async function refusal(
  db: Database,
  viewer: Viewer,
  listingId: string,
  transition: Transition,
): Promise<Error> {
  const { status } = await listingForWrite(db, viewer, listingId);
  return refused(status, transition);
}

const refused = (status: ListingStatus, transition: Transition) =>
  conflict(
    `This listing is ${status}: only ${transition.from.join(' or ')} listings can be ${transition.verb}.`,
  );

/** POST /listings/{id}/pause, /resume, /mark-sold, /renew: the listing after it. */
export async function applySellerTransition(
  db: Database,
  viewer: Viewer,
  listingId: string,
  action: SellerAction,
): Promise<Listing> {
  const transition = SELLER_TRANSITIONS[action];
  return db.transaction(async (tx) => {
    if (!(await guardedUpdate(tx, viewer, listingId, transition)))
      throw await refusal(tx, viewer, listingId, transition);
    return getListing(tx, viewer, listingId);
  });
}

/** DELETE /listings/{id}: `removed`, or `archived` when it has orders (see REMOVE). */
export async function removeListing(db: Database, viewer: Viewer, listingId: string) {
  await db.transaction(async (tx) => {
    if (!(await guardedUpdate(tx, viewer, listingId, REMOVE)))
      throw await refusal(tx, viewer, listingId, REMOVE);
  });
}

/** Whether a submitted listing goes live at once: no approval asked, or a trusted seller. */
async function autoApproved(db: Database, sellerVerified: boolean): Promise<boolean> {
  const keys = ['marketplace.require_listing_approval', 'marketplace.auto_approve_verified'];
  const [requireApproval, autoApproveVerified] = (
    await readSettings(
      db,
      keys.map((key) => settingDefinition(key)!),
    )
  ).map((setting) => setting.value === true);
  return !requireApproval || (autoApproveVerified! && sellerVerified);
}

/**
 * POST /listings/{id}/submit: a draft or rejected listing, complete (a price unless on request,
 * stock, its category's attributes), goes to moderation (`pending`), or live at once when
 * auto-approved (`marketplace.require_listing_approval` off, or `auto_approve_verified` on and
 * the seller verified): published now, expiring after `marketplace.listing_days`.
 */
export async function submitListing(
  db: Database,
  viewer: Viewer,
  listingId: string,
): Promise<Listing> {
  return db.transaction(async (tx) => {
    const listing = await listingForWrite(tx, viewer, listingId);
    const live = await autoApproved(tx, listing.seller_verified);
    const transition: Transition = {
      from: SUBMITTABLE,
      verb: 'submitted',
      set: live
        ? sql`status = 'active', status_reason = null, published_at = now(),
              expires_at = ${onlineFromNow}`
        : sql`status = 'pending', status_reason = null`,
    };
    if (!SUBMITTABLE.includes(listing.status)) throw refused(listing.status, transition);
    const errors = {
      ...(listing.category_active
        ? {}
        : { category_id: ['The category is closed: choose another one.'] }),
      ...attributeErrors(listing.category_attributes, listing.attributes),
      ...(listing.price_type !== 'on_request' && listing.price === null
        ? { price: ['The price field is required unless on request.'] }
        : {}),
      ...(listing.quantity < 1 ? { quantity: ['The quantity must be at least 1.'] } : {}),
    };
    if (Object.keys(errors).length > 0) throw validationError(errors);
    if (!(await guardedUpdate(tx, viewer, listingId, transition)))
      throw await refusal(tx, viewer, listingId, transition);
    return getListing(tx, viewer, listingId);
  });
}
