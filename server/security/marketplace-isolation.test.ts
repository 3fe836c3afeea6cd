import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/db/client';
import { media, mediaBlobs, publicationMedia } from '@/db/schema';
import { marketplaceWorld, type MarketplaceWorld } from '../marketplace/marketplace-fixtures';
import { apiOperations, type ApiOperation } from '../test/api-routes';
import { useTestApp } from '../test/harness';
import { sampleQuery, sampleValue } from '../test/sample-input';

/*
 * The marketplace's records belong to sellers, not to organizations: a user must never reach
 * another seller's profile, media or listings that are not public, through any
 * `/marketplace/**` route of the OpenAPI document. The caller is a signed-in buyer with a
 * seller profile of their own, so a refusal is never a matter of signing in.
 */

const app = useTestApp();

const HIDDEN_TITLE = 'Unpublished stallion draft';
const CONTACT_EMAIL = 'private-sales@seller.test';

/** The seller's records: a hidden draft, an active listing with an image, their profile. */
async function seedSeller(world: MarketplaceWorld) {
  await app.db.execute(
    sql`update seller_profiles set contact_email = ${CONTACT_EMAIL} where id = ${world.sellerProfile.id}`,
  );
  const draft = await world.listing({ title: HIDDEN_TITLE, status: 'draft', publishedAt: null });
  const active = await world.listing({ title: 'Public saddle' });
  const [file] = await app.db
    .insert(media)
    .values({
      sellerProfileId: world.sellerProfile.id,
      contentType: 'image/png',
      sizeBytes: 10,
      sha256: '0'.repeat(64),
      store: 'database',
      storageKey: `seller/${world.sellerProfile.id}/photo.png`,
      filename: 'photo.png',
    })
    .returning();
  // The bytes too: the active listing's image is the buyer's to download.
  await app.db.insert(mediaBlobs).values({ mediaId: file!.id, bytes: Buffer.alloc(10) });
  await app.db
    .insert(publicationMedia)
    .values([
      { sellerProfileId: world.sellerProfile.id, publicationId: active.id, mediaId: file!.id },
    ]);
  return { draft, active, mediaId: file!.id };
}

/** The seller's rows as they stand, but the counters that others' favourites move. */
async function sellerRows(profileId: string) {
  return queryRows<Record<string, unknown>>(
    app.db,
    sql`select 'profile' as kind, to_jsonb(sp) as row from seller_profiles sp where sp.id = ${profileId}
        union all
        select 'listing', to_jsonb(p) - 'favourites_count' - 'search_vector' - 'updated_at'
          from publications p where p.seller_profile_id = ${profileId}
        union all
        select 'media', to_jsonb(m) from media m where m.seller_profile_id = ${profileId}
        union all
        select 'image', to_jsonb(pm) from publication_media pm where pm.seller_profile_id = ${profileId}
        order by 1, 2`,
  );
}

const operations = apiOperations()
  .filter((op) => op.path.startsWith('/marketplace/'))
  .map((op) => [`${op.method} ${op.path}`, op] as const);

/** Path parameters by name, the listing ones pointing at `listingId`. */
function pathWith(op: ApiOperation, ids: Record<string, string>): string {
  return `/api${op.path}`.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'id' && op.path.startsWith('/marketplace/listings/')) return ids.listing!;
    if (name === 'listingId') return ids.listing!;
    return ids[name] ?? ids.profile!;
  });
}

describe("marketplace isolation: another seller's records on every /marketplace route", () => {
  it('covers the routes of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it.each(operations)('%s', async (_, op) => {
    const world = await marketplaceWorld(app);
    const seller = await seedSeller(world);
    const before = await sellerRows(world.sellerProfile.id);
    const given = (listing: string) => (name: string) =>
      ({
        listing_id: listing,
        seller_profile_id: world.sellerProfile.id,
        subject_id: listing,
        category_id: world.categories.saddles.id,
        seller_id: world.sellerProfile.id,
        publication_id: listing,
      })[name];

    // The hidden draft in the path and the body: it does not exist for the buyer.
    const ids = {
      listing: seller.draft.id,
      profile: world.sellerProfile.id,
      mediaId: seller.mediaId,
    };
    const query = new URLSearchParams(sampleQuery(op, given(seller.draft.id))).toString();
    const hidden = await app.request(op.method, `${pathWith(op, ids)}${query ? `?${query}` : ''}`, {
      token: world.buyer.token,
      body: op.body ? sampleValue(op.body, given(seller.draft.id)) : undefined,
    });
    expect(hidden.status, hidden.text).toBeLessThan(500);
    const namesIds = op.pathParams.some((p) => ['id', 'listingId', 'mediaId'].includes(p.name));
    if (namesIds && op.path !== '/marketplace/sellers/{id}')
      expect([403, 404, 409, 422], `${op.method} ${op.path}: ${hidden.text}`).toContain(
        hidden.status,
      );
    expect(hidden.text).not.toContain(HIDDEN_TITLE);
    expect(hidden.text).not.toContain(CONTACT_EMAIL);

    // The active listing: the buyer may read, favourite, contact or report it, never change it.
    const shown = { ...ids, listing: seller.active.id };
    const res = await app.request(op.method, pathWith(op, shown), {
      token: world.buyer.token,
      body: op.body ? sampleValue(op.body, given(seller.active.id)) : undefined,
    });
    expect(res.status, res.text).toBeLessThan(500);
    expect(res.text).not.toContain(HIDDEN_TITLE);
    expect(res.text).not.toContain(CONTACT_EMAIL);

    expect(await sellerRows(world.sellerProfile.id), "the seller's rows").toEqual(before);
  });
});
