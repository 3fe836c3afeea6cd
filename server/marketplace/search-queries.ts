import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { invalidField } from '../kernel/errors';
import { listingCards, type SortKey } from './listing-cards';
import type { z } from 'zod';
import type { ListingSearch, myListingsInput } from './listing-schema';
import { listingPublic } from './listing-queries';
import { managedBy } from './seller-access';
import { SELLER_JOIN } from './listing-cards';

/*
 * The lists of listing cards (DESIGN-MODULES C.3): the search of active listings and a
 * seller's own listings. Each page is one statement (listing-cards.ts).
 */

/** Lower case without accents (é → e, ñ → n), as the search document folds its text. */
const foldText = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

const SORTS: Record<ListingSearch['sort'], SortKey[]> = {
  newest: [{ key: sql`p.published_at`, direction: 'desc' }],
  // Listings priced on request (no price) come last either way.
  price_asc: [{ key: sql`p.price`, direction: 'asc' }],
  price_desc: [{ key: sql`p.price`, direction: 'desc' }],
};

/** 422 on `max_<name>` when a range's bounds are crossed. */
function checkRange(min: number | undefined, max: number | undefined, name: string) {
  if (min !== undefined && max !== undefined && min > max)
    throw invalidField(`max_${name}`, `The max ${name} must be at least the min ${name}.`);
}

/** The search's filters as conditions on `p` (the listing). */
function searchFilters(input: ListingSearch): SQL[] {
  checkRange(input.min_price, input.max_price, 'price');
  checkRange(input.min_age, input.max_age, 'age');
  checkRange(input.min_height, input.max_height, 'height');
  const filters: SQL[] = [listingPublic];
  const q = input.q ? foldText(input.q) : '';
  if (q) {
    // The document holds English and Spanish stems of folded text: the query is folded too
    // and matches in either language ("yeguas" finds "Yegua española").
    filters.push(sql`p.search_vector @@ (websearch_to_tsquery('english', ${q})
                                         || websearch_to_tsquery('spanish', ${q}))`);
  }
  if (input.category_id) {
    // `= any(array(…))` rather than `in (…)`: the planner then reads the category index
    // (10 ms to count 40,000 listings) instead of joining a scan of every listing (60–220 ms).
    filters.push(sql`p.category_id = any(array(select c.id from marketplace_categories c
                                                where c.id = ${input.category_id}
                                                   or c.parent_id = ${input.category_id}))`);
  }
  if (input.kind) {
    filters.push(sql`p.category_id = any(array(select c.id from marketplace_categories c
                                                where c.kind = ${input.kind}))`);
  }
  if (input.min_price !== undefined) filters.push(sql`p.price >= ${input.min_price}`);
  if (input.max_price !== undefined) filters.push(sql`p.price <= ${input.max_price}`);
  // Places, breed and discipline are compared without case or accents: the columns hold them
  // folded (db/schema/marketplace.ts), and so is the input.
  if (input.state) filters.push(sql`p.state_key = ${foldText(input.state)}`);
  if (input.city) filters.push(sql`p.city_key = ${foldText(input.city)}`);
  if (input.seller_id) filters.push(sql`p.seller_profile_id = ${input.seller_id}`);
  if (input.sale_mode) filters.push(sql`p.sale_mode = ${input.sale_mode}`);
  // Sex is one of the category's options, in lower case.
  if (input.sex) filters.push(sql`p.sex = ${input.sex.toLowerCase()}`);
  if (input.breed) filters.push(sql`p.breed_key = ${foldText(input.breed)}`);
  if (input.discipline) filters.push(sql`p.discipline_key = ${foldText(input.discipline)}`);
  // A horse's age is the years since its year of birth (horses age on 1 January), in UTC.
  const year = new Date().getUTCFullYear();
  if (input.min_age !== undefined) {
    filters.push(sql`p.birth_year <= ${year - input.min_age}`);
  }
  if (input.max_age !== undefined) {
    filters.push(sql`p.birth_year >= ${year - input.max_age}`);
  }
  if (input.min_height !== undefined) {
    filters.push(sql`p.height_cm >= ${input.min_height}`);
  }
  if (input.max_height !== undefined) {
    filters.push(sql`p.height_cm <= ${input.max_height}`);
  }
  return filters;
}

/**
 * GET /listings: active listings of active sellers under the filters, in the order asked
 * (newest first by default, with or without `q`).
 */
export function searchListings(db: Database, viewerId: string, input: ListingSearch, url: URL) {
  return listingCards(
    db,
    viewerId,
    { where: sql.join(searchFilters(input), sql` and `), order: SORTS[input.sort] },
    input,
    url,
    { holdTotal: true },
  );
}

type MyListingsFilters = z.infer<typeof myListingsInput>;

/**
 * GET /my/listings: every listing of the seller profiles the caller manages, in any state but
 * `removed`, the last updated first.
 */
export function myListings(db: Database, userId: string, input: MyListingsFilters, url: URL) {
  const filters: SQL[] = [managedBy(userId), sql`p.status <> 'removed'`];
  if (input.status) filters.push(sql`p.status = ${input.status}`);
  if (input.seller_profile_id) filters.push(sql`p.seller_profile_id = ${input.seller_profile_id}`);
  return listingCards(
    db,
    userId,
    {
      join: SELLER_JOIN,
      where: sql.join(filters, sql` and `),
      order: [{ key: sql`p.updated_at`, direction: 'desc' }],
    },
    input,
    url,
  );
}
