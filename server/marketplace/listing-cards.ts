import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '@/db/client';
import { heldAnswers } from '../kernel/held-answers';
import { isoTimestampSql } from '../kernel/records';
import { paginate, pageOffset, type PageRequest } from '../kernel/trpc/pagination';
import type { ListingCard } from './listing-schema';
import { SELLER_OWNER_JOIN, sellerVerified } from './seller-access';

/** One sort key of a list of cards: an expression over `p` (the listing), `sp` or the join. */
export type SortKey = { key: SQL; direction: 'asc' | 'desc' };

/** The listing's seller profile as `sp`, for selections whose conditions read it. */
export const SELLER_JOIN = sql`join seller_profiles sp on sp.id = p.seller_profile_id`;

/** Which listings a list shows, and in what order (the listing's id breaks ties). */
export type CardSelection = {
  /**
   * Tables joined to `publications p`: a user's favourites, the seller profile (SELLER_JOIN)
   * when a condition reads `sp`. Only what the selection needs, since every match is counted.
   */
  join?: SQL;
  where: SQL;
  order: readonly SortKey[];
};

/** The first image of the listing `p`, as `img` (its media id, size and caption), if any. */
export const FIRST_IMAGE_JOIN = sql`
  left join lateral (
    select pm.media_id, m.width, m.height, m.caption
      from publication_media pm join media m on m.id = pm.media_id
     where pm.publication_id = p.id
     order by pm.position, pm.media_id limit 1) img on true`;

/** The marketplace currency, in the statement: the setting, else USD (G.4). */
export const marketplaceCurrencySql = sql`coalesce((select s.value #>> '{}' from settings s where s.key = 'marketplace.currency'), 'USD')`;

/** The path of a listing image: whoever may see the listing may see its images. */
export const listingImagePath = (listingId: SQL, mediaId: SQL) =>
  sql`'/api/marketplace/listings/' || ${listingId} || '/images/' || ${mediaId} || '/content'`;

/**
 * The card of each listing of `ids` (a relation of `id` and `position`), with its position,
 * as `listingCardSchema`: JSON built by the database, so that no row costs a query.
 */
function cardsOf(ids: SQL, viewerId: string): SQL {
  return sql`
    select ids.position, p.id, p.title, p.price::float8 as price, p.price_type, p.sale_mode,
           ${marketplaceCurrencySql} as currency, p.quantity, p.status,
           json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'kind', c.kind) as category,
           json_build_object('id', sp.id, 'display_name', sp.display_name, 'slug', sp.slug,
                             'verified', ${sellerVerified}) as seller,
           json_build_object('city', p.city, 'state', p.state, 'country', p.country) as location,
           p.attributes,
           case when img.media_id is null then null else json_build_object(
             'id', img.media_id, 'url', ${listingImagePath(sql`p.id`, sql`img.media_id`)},
             'width', img.width, 'height', img.height, 'caption', img.caption) end as image,
           (select count(*)::int from publication_media pm where pm.publication_id = p.id) as images_count,
           ${isoTimestampSql(sql`p.published_at`)} as published_at,
           ${isoTimestampSql(sql`p.expires_at`)} as expires_at,
           p.favourites_count,
           exists (select 1 from marketplace_favourites f
                    where f.user_id = ${viewerId} and f.publication_id = p.id) as is_favourite,
           ${isoTimestampSql(sql`p.created_at`)} as created_at,
           ${isoTimestampSql(sql`p.updated_at`)} as updated_at
      from ${ids} ids
      join publications p on p.id = ids.id
      join seller_profiles sp on sp.id = p.seller_profile_id
      ${SELLER_OWNER_JOIN}
      join marketplace_categories c on c.id = p.category_id
      ${FIRST_IMAGE_JOIN}
     order by ids.position`;
}

/**
 * A page of listing cards and its total in one statement: the page's ids by the selection's
 * sort keys first (an index can serve them), then the cards of the page alone.
 *
 * With `holdTotal` (a selection that reads listings and categories alone, as the search does),
 * the total is also held by this process under the version of what the search can find
 * (`marketplace_search_version`, moved on by triggers in every statement that changes it):
 * the statement reads the version and counts again only when it is not the held total's, so a
 * held total is exactly as current as a count, and the 100,000 listings of a catalogue are not
 * counted on every page of the same search (bench/marketplace-search.ts).
 */
export async function listingCards(
  db: Database,
  viewerId: string,
  selection: CardSelection,
  page: PageRequest,
  url: URL,
  { holdTotal = false }: { holdTotal?: boolean } = {},
) {
  const keys = selection.order.map((k, i) => sql`${k.key} as k${sql.raw(String(i))}`);
  const order = sql.join(
    [
      ...selection.order.map(
        (k, i) => sql`k${sql.raw(String(i))} ${sql.raw(k.direction)} nulls last`,
      ),
      // As the indexes write it (descending ids, nulls last), so that they serve the order.
      sql`id desc nulls last`,
    ],
    sql`, `,
  );
  // The selection twice, not a shared CTE: materialized, every hit was sorted to number the
  // page; this way the page is an ordered LIMIT (an index, or a top-N sort) and the total a
  // count alone (bench/marketplace-search.ts: the first page of 100,000 listings took 900 ms
  // of the database, now 70 ms).
  const from = sql`from publications p ${selection.join ?? sql``} where ${selection.where}`;
  const count = sql`(select count(*)::int ${from})`;
  const totalKey = holdTotal ? JSON.stringify(dialect.sqlToQuery(count)) : null;
  const held = totalKey === null ? undefined : heldTotals.any(totalKey);
  const rows = await queryRows<{ version: string | null; total: number; card: ListingCard | null }>(
    db,
    sql`with page as (
          select id, row_number() over (order by ${order}) as position
            from (select p.id${keys.length ? sql`, ${sql.join(keys, sql`, `)}` : sql``}
                    ${from}
                   order by ${order}
                   limit ${page.per_page} offset ${pageOffset(page)}) hits),
        version as (select version from marketplace_search_version)
        select (select version from version)::text as version, counted.total,
               to_jsonb(card) - 'position' as card
          from (select ${
            held
              ? sql`case when (select version from version) = ${held.version}::bigint
                         then ${held.answer}::int else ${count} end`
              : count
          } as total) counted
          left join lateral (${cardsOf(sql`page`, viewerId)}) card on true
         order by card.position`,
  );
  const total = rows[0]?.total ?? 0;
  const version = rows[0]?.version;
  if (totalKey !== null && version) heldTotals.hold(totalKey, version, total);
  const cards = rows.flatMap((r) => (r.card === null ? [] : [r.card]));
  return paginate(cards, total, page, url);
}

const dialect = new PgDialect();

/** The totals this process counted last, by their count statement, with their version. */
const heldTotals = heldAnswers<number>(1_000);
