import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { sellerProfiles } from '@/db/schema';
import {
  conflict,
  forbidden,
  invalidField,
  registerUniqueField,
  uniqueViolation,
} from '../kernel/errors';
import { freeSlug, slugify } from './marketplace-slugs';
import { managedProfile, SELLER_MANAGER_ROLES } from './seller-access';
import { getSellerProfile } from './seller-profile-queries';
import type {
  SellerProfile,
  SellerProfileCreateFields,
  SellerProfileUpdateFields,
} from './seller-profile-schema';

registerUniqueField('seller_profiles_slug_key', 'slug', 'The slug has already been taken.');

/** The one-per-owner indexes (C.2): a second profile is a 409, whoever wins the race. */
const OWNER_KEYS: Record<string, string> = {
  seller_profiles_user_key: 'You already have a seller profile.',
  seller_profiles_organization_key: 'This organization already has a seller profile.',
};

/**
 * The owner a new profile is for and its default name: the caller, or an organization they
 * own or manage (403 otherwise, unknown ones included; 409 while it is suspended).
 */
async function ownerOf(db: Database, userId: string, organizationId: string | undefined) {
  if (!organizationId) {
    const [user] = await queryRows<{ name: string }>(
      db,
      sql`select display_name as name from users where id = ${userId}`,
    );
    return { userId, organizationId: null, name: user!.name };
  }
  const [organization] = await queryRows<{ name: string; status: string }>(
    db,
    sql`select o.name, o.status from organizations o
          join memberships m on m.organization_id = o.id
         where o.id = ${organizationId} and m.user_id = ${userId}
           and m.role in (${sql.join(
             SELLER_MANAGER_ROLES.map((role) => sql`${role}`),
             sql`, `,
           )})
         for share of o`,
  );
  if (!organization)
    throw forbidden('Only owners and managers of the organization may open its shop.');
  if (organization.status !== 'active')
    throw conflict('The organization is suspended: it cannot sell.');
  return { userId: null, organizationId, name: organization.name };
}

/** Columns of the given location keys; absent ones stay undefined (unchanged). */
function locationValues(location: SellerProfileCreateFields['location']) {
  return { city: location?.city, state: location?.state, country: location?.country };
}

/** POST /marketplace/seller-profiles: one per user and one per organization (409). */
export async function createSellerProfile(
  db: Database,
  userId: string,
  input: SellerProfileCreateFields,
): Promise<SellerProfile> {
  try {
    return await db.transaction(async (tx) => {
      const owner = await ownerOf(tx, userId, input.organization_id);
      const displayName = input.display_name ?? owner.name;
      const [row] = await tx
        .insert(sellerProfiles)
        .values({
          userId: owner.userId,
          organizationId: owner.organizationId,
          displayName,
          slug: await freeSlug(tx, 'seller_profiles', slugify(displayName, 'seller')),
          bio: input.bio,
          ...locationValues(input.location),
          phone: input.phone,
          phoneVisible: input.phone_visible,
          contactEmail: input.contact_email,
        })
        .returning({ id: sellerProfiles.id });
      return getSellerProfile(tx, userId, row!.id);
    });
  } catch (error) {
    const message = OWNER_KEYS[uniqueViolation(error) ?? ''];
    throw message ? conflict(message) : error;
  }
}

/** The avatar must be an image among the profile's own media. */
async function checkAvatar(db: Database, profileId: string, mediaId: string): Promise<void> {
  const [found] = await queryRows<{ id: string }>(
    db,
    sql`select id from media
         where id = ${mediaId} and seller_profile_id = ${profileId}
           and content_type like 'image/%'`,
  );
  if (!found)
    throw invalidField('avatar_media_id', 'The avatar must be an image of this seller profile.');
}

/** PUT /marketplace/seller-profiles/{id}: the fields given, by its managers (403 otherwise). */
export async function updateSellerProfile(
  db: Database,
  userId: string,
  profileId: string,
  input: SellerProfileUpdateFields,
): Promise<SellerProfile> {
  return db.transaction(async (tx) => {
    await managedProfile(tx, userId, profileId);
    if (input.avatar_media_id) await checkAvatar(tx, profileId, input.avatar_media_id);
    await tx
      .update(sellerProfiles)
      .set({
        displayName: input.display_name,
        slug: input.slug,
        bio: input.bio,
        ...locationValues(input.location),
        phone: input.phone,
        phoneVisible: input.phone_visible,
        contactEmail: input.contact_email,
        avatarMediaId: input.avatar_media_id,
        updatedAt: sql`now()`,
      })
      .where(sql`${sellerProfiles.id} = ${profileId}`);
    return getSellerProfile(tx, userId, profileId);
  });
}
