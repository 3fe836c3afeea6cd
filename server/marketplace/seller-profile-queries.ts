import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { notFound } from '../kernel/errors';
import { isoTimestampSql } from '../kernel/records';
import { isUuid } from '../kernel/validation';
import type { StoredFile } from '../media/stored-file';
import { listingCards } from './listing-cards';
import {
  SELLER_LISTINGS_SHOWN,
  type PublicSeller,
  type SellerProfile,
} from './seller-profile-schema';
import { managedBy, SELLER_OWNER_JOIN, sellerActive, sellerVerified } from './seller-access';

/**
 * The profiles aliased `sp` under `where`, as `sellerProfileSchema`; the avatar only while its
 * medium exists (no foreign key: a deleted medium simply stops showing). One statement.
 */
function profileRows(where: SQL, avatarPath: (sp: SQL, media: SQL) => SQL): SQL {
  return sql`
    select sp.id,
           json_build_object(
             'type', case when sp.organization_id is null then 'user' else 'organization' end,
             'id', coalesce(sp.organization_id, sp.user_id),
             'name', coalesce(so.name, su.display_name)) as owner,
           sp.display_name, sp.slug, sp.bio,
           json_build_object('city', sp.city, 'state', sp.state, 'country', sp.country) as location,
           sp.phone, sp.phone_visible, sp.contact_email,
           case when am.id is null then null else ${avatarPath(sql`sp.id`, sql`am.id`)} end as avatar_url,
           ${sellerVerified} as verified,
           sp.payout_status,
           exists (select 1 from payment_gateway_settings g where g.provider <> 'manual')
             as payouts_by_gateway,
           json_build_object(
             'active_listings', (select count(*)::int from publications p
                                  where p.seller_profile_id = sp.id and p.status = 'active'),
             'sold_listings', (select count(*)::int from publications p
                                where p.seller_profile_id = sp.id and p.status = 'sold'),
             'member_since', ${isoTimestampSql(sql`coalesce(so.created_at, su.created_at)`)}) as stats,
           ${isoTimestampSql(sql`sp.created_at`)} as created_at,
           ${isoTimestampSql(sql`sp.updated_at`)} as updated_at
      from seller_profiles sp
      ${SELLER_OWNER_JOIN}
      left join media am on am.id = sp.avatar_media_id and am.seller_profile_id = sp.id
     where ${where}`;
}

/** A seller named in a path by id or by slug. */
const sellerMatch = (idOrSlug: string) =>
  isUuid(idOrSlug) ? sql`sp.id = ${idOrSlug}` : sql`sp.slug = ${idOrSlug.toLowerCase()}`;

const managerAvatar = (sp: SQL, media: SQL) =>
  sql`'/api/marketplace/seller-profiles/' || ${sp} || '/media/' || ${media} || '/content'`;

/** The caller's profiles: their own first, then their organizations' by name. */
export async function listSellerProfiles(db: Database, userId: string): Promise<SellerProfile[]> {
  return queryRows<SellerProfile>(
    db,
    sql`${profileRows(managedBy(userId), managerAvatar)}
        order by sp.organization_id is not null, sp.display_name, sp.id`,
  );
}

/** A profile the caller manages; anybody else's is not found (404). */
export async function getSellerProfile(
  db: Database,
  userId: string,
  profileId: string,
): Promise<SellerProfile> {
  const [row] = isUuid(profileId)
    ? await queryRows<SellerProfile>(
        db,
        profileRows(sql`sp.id = ${profileId} and ${managedBy(userId)}`, managerAvatar),
      )
    : [];
  if (!row) throw notFound('Seller profile');
  return row;
}

/**
 * A seller's public page by id or slug (C.2): its newest active listings as cards. A seller
 * whose owner is suspended is not found. Two statements.
 */
export async function getPublicSeller(
  db: Database,
  viewerId: string,
  idOrSlug: string,
  url: URL,
): Promise<PublicSeller> {
  const [row] = await queryRows<SellerProfile>(
    db,
    profileRows(
      sql`${sellerMatch(idOrSlug)} and ${sellerActive}`,
      (sp) => sql`'/api/marketplace/sellers/' || ${sp} || '/avatar'`,
    ),
  );
  if (!row) throw notFound('Seller');
  const page = await listingCards(
    db,
    viewerId,
    {
      where: sql`p.seller_profile_id = ${row.id} and p.status = 'active'`,
      order: [{ key: sql`p.published_at`, direction: 'desc' }],
    },
    { page: 1, per_page: SELLER_LISTINGS_SHOWN },
    url,
  );
  return {
    id: row.id,
    owner: row.owner,
    display_name: row.display_name,
    slug: row.slug,
    bio: row.bio,
    location: row.location,
    phone: row.phone_visible ? row.phone : null,
    avatar_url: row.avatar_url,
    verified: row.verified,
    stats: row.stats,
    created_at: row.created_at,
    listings: page.data,
    listings_total: page.meta.total,
  };
}

/** The avatar of an active seller, for its public content route; else 404. */
export async function publicAvatar(db: Database, idOrSlug: string): Promise<StoredFile> {
  const [row] = await queryRows<StoredFile>(
    db,
    sql`select am.id, am.content_type, am.filename, am.size_bytes, am.storage_key
          from seller_profiles sp ${SELLER_OWNER_JOIN}
          join media am on am.id = sp.avatar_media_id and am.seller_profile_id = sp.id
         where ${sellerMatch(idOrSlug)} and ${sellerActive}`,
  );
  if (!row) throw notFound('Avatar');
  return row;
}
