import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { favourites, publications, users } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const add = (w: MarketplaceWorld, listingId: unknown, token = w.buyer.token) =>
  app.request('POST', '/api/marketplace/favourites', { token, body: { listing_id: listingId } });

const drop = (w: MarketplaceWorld, listingId: string, token = w.buyer.token) =>
  app.request('DELETE', `/api/marketplace/favourites/${listingId}`, { token });

async function favouriteIds(w: MarketplaceWorld, token = w.buyer.token, query = '') {
  const res = await app.request('GET', `/api/marketplace/favourites?${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { id: string }[]).map((card) => card.id);
}

async function countOf(listingId: string) {
  const [row] = await app.db
    .select({ count: publications.favouritesCount })
    .from(publications)
    .where(eq(publications.id, listingId));
  return row!.count;
}

describe('favourites', () => {
  it("adds a listing (201 with its card), then again (200), keeping the listing's count", async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();

    const first = await add(w, saddle.id);
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({
      id: saddle.id,
      title: 'Leather dressage saddle',
      is_favourite: true,
      favourites_count: 1,
    });
    const again = await add(w, saddle.id);
    expect(again.status, again.text).toBe(200);
    expect(again.body.data).toMatchObject({ id: saddle.id, favourites_count: 1 });
    expect(await countOf(saddle.id)).toBe(1);

    // The seller may save their own listing too.
    expect((await add(w, saddle.id, w.seller.token)).status).toBe(201);
    expect(await countOf(saddle.id)).toBe(2);
    const one = await app.request('GET', `/api/marketplace/listings?per_page=1`, {
      token: w.seller.token,
    });
    expect(one.body.data[0]).toMatchObject({ is_favourite: true, favourites_count: 2 });
  });

  it('keeps the count exact under concurrent adds and removes', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(w, saddle.id)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await countOf(saddle.id)).toBe(1);
    const drops = await Promise.all(Array.from({ length: 4 }, () => drop(w, saddle.id)));
    expect(drops.map((r) => r.status).sort()).toEqual([200, 404, 404, 404]);
    expect(await countOf(saddle.id)).toBe(0);
  });

  it('lists the newest favourite first, hiding listings the caller cannot open', async () => {
    const w = await marketplaceWorld(app);
    const [a, b, c, d] = [
      await w.listing({ title: 'Saddle A' }),
      await w.listing({ title: 'Saddle B' }),
      await w.listing({ title: 'Saddle C' }),
      await w.listing({ title: 'Saddle D' }),
    ];
    for (const listing of [a!, b!, c!, d!]) expect((await add(w, listing.id)).status).toBe(201);
    // Favourites written in one go would share a time: set them apart.
    for (const [i, listing] of [a!, b!, c!, d!].entries()) {
      await app.db
        .update(favourites)
        .set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) })
        .where(eq(favourites.publicationId, listing.id));
    }
    expect(await favouriteIds(w)).toEqual([d!.id, c!.id, b!.id, a!.id]);

    const res = await app.request('GET', '/api/marketplace/favourites?per_page=2&page=2', {
      token: w.buyer.token,
    });
    expect(res.body.data.map((card: { id: string }) => card.id)).toEqual([b!.id, a!.id]);
    expect(res.body.meta).toMatchObject({ total: 4, current_page: 2, last_page: 2, from: 3 });
    expect(res.body.data[0]).toMatchObject({ is_favourite: true, favourites_count: 1 });

    // Paused, sold, back in moderation: hidden, kept, and back when the listing is.
    for (const status of ['paused', 'sold', 'pending', 'suspended', 'removed'] as const) {
      await app.db
        .update(publications)
        .set({ status, suspendedFrom: status === 'suspended' ? 'active' : null })
        .where(eq(publications.id, c!.id));
      expect(await favouriteIds(w), status).toEqual([d!.id, b!.id, a!.id]);
    }
    await app.db
      .update(publications)
      .set({ status: 'active', suspendedFrom: null })
      .where(eq(publications.id, c!.id));
    expect(await favouriteIds(w)).toEqual([d!.id, c!.id, b!.id, a!.id]);

    // A suspended seller's listings leave the list at once.
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, w.seller.id));
    expect(await favouriteIds(w)).toEqual([]);
    // Another user's favourites are theirs alone.
    await app.db.update(users).set({ status: 'active' }).where(eq(users.id, w.seller.id));
    expect(await favouriteIds(w, w.admin.token)).toEqual([]);
  });

  it('shows the seller their own favourite listing in any state but removed', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    expect((await add(w, saddle.id, w.seller.token)).status).toBe(201);
    await app.db
      .update(publications)
      .set({ status: 'paused' })
      .where(eq(publications.id, saddle.id));
    expect(await favouriteIds(w, w.seller.token)).toEqual([saddle.id]);
    await app.db
      .update(publications)
      .set({ status: 'removed' })
      .where(eq(publications.id, saddle.id));
    expect(await favouriteIds(w, w.seller.token)).toEqual([]);
  });

  it('saves only active listings the caller can see (404, 409)', async () => {
    const w = await marketplaceWorld(app);
    const draft = await w.listing({ status: 'draft', publishedAt: null, expiresAt: null });
    const paused = await w.listing({ status: 'paused' });
    const removed = await w.listing({ status: 'removed' });
    // Invisible to the buyer: 404, as if it did not exist.
    for (const listing of [draft, paused, removed]) {
      const res = await add(w, listing.id);
      expect(res.status, listing.status).toBe(404);
      expect(res.body.error.message).toBe('Listing not found.');
    }
    expect((await add(w, crypto.randomUUID())).status).toBe(404);
    // Visible to their seller (and the administrator) but not active: 409 naming the state.
    const own = await add(w, paused.id, w.seller.token);
    expect(own.status).toBe(409);
    expect(own.body.error.message).toContain('paused');
    expect((await add(w, draft.id, w.admin.token)).status).toBe(409);
    expect((await add(w, removed.id, w.seller.token)).status).toBe(404);
    // An active listing of a suspended seller: only the administrator sees it, and cannot save it.
    const active = await w.listing();
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, w.seller.id));
    expect((await add(w, active.id)).status).toBe(404);
    expect((await add(w, active.id, w.admin.token)).status).toBe(409);
    expect(await countOf(active.id)).toBe(0);
  });

  it('removes a favourite whatever the listing became; 404 when it is none', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    await add(w, saddle.id);
    await add(w, saddle.id, w.seller.token);
    await app.db.update(publications).set({ status: 'sold' }).where(eq(publications.id, saddle.id));
    const res = await drop(w, saddle.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Removed from favourites.' });
    expect(await countOf(saddle.id)).toBe(1);
    expect((await drop(w, saddle.id)).status).toBe(404);
    expect((await drop(w, 'not-an-id')).status).toBe(404);
    expect((await drop(w, crypto.randomUUID())).status).toBe(404);
    // The seller's favourite is untouched by the buyer's removal.
    expect(
      await app.db.select().from(favourites).where(eq(favourites.publicationId, saddle.id)),
    ).toHaveLength(1);
  });

  it('validates the body (422), needs sign-in (401) and an open marketplace (503)', async () => {
    const w = await marketplaceWorld(app);
    for (const body of [{}, { listing_id: 'saddle' }, { listing_id: 42 }]) {
      const res = await app.request('POST', '/api/marketplace/favourites', {
        token: w.buyer.token,
        body,
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['listing_id']);
    }
    const saddle = await w.listing();
    expect((await app.request('GET', '/api/marketplace/favourites')).status).toBe(401);
    expect(
      (
        await app.request('POST', '/api/marketplace/favourites', {
          body: { listing_id: saddle.id },
        })
      ).status,
    ).toBe(401);
    expect((await app.request('DELETE', `/api/marketplace/favourites/${saddle.id}`)).status).toBe(
      401,
    );
    await w.setMarketplace(false);
    expect((await add(w, saddle.id)).status).toBe(503);
  });

  it('lists a page in the same number of statements for 1 and for 10 favourites', async () => {
    const w = await marketplaceWorld(app);
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', '/api/marketplace/favourites', { token: w.buyer.token }),
      );
      expect(res.status).toBe(200);
      return { cards: res.body.data.length, statements: counter.count };
    };
    await add(w, (await w.listing()).id);
    const one = await count();
    for (let i = 0; i < 9; i++) await add(w, (await w.listing({ title: `Saddle ${i}` })).id);
    const ten = await count();
    expect([one.cards, ten.cards]).toEqual([1, 10]);
    expect(ten.statements).toBe(one.statements);
  });
});
