import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { CategoryKind, ListingStatus, SaleMode } from '@/db/schema/marketplace-values';
import type { CategoryAttribute } from '@/db/schema/marketplace';
import { forbidden, notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import { isUuid } from '../kernel/validation';
import { pedigreeTree } from '../pedigree/identity-queries';
import { listingImagePath, marketplaceCurrencySql } from './listing-cards';
import type { Listing } from './listing-schema';
import type { StoredFile } from '../media/stored-file';
import { listingSellerActive, managedBy, SELLER_OWNER_JOIN, sellerVerified } from './seller-access';

/** Who asks: a signed-in user, and whether they administer the platform. */
export type Viewer = { userId: string; isAdmin: boolean };

/** Generations of the horse's pedigree a listing shows (C.3). */
const LISTING_PEDIGREE_GENERATIONS = 3;

/** A listing anyone signed in may find and open: active, of a seller who may sell (C.3). */
export const listingPublic = sql`(p.status = 'active' and ${listingSellerActive})`;

/**
 * Whether the viewer may see the listing aliased `p` (seller `sp`, owner `so`/`su`): an
 * active listing of an active seller, any state for its managers and platform administrators,
 * but `removed` for nobody (a seller's delete, kept for the moderation log and reports).
 */
export function listingVisible(viewer: Viewer): SQL {
  return sql`(p.status <> 'removed' and (${listingPublic}
              or ${managedBy(viewer.userId)} or ${sql.raw(viewer.isAdmin ? 'true' : 'false')}))`;
}

/** The listing's images in order, as JSON (`listingImageSchema`); an empty array for none. */
const imagesJson = sql`coalesce((
    select json_agg(json_build_object(
             'id', pm.media_id, 'url', ${listingImagePath(sql`p.id`, sql`pm.media_id`)},
             'width', m.width, 'height', m.height, 'caption', m.caption)
           order by pm.position, pm.media_id)
      from publication_media pm join media m on m.id = pm.media_id
     where pm.publication_id = p.id), '[]'::json)`;

/** The whole listing (`listingSchema` but its pedigree) of the visible listing `listingId`. */
function selectListing(viewer: Viewer, listingId: string): SQL {
  return sql`
    select p.id, p.title, p.price::float8 as price, p.price_type, p.sale_mode,
           ${marketplaceCurrencySql} as currency, p.quantity, p.status,
           json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'kind', c.kind,
                             'parent_id', c.parent_id) as category,
           json_build_object('id', sp.id, 'display_name', sp.display_name, 'slug', sp.slug,
                             'verified', ${sellerVerified},
                             'location', json_build_object('city', sp.city, 'state', sp.state,
                                                           'country', sp.country),
                             'phone', case when sp.phone_visible then sp.phone end) as seller,
           json_build_object('city', p.city, 'state', p.state, 'country', p.country) as location,
           p.attributes,
           imgs.images -> 0 as image,
           json_array_length(imgs.images) as images_count,
           ${isoTimestampSql(sql`p.published_at`)} as published_at,
           ${isoTimestampSql(sql`p.expires_at`)} as expires_at,
           p.favourites_count,
           exists (select 1 from marketplace_favourites f
                    where f.user_id = ${viewer.userId} and f.publication_id = p.id) as is_favourite,
           ${isoTimestampSql(sql`p.created_at`)} as created_at,
           ${isoTimestampSql(sql`p.updated_at`)} as updated_at,
           p.description, p.condition,
           json_build_object('ships', p.ships, 'price', p.shipping_price::float8,
                             'pickup', p.pickup) as shipping,
           p.horse_identity_id,
           array_to_json(p.service_ids) as service_ids,
           (select coalesce(json_agg(json_build_object(
                     'id', s.id, 'stallion', json_build_object('id', h.id, 'name', i.name),
                     'season', s.season, 'method', s.method, 'delivery', s.delivery,
                     'stud_fee', s.stud_fee::float8, 'booking_fee', s.booking_fee::float8)
                     order by i.name, s.season, s.method, s.delivery), '[]'::json)
              from stud_services s
              join stud_horses h on h.stud_id = s.stud_id and h.id = s.stallion_id
              join horse_identities i on i.id = h.horse_identity_id
             where s.stud_id = sp.organization_id and s.id = any(p.service_ids)
               and s.public and s.active) as services,
           imgs.images,
           p.status_reason,
           ${managedBy(viewer.userId)} as is_mine
      from publications p
      join seller_profiles sp on sp.id = p.seller_profile_id
      ${SELLER_OWNER_JOIN}
      join marketplace_categories c on c.id = p.category_id
      cross join lateral (select ${imagesJson} as images) imgs
     where p.id = ${listingId} and ${listingVisible(viewer)}`;
}

/**
 * GET /listings/{id}: the listing as `listingSchema`, 404 unless the viewer may see it. Two
 * statements: the listing with its category, seller and images as JSON, then the pedigree.
 */
export async function getListing(
  db: Database,
  viewer: Viewer,
  listingId: string,
): Promise<Listing> {
  const [row] = isUuid(listingId)
    ? await queryRows<Omit<Listing, 'horse'>>(db, selectListing(viewer, listingId))
    : [];
  if (!row) throw notFound('Listing');
  const tree = row.horse_identity_id
    ? await pedigreeTree(db, row.horse_identity_id, LISTING_PEDIGREE_GENERATIONS)
    : null;
  let horse: Listing['horse'] = null;
  if (tree) {
    const { merged_into_id: _, ...node } = tree;
    horse = node;
  }
  return { ...row, horse };
}

/** What a write needs to know of a listing it may change (`listingForWrite`). */
export type WritableListing = {
  id: string;
  status: ListingStatus;
  seller_profile_id: string;
  seller_organization_id: string | null;
  seller_verified: boolean;
  category_id: string;
  category_kind: CategoryKind;
  category_active: boolean;
  category_attributes: CategoryAttribute[];
  title: string;
  description: string;
  attributes: Record<string, unknown>;
  price: string | null;
  price_type: string;
  sale_mode: SaleMode;
  quantity: number;
  service_ids: string[];
  /** The listing's images, in order. */
  image_ids: string[];
};

/**
 * A listing the viewer manages, for a write: 404 when they cannot see it, 403 when they can
 * but it is not theirs (an active listing of another seller). `lock` takes the row for update
 * until the caller's transaction ends. One statement.
 */
export async function listingForWrite(
  db: Database,
  viewer: Viewer,
  listingId: string,
  options: { lock?: boolean } = {},
): Promise<WritableListing> {
  const [row] = isUuid(listingId)
    ? await queryRows<WritableListing & { visible: boolean; managed: boolean }>(
        db,
        sql`select p.id, p.status, p.seller_profile_id, sp.organization_id as seller_organization_id,
                   ${sellerVerified} as seller_verified,
                   p.category_id, c.kind as category_kind, c.active and (c.parent_id is null or exists (
                     select 1 from marketplace_categories r where r.id = c.parent_id and r.active))
                     as category_active,
                   c.attributes as category_attributes,
                   p.title, p.description, p.attributes, p.price::text as price, p.price_type, p.sale_mode,
                   p.quantity, array_to_json(p.service_ids) as service_ids,
                   coalesce((select json_agg(pm.media_id order by pm.position, pm.media_id)
                               from publication_media pm where pm.publication_id = p.id),
                            '[]'::json) as image_ids,
                   ${listingVisible(viewer)} as visible,
                   ${managedBy(viewer.userId)} as managed
              from publications p
              join seller_profiles sp on sp.id = p.seller_profile_id
              ${SELLER_OWNER_JOIN}
              join marketplace_categories c on c.id = p.category_id
             where p.id = ${listingId}
            ${options.lock ? sql`for no key update of p` : sql``}`,
      )
    : [];
  if (!row?.visible) throw notFound('Listing');
  if (!row.managed) throw forbidden('This listing is not yours.');
  const { visible: _, managed: __, ...listing } = row;
  return listing;
}

/**
 * An image of a listing the viewer may see, for its content route: 404 when the listing is
 * hidden from them or the image is not the listing's. One statement.
 */
export async function listingImageFile(
  db: Database,
  viewer: Viewer,
  listingId: string,
  mediaId: string,
): Promise<StoredFile> {
  const [row] =
    isUuid(listingId) && isUuid(mediaId)
      ? await queryRows<StoredFile>(
          db,
          sql`select m.id, m.content_type, m.filename, m.size_bytes, m.storage_key
                from publications p
                join seller_profiles sp on sp.id = p.seller_profile_id
                ${SELLER_OWNER_JOIN}
                join publication_media pm on pm.publication_id = p.id and pm.media_id = ${mediaId}
                join media m on m.id = pm.media_id
               where p.id = ${listingId} and ${listingVisible(viewer)}`,
        )
      : [];
  if (!row) throw notFound('Image');
  return row;
}
