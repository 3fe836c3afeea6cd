import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { MAX_LISTING_IMAGES, type ListingStatus } from '@/db/schema/marketplace-values';
import { conflict, invalidField } from '../kernel/errors';
import { isUuid } from '../kernel/validation';

/** States in which a listing takes no new image: it is over, or held by a moderator. */
export const IMAGE_FROZEN_STATUSES: readonly ListingStatus[] = [
  'sold',
  'suspended',
  'removed',
  'archived',
];

/**
 * Links an uploaded medium of the seller profile to one of its listings, last in order (the
 * seller-profile media upload with `subject_type: listing`). Locks the listing until the
 * caller's transaction ends, so that two uploads cannot both take the 20th place (`no key
 * update`: the upload's `key share` on the listing and the link's foreign key do not conflict). A listing of
 * another profile is a 422 on `subject_id`; one that is over or suspended a 409; a 21st image
 * or a PDF a 422 on `file`. New content on an active listing sends it back to moderation.
 */
export async function attachListingImage(
  tx: Database,
  sellerProfileId: string,
  listingId: string,
  mediaId: string,
): Promise<void> {
  const [listing] = isUuid(listingId)
    ? await queryRows<{ status: ListingStatus; images: number }>(
        tx,
        sql`select p.status,
                   (select count(*)::int from publication_media pm
                     where pm.publication_id = p.id) as images
              from publications p
             where p.id = ${listingId} and p.seller_profile_id = ${sellerProfileId}
             for no key update`,
      )
    : [];
  if (!listing) throw invalidField('subject_id', 'The listing was not found.');
  if (IMAGE_FROZEN_STATUSES.includes(listing.status))
    throw conflict(`This listing is ${listing.status}: it takes no more images.`);
  if (listing.images >= MAX_LISTING_IMAGES)
    throw invalidField('file', `A listing holds up to ${MAX_LISTING_IMAGES} images.`);
  const linked = await queryRows<{ media_id: string }>(
    tx,
    sql`insert into publication_media (seller_profile_id, publication_id, media_id, position)
        select m.seller_profile_id, ${listingId}, m.id,
               coalesce((select max(pm.position) + 1 from publication_media pm
                          where pm.publication_id = ${listingId}), 0)
          from media m
         where m.id = ${mediaId} and m.seller_profile_id = ${sellerProfileId}
           and m.content_type like 'image/%'
        returning media_id`,
  );
  if (linked.length === 0)
    throw invalidField('file', "A listing's images must be JPEG, PNG or WebP pictures.");
  if (listing.status === 'active')
    await tx.execute(
      sql`update publications set status = 'pending', updated_at = now()
           where id = ${listingId} and status = 'active'`,
    );
}
