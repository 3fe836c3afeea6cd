import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { ListingStatus } from '@/db/schema/marketplace-values';
import { conflict, invalidField, notFound } from '../kernel/errors';
import type { Caller } from '../kernel/trpc/context';
import { isUuid } from '../kernel/validation';
import { listingPublic, listingVisible } from './listing-queries';
import { SELLER_OWNER_JOIN, managedBy } from './seller-access';

/** A listing a buyer acts on (a favourite, a message, a report). */
export type ListingTarget = {
  id: string;
  title: string;
  status: ListingStatus;
  seller_profile_id: string;
  /** Active and of an active seller: what every signed-in user sees. */
  public: boolean;
  /** The caller manages its seller profile. */
  mine: boolean;
};

/**
 * The listing `listingId` as the caller may see it (`listingVisible`), else 404.
 */
export async function listingTarget(
  db: Database,
  caller: Caller,
  listingId: string,
): Promise<ListingTarget> {
  const viewer = { userId: caller.user.id, isAdmin: caller.isPlatformAdmin };
  const [row] = isUuid(listingId)
    ? await queryRows<ListingTarget>(
        db,
        sql`select p.id, p.title, p.status, p.seller_profile_id,
                   ${listingPublic} as public, ${managedBy(viewer.userId)} as mine
              from publications p
              join seller_profiles sp on sp.id = p.seller_profile_id
              ${SELLER_OWNER_JOIN}
             where p.id = ${listingId} and ${listingVisible(viewer)}`,
      )
    : [];
  if (!row) throw notFound('Listing');
  return row;
}

/**
 * A listing somebody else sells, open for business: 422 on one's own (`what` names the
 * action), 409 when it is not active or its seller may not sell (only its managers and
 * administrators see it then).
 */
export function requireOthersActive(listing: ListingTarget, what: 'contact' | 'report'): void {
  if (listing.mine) throw invalidField('id', `You cannot ${what} your own listing.`);
  if (listing.status !== 'active')
    throw conflict(`This listing is ${listing.status}: only active listings can be ${what}ed.`);
  if (!listing.public) throw conflict('The seller of this listing is suspended.');
}
