import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media, mediaBlobs, publicationMedia, publications } from '@/db/schema';
import { MAX_LISTING_IMAGES } from '@/db/schema/marketplace-values';
import { useTestApp } from '../test/harness';
import { pdf, png } from '../test/media-fixtures';
import { attachListingImage } from './listing-images';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const status = async (id: string) =>
  (await app.db.select().from(publications).where(eq(publications.id, id)))[0]!.status;

/** An upload through the seller profile's media route, as the seller unless told. */
async function upload(
  w: MarketplaceWorld,
  listingId: string,
  file: { bytes: Buffer<ArrayBuffer>; type: string; name: string },
  options: { token?: string; profileId?: string } = {},
) {
  const body = new FormData();
  body.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  body.append('subject_type', 'listing');
  body.append('subject_id', listingId);
  return app.request(
    'POST',
    `/api/marketplace/seller-profiles/${options.profileId ?? w.sellerProfile.id}/media`,
    { token: options.token ?? w.seller.token, rawBody: body },
  );
}

const photo = async (name = 'front.png') => ({ bytes: await png(), type: 'image/png', name });

/** An image of the seller's stored directly and linked to the listing (no upload). */
async function storedImage(w: MarketplaceWorld, listingId: string, filename: string) {
  const bytes = await png(4, 4);
  const [row] = await app.db
    .insert(media)
    .values({
      sellerProfileId: w.sellerProfile.id,
      contentType: 'image/png',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      store: 'database',
      storageKey: `${w.sellerProfile.id}/${filename}`,
      filename,
    })
    .returning();
  await app.db.insert(mediaBlobs).values({ mediaId: row!.id, bytes });
  await attachListingImage(app.db, w.sellerProfile.id, listingId, row!.id);
  return row!.id;
}

const getListing = (id: string, token: string) =>
  app.request('GET', `/api/marketplace/listings/${id}`, { token });

describe('listing images', () => {
  it('uploads images in order; whoever sees the listing sees them', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'draft' });

    const first = await upload(w, listing.id, await photo('front.png'));
    expect(first.status, first.text).toBe(201);
    const second = await upload(w, listing.id, await photo('side.png'));
    expect(second.status, second.text).toBe(201);
    const ids = [first.body.data.id, second.body.data.id];

    const res = await getListing(listing.id, w.seller.token);
    const url = (id: string) => `/api/marketplace/listings/${listing.id}/images/${id}/content`;
    expect(res.body.data.images).toEqual(
      ids.map((id) => ({ id, url: url(id), width: 8, height: 8, caption: null })),
    );
    expect(res.body.data).toMatchObject({ image: { id: ids[0] }, images_count: 2 });

    const content = await app.request('GET', url(ids[0]), { token: w.seller.token });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/png');
    // A draft is its seller's alone; once active, everybody's.
    expect((await app.request('GET', url(ids[0]), { token: w.buyer.token })).status).toBe(404);
    await app.db
      .update(publications)
      .set({ status: 'active' })
      .where(eq(publications.id, listing.id));
    expect((await app.request('GET', url(ids[1]), { token: w.buyer.token })).status).toBe(200);
    expect((await app.request('GET', url(ids[1]))).status).toBe(401);
    // Only the listing's own images, by their ids.
    const other = await w.listing();
    const foreign = `/api/marketplace/listings/${other.id}/images/${ids[0]}/content`;
    expect((await app.request('GET', foreign, { token: w.seller.token })).status).toBe(404);
    expect(
      (await app.request('GET', url(crypto.randomUUID()), { token: w.buyer.token })).status,
    ).toBe(404);
    expect((await app.request('GET', url('x'), { token: w.buyer.token })).status).toBe(404);
  });

  it('sends an active listing back to moderation when an image is added', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing();
    const res = await upload(w, listing.id, await photo());
    expect(res.status, res.text).toBe(201);
    expect(await status(listing.id)).toBe('pending');
  });

  it('refuses images for sold, suspended and archived listings (409)', async () => {
    const w = await marketplaceWorld(app);
    for (const state of ['sold', 'suspended', 'archived'] as const) {
      const listing = await w.listing({
        status: state,
        ...(state === 'suspended' && { suspendedFrom: 'active' as const }),
      });
      const res = await upload(w, listing.id, await photo());
      expect(res.status, state).toBe(409);
      expect(res.body.error.message).toContain(state);
    }
    expect(await app.db.select().from(media)).toEqual([]);
  });

  it(`takes up to ${MAX_LISTING_IMAGES} images, pictures only`, async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'draft' });
    for (let n = 0; n < MAX_LISTING_IMAGES; n++) await storedImage(w, listing.id, `${n}.png`);

    const full = await upload(w, listing.id, await photo());
    expect(full.status).toBe(422);
    expect(Object.keys(full.body.errors)).toEqual(['file']);

    const other = await w.listing({ status: 'draft' });
    const document = await upload(w, other.id, {
      bytes: pdf(),
      type: 'application/pdf',
      name: 'vetting.pdf',
    });
    expect(document.status).toBe(422);
    expect(Object.keys(document.body.errors)).toEqual(['file']);
    expect(await app.db.select().from(media)).toHaveLength(MAX_LISTING_IMAGES);
  });

  it("refuses another seller's listing", async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'draft' });
    const res = await upload(w, listing.id, await photo(), {
      token: w.buyer.token,
      profileId: w.buyerProfile.id,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['subject_id']);
  });
});

describe('PUT /api/marketplace/listings/{id} with image_ids', () => {
  const put = (w: MarketplaceWorld, id: string, body: object) =>
    app.request('PUT', `/api/marketplace/listings/${id}`, { token: w.seller.token, body });

  it('orders the images and deletes those left out', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'draft' });
    const [a, b, c] = [
      await storedImage(w, listing.id, 'a.png'),
      await storedImage(w, listing.id, 'b.png'),
      await storedImage(w, listing.id, 'c.png'),
    ];

    const res = await put(w, listing.id, { image_ids: [c, a] });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.images.map((i: { id: string }) => i.id)).toEqual([c, a]);
    expect(res.body.data.image.id).toBe(c);
    expect(res.body.data.status).toBe('draft');
    expect((await app.db.select({ id: media.id }).from(media)).map((m) => m.id).sort()).toEqual(
      [a, c].sort(),
    );
    expect(await app.db.select().from(mediaBlobs).where(eq(mediaBlobs.mediaId, b!))).toEqual([]);
  });

  it('sends an active listing to moderation when its images change, not when they do not', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'draft' });
    const a = await storedImage(w, listing.id, 'a.png');
    const b = await storedImage(w, listing.id, 'b.png');
    await app.db
      .update(publications)
      .set({ status: 'active' })
      .where(eq(publications.id, listing.id));

    expect((await put(w, listing.id, { image_ids: [a, b] })).body.data.status).toBe('active');
    expect((await put(w, listing.id, { image_ids: [b, a] })).body.data.status).toBe('pending');
  });

  it('accepts only the listing’s own images, each once', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'draft' });
    const other = await w.listing({ status: 'draft' });
    const a = await storedImage(w, listing.id, 'a.png');
    const foreign = await storedImage(w, other.id, 'x.png');

    for (const ids of [[a, foreign], [a, a], [crypto.randomUUID()]]) {
      const res = await put(w, listing.id, { image_ids: ids });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['image_ids']);
    }
    expect(await app.db.select().from(publicationMedia)).toHaveLength(2);
  });
});
