import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media, publicationMedia, publications } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { pdf, png } from '../test/media-fixtures';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const base = (profileId: string) => `/api/marketplace/seller-profiles/${profileId}/media`;

function form(bytes: Uint8Array, name: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  body.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

async function upload(
  token: string,
  profileId: string,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
) {
  return app.request('POST', base(profileId), { token, rawBody: form(bytes, 'photo.png', fields) });
}

/** The content route, read as bytes. */
async function content(path: string, token: string) {
  const res = await app.handler(
    new Request(`http://localhost:3000${path}`, { headers: { authorization: `Bearer ${token}` } }),
  );
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function world(): Promise<MarketplaceWorld> {
  return marketplaceWorld(app);
}

describe('seller-profile media (0.4)', () => {
  it('uploads to one’s own profile, lists, shows, serves and deletes', async () => {
    const w = await world();
    const photo = await png(16, 12);
    const res = await upload(w.seller.token, w.sellerProfile.id, photo, { caption: 'Shop front' });
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    expect(res.body.data).toMatchObject({
      subject_type: null,
      subject_id: null,
      content_type: 'image/png',
      caption: 'Shop front',
      width: 16,
      height: 12,
      url: `${base(w.sellerProfile.id)}/${id}/content`,
    });
    const [row] = await app.db.select().from(media).where(eq(media.id, id));
    expect(row).toMatchObject({ sellerProfileId: w.sellerProfile.id, organizationId: null });

    const list = await app.request('GET', base(w.sellerProfile.id), { token: w.seller.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { id: string }) => m.id)).toEqual([id]);
    expect(list.body.meta.total).toBe(1);

    const one = await app.request('GET', `${base(w.sellerProfile.id)}/${id}`, {
      token: w.seller.token,
    });
    expect(one.body.data.id).toBe(id);

    const file = await content(`${base(w.sellerProfile.id)}/${id}/content`, w.seller.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.bytes.length).toBe(row!.sizeBytes);

    const removed = await app.request('DELETE', `${base(w.sellerProfile.id)}/${id}`, {
      token: w.seller.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Media deleted.');
    const gone = await app.request('GET', `${base(w.sellerProfile.id)}/${id}`, {
      token: w.seller.token,
    });
    expect(gone.status).toBe(404);
  });

  it('adds a listing’s images in order, and lists them by listing', async () => {
    const w = await world();
    const listing = await w.listing({ status: 'draft', publishedAt: null });
    const other = await w.listing({ status: 'draft', publishedAt: null });
    const first = await upload(w.seller.token, w.sellerProfile.id, await png(), {
      subject_type: 'listing',
      subject_id: listing.id,
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ subject_type: 'listing', subject_id: listing.id });
    const second = await upload(w.seller.token, w.sellerProfile.id, await png(9, 9), {
      subject_type: 'listing',
      subject_id: listing.id,
    });
    await upload(w.seller.token, w.sellerProfile.id, await png(10, 10), {
      subject_type: 'listing',
      subject_id: other.id,
    });
    const links = await app.db
      .select()
      .from(publicationMedia)
      .where(eq(publicationMedia.publicationId, listing.id))
      .orderBy(publicationMedia.position);
    expect(links.map((l) => l.mediaId)).toEqual([first.body.data.id, second.body.data.id]);

    const filtered = await app.request(
      'GET',
      `${base(w.sellerProfile.id)}?subject_type=listing&subject_id=${listing.id}`,
      { token: w.seller.token },
    );
    expect(filtered.body.data.map((m: { id: string }) => m.id).sort()).toEqual(
      [first.body.data.id, second.body.data.id].sort(),
    );
  });

  it('sends an active listing back to moderation when it gets an image', async () => {
    const w = await world();
    const listing = await w.listing();
    const res = await upload(w.seller.token, w.sellerProfile.id, await png(), {
      subject_type: 'listing',
      subject_id: listing.id,
    });
    expect(res.status).toBe(201);
    const [row] = await app.db.select().from(publications).where(eq(publications.id, listing.id));
    expect(row!.status).toBe('pending');
  });

  it('refuses another profile’s listing (422 on subject_id) and a PDF as a listing image', async () => {
    const w = await world();
    const [theirs] = await app.db
      .insert(publications)
      .values({
        sellerProfileId: w.buyerProfile.id,
        categoryId: w.categories.saddles.id,
        title: 'Bob’s saddle',
        price: '10.00',
      })
      .returning();
    const res = await upload(w.seller.token, w.sellerProfile.id, await png(), {
      subject_type: 'listing',
      subject_id: theirs!.id,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['subject_id']);
    const mine = await w.listing({ status: 'draft', publishedAt: null });
    const paper = await upload(w.seller.token, w.sellerProfile.id, pdf(), {
      subject_type: 'listing',
      subject_id: mine.id,
    });
    expect(paper.status).toBe(422);
    expect(Object.keys(paper.body.errors)).toEqual(['file']);
    expect(await app.db.select().from(media)).toHaveLength(0);
  });

  it('keeps other people out', async () => {
    const w = await world();
    const mine = await upload(w.seller.token, w.sellerProfile.id, await png());
    const id = mine.body.data.id;
    const theirs = await upload(w.buyer.token, w.sellerProfile.id, await png());
    expect(theirs.status).toBe(403);
    for (const [method, path] of [
      ['GET', base(w.sellerProfile.id)],
      ['GET', `${base(w.sellerProfile.id)}/${id}`],
      ['GET', `${base(w.sellerProfile.id)}/${id}/content`],
      ['DELETE', `${base(w.sellerProfile.id)}/${id}`],
    ] as const) {
      expect((await app.request(method, path, { token: w.buyer.token })).status, path).toBe(403);
      expect((await app.request(method, path)).status, path).toBe(401);
    }
    // Through one's own profile, another's medium is not found.
    const viaOwn = await app.request('GET', `${base(w.buyerProfile.id)}/${id}`, {
      token: w.buyer.token,
    });
    expect(viaOwn.status).toBe(404);
    const unknown = await upload(
      w.seller.token,
      '00000000-0000-4000-8000-000000000000',
      await png(),
    );
    expect(unknown.status).toBe(404);
    expect(await app.db.select().from(media)).toHaveLength(1);
  });

  it('answers 422 for a file that is not an image or a PDF, and for a half subject', async () => {
    const w = await world();
    const text = await upload(w.seller.token, w.sellerProfile.id, Buffer.from('hello'));
    expect(text.status).toBe(422);
    expect(Object.keys(text.body.errors)).toEqual(['file']);
    const half = await upload(w.seller.token, w.sellerProfile.id, await png(), {
      subject_type: 'listing',
    });
    expect(half.status).toBe(422);
    expect(Object.keys(half.body.errors)).toEqual(['subject_id']);
  });
});
