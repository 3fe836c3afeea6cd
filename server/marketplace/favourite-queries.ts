import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { PageRequest } from '../kernel/trpc/pagination';
import { listingCards, SELLER_JOIN } from './listing-cards';
import { listingPublic } from './listing-queries';
import { managedBy } from './seller-access';

/**
 * GET /favourites: the caller's favourites, the newest first, while the caller can open their
 * listing (public, or one they manage); a favourite of a listing that is paused, sold,
 * expired, under moderation or of a suspended seller stays stored and shows again if the
 * listing comes back.
 */
export function listFavourites(db: Database, userId: string, page: PageRequest, url: URL) {
  return listingCards(
    db,
    userId,
    {
      join: sql`join marketplace_favourites fav
                  on fav.publication_id = p.id and fav.user_id = ${userId}
                ${SELLER_JOIN}`,
      where: sql`(${listingPublic} or (${managedBy(userId)} and p.status <> 'removed'))`,
      order: [{ key: sql`fav.created_at`, direction: 'desc' }],
    },
    page,
    url,
  );
}

/** The card of one listing as the caller sees it (after a favourite is added). */
export async function listingCard(db: Database, userId: string, listingId: string, url: URL) {
  const page = await listingCards(
    db,
    userId,
    { where: sql`p.id = ${listingId}`, order: [] },
    { page: 1, per_page: 1 },
    url,
  );
  return page.data[0]!;
}
