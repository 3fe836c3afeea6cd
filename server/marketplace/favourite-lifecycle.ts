import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { conflict, notFound } from '../kernel/errors';
import type { Caller } from '../kernel/trpc/context';
import { isUuid } from '../kernel/validation';
import { listingTarget } from './listing-target';

/*
 * Favourites (DESIGN-MODULES C.4). `publications.favourites_count` moves in the statement
 * that adds or drops the row, and only when a row was added or dropped, so repeats and races
 * keep it exact.
 */

/**
 * POST /favourites: an active listing the caller can see (their own included); 404 when they
 * cannot see it, 409 when it is not active. Answers whether the row is new.
 */
export async function addFavourite(db: Database, caller: Caller, listingId: string) {
  const listing = await listingTarget(db, caller, listingId);
  if (listing.status !== 'active')
    throw conflict(`This listing is ${listing.status}: only active listings can be saved.`);
  if (!listing.public) throw conflict('The seller of this listing is suspended.');
  const added = await queryRows<{ id: string }>(
    db,
    sql`with added as (
          insert into marketplace_favourites (user_id, publication_id)
          values (${caller.user.id}, ${listing.id})
          on conflict do nothing returning publication_id)
        update publications set favourites_count = favourites_count + 1
         where id in (select publication_id from added) returning id`,
  );
  return { added: added.length > 0 };
}

/** DELETE /favourites/{listingId}: whatever the listing's state; 404 when it is no favourite. */
export async function removeFavourite(db: Database, userId: string, listingId: string) {
  const dropped = isUuid(listingId)
    ? await queryRows<{ id: string }>(
        db,
        sql`with dropped as (
              delete from marketplace_favourites
               where user_id = ${userId} and publication_id = ${listingId}
              returning publication_id)
            update publications set favourites_count = favourites_count - 1
             where id in (select publication_id from dropped) returning id`,
      )
    : [];
  if (dropped.length === 0) throw notFound('Favourite');
}
