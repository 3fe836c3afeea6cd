import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import { cartItems, publications, users } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const add = (w: MarketplaceWorld, body: Record<string, unknown>, token = w.buyer.token) =>
  app.request('POST', '/api/marketplace/cart/items', { token, body });

async function cartOf(token: string) {
  const res = await app.request('GET', '/api/marketplace/cart', { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

const setListing = (id: string, values: Partial<typeof publications.$inferInsert>) =>
  app.db.update(publications).set(values).where(eq(publications.id, id));

describe('cart', () => {
  it('adds a listing (201 with the line), then again (200): the quantities add up', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing({ quantity: 5, ships: true, shippingPrice: '12.50' });

    const first = await add(w, { listing_id: saddle.id });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({
      quantity: 1,
      line_total: 450,
      shipping: 12.5,
      available: true,
      unavailable_reason: null,
      listing: {
        id: saddle.id,
        title: 'Leather dressage saddle',
        price: 450,
        sale_mode: 'buy_now',
        status: 'active',
        quantity: 5,
        image: null,
        shipping: { ships: true, price: 12.5, pickup: true },
      },
    });
    const again = await add(w, { listing_id: saddle.id, quantity: 3 });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data).toMatchObject({
      id: first.body.data.id,
      quantity: 4,
      line_total: 1800,
    });
    expect(await app.db.select().from(cartItems)).toHaveLength(1);
  });

  it('groups the lines by seller and sums the available ones, in cents', async () => {
    const w = await marketplaceWorld(app);
    const shop = await w.otherSeller();
    const saddle = await w.listing({ quantity: 5, ships: true, shippingPrice: '12.50' });
    const bridle = await w.listing({ title: 'Bridle', price: '89.99', quantity: 9, ships: false });
    const girth = await shop.listing({ title: 'Girth', price: '19.99', ships: true });
    const treats = await shop.listing({
      title: 'Treats',
      price: '0.10',
      quantity: 50,
      ships: true,
      shippingPrice: '0.05',
    });
    for (const [listing, quantity] of [
      [saddle, 2],
      [girth, 1],
      [bridle, 3],
      [treats, 3],
    ] as const) {
      const res = await add(w, { listing_id: listing.id, quantity });
      expect(res.status, res.text).toBe(201);
    }
    // Lines written in one go would share a time: set them apart.
    for (const [i, listing] of [saddle, girth, bridle, treats].entries())
      await app.db
        .update(cartItems)
        .set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) })
        .where(eq(cartItems.publicationId, listing.id));

    const cart = await cartOf(w.buyer.token);
    // Sally: 2 × 450.00 + 3 × 89.99 = 1169.97, shipping 2 × 12.50 (the bridle is pickup only).
    // Tack Shop: 19.99 + 3 × 0.10 = 20.29, shipping 0 (free) + 3 × 0.05 = 0.15.
    expect(cart).toMatchObject({
      items_count: 9,
      items_total: 1190.26,
      shipping: 25.15,
      total: 1215.41,
      currency: 'USD',
    });
    expect(cart.groups).toHaveLength(2);
    expect(cart.groups[0]).toMatchObject({
      seller: { id: w.sellerProfile.id, display_name: 'Sally Seller', slug: 'sally-seller' },
      items_total: 1169.97,
      shipping: 25,
      total: 1194.97,
    });
    expect(cart.groups[0].seller.verified).toBe(false);
    expect(cart.groups[0].items.map((i: { listing: { id: string } }) => i.listing.id)).toEqual([
      saddle.id,
      bridle.id,
    ]);
    expect(cart.groups[0].items[1]).toMatchObject({ line_total: 269.97, shipping: 0 });
    expect(cart.groups[1]).toMatchObject({
      seller: { id: shop.profile.id, display_name: 'Tack Shop' },
      items_total: 20.29,
      shipping: 0.15,
      total: 20.44,
    });
    expect(cart.groups[1].items.map((i: { listing: { id: string } }) => i.listing.id)).toEqual([
      girth.id,
      treats.id,
    ]);

    // Another user's cart is theirs alone.
    expect(await cartOf(w.admin.token)).toEqual({
      groups: [],
      items_count: 0,
      items_total: 0,
      shipping: 0,
      total: 0,
      currency: 'USD',
    });
  });

  it('flags lines whose listing stopped selling, keeping them out of every total', async () => {
    const w = await marketplaceWorld(app);
    const shop = await w.otherSeller();
    const listings = {
      paused: await w.listing({ title: 'Paused' }),
      sold: await w.listing({ title: 'Sold' }),
      enquiry: await w.listing({ title: 'Enquiry' }),
      empty: await w.listing({ title: 'Empty' }),
      short: await w.listing({ title: 'Short', quantity: 5 }),
      mine: await w.listing({ title: 'Mine' }),
      fine: await w.listing({ title: 'Fine', price: '10.00' }),
      suspended: await shop.listing({ title: 'Suspended seller' }),
    };
    for (const listing of Object.values(listings)) {
      const quantity = listing.title === 'Short' ? 4 : 1;
      expect((await add(w, { listing_id: listing.id, quantity })).status).toBe(201);
    }
    expect((await cartOf(w.buyer.token)).items_count).toBe(11);

    await setListing(listings.paused.id, { status: 'paused' });
    await setListing(listings.sold.id, { status: 'sold', quantity: 0 });
    await setListing(listings.enquiry.id, { saleMode: 'enquiry' });
    await setListing(listings.empty.id, { quantity: 0 });
    await setListing(listings.short.id, { quantity: 3 });
    await app.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, shop.profile.userId!));
    // The listing moves to a profile the buyer manages.
    await setListing(listings.mine.id, { sellerProfileId: w.buyerProfile.id });

    const cart = await cartOf(w.buyer.token);
    const reasons = Object.fromEntries(
      cart.groups.flatMap(
        (g: { items: { listing: { title: string }; unavailable_reason: string | null }[] }) =>
          g.items.map((i) => [i.listing.title, i.unavailable_reason]),
      ),
    );
    expect(reasons).toEqual({
      Paused: 'not_active',
      Sold: 'not_active',
      Enquiry: 'not_buy_now',
      Empty: 'out_of_stock',
      Short: 'insufficient_stock',
      Mine: 'own_listing',
      Fine: null,
      'Suspended seller': 'seller_suspended',
    });
    expect(cart).toMatchObject({ items_count: 1, items_total: 10, shipping: 0, total: 10 });
    const suspended = cart.groups.find(
      (g: { seller: { id: string } }) => g.seller.id === shop.profile.id,
    );
    expect(suspended).toMatchObject({ items_total: 0, shipping: 0, total: 0 });
    expect(suspended.items[0]).toMatchObject({ available: false, line_total: 450 });
  });

  it('adds only listings the caller can see (404), active (409) and sold at once (422)', async () => {
    const w = await marketplaceWorld(app);
    const draft = await w.listing({ status: 'draft', publishedAt: null, expiresAt: null });
    const paused = await w.listing({ status: 'paused' });
    const removed = await w.listing({ status: 'removed' });
    for (const listing of [draft, paused, removed]) {
      const res = await add(w, { listing_id: listing.id });
      expect(res.status, listing.status).toBe(404);
      expect(res.body.error.message).toBe('Listing not found.');
    }
    expect((await add(w, { listing_id: crypto.randomUUID() })).status).toBe(404);
    // Visible to the administrator but not active: 409 naming the state.
    const res = await add(w, { listing_id: paused.id }, w.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('paused');

    // One's own: 422 on listing_id.
    const active = await w.listing({ quantity: 3 });
    const own = await add(w, { listing_id: active.id }, w.seller.token);
    expect(own.status).toBe(422);
    expect(own.body.errors).toEqual({ listing_id: ['You cannot buy your own listing.'] });
    // Sold by enquiry: 422 on listing_id.
    const horse = await w.listing({ saleMode: 'enquiry' });
    const enquiry = await add(w, { listing_id: horse.id });
    expect(enquiry.status).toBe(422);
    expect(Object.keys(enquiry.body.errors)).toEqual(['listing_id']);

    // An active listing of a suspended seller: only the administrator sees it, and cannot buy it.
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, w.seller.id));
    expect((await add(w, { listing_id: active.id })).status).toBe(404);
    const suspended = await add(w, { listing_id: active.id }, w.admin.token);
    expect(suspended.status).toBe(409);
    expect(suspended.body.error.message).toBe('The seller of this listing is suspended.');
    expect(await app.db.select().from(cartItems)).toEqual([]);
  });

  it('keeps a line within the stock and 1 to 99 units (422 quantity)', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing({ quantity: 3 });
    const over = await add(w, { listing_id: saddle.id, quantity: 4 });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ quantity: ['Only 3 units are in stock.'] });
    expect((await add(w, { listing_id: saddle.id, quantity: 2 })).status).toBe(201);
    const sum = await add(w, { listing_id: saddle.id, quantity: 2 });
    expect(sum.status).toBe(422);
    expect(sum.body.errors).toEqual({
      quantity: ['Only 3 units are in stock. You already have 2 in your cart.'],
    });
    for (const quantity of [0, 100, 1.5, '2']) {
      const res = await add(w, { listing_id: saddle.id, quantity });
      expect(res.status, String(quantity)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['quantity']);
    }
    for (const body of [{}, { listing_id: 'saddle' }]) {
      const res = await add(w, body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['listing_id']);
    }
    const plenty = await w.listing({ title: 'Plenty', quantity: 500 });
    expect((await add(w, { listing_id: plenty.id, quantity: 99 })).status).toBe(201);
    const more = await add(w, { listing_id: plenty.id });
    expect(more.status).toBe(422);
    expect(more.body.errors.quantity[0]).toContain('99');
  });

  it('changes a line within the stock and removes it; 404 for lines of others', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing({ quantity: 4, price: '25.50' });
    const line = (await add(w, { listing_id: saddle.id })).body.data;
    const put = (id: string, quantity: unknown, token = w.buyer.token) =>
      app.request('PUT', `/api/marketplace/cart/items/${id}`, { token, body: { quantity } });

    const res = await put(line.id, 4);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: line.id, quantity: 4, line_total: 102 });
    const over = await put(line.id, 5);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ quantity: ['Only 4 units are in stock.'] });
    expect((await put(line.id, 0)).status).toBe(422);
    // A paused listing's line may still shrink.
    await setListing(saddle.id, { status: 'paused' });
    expect((await put(line.id, 2)).body.data).toMatchObject({
      quantity: 2,
      available: false,
      unavailable_reason: 'not_active',
    });
    expect((await put(line.id, 1, w.admin.token)).status).toBe(404);
    expect((await put(crypto.randomUUID(), 1)).status).toBe(404);
    expect((await put('not-an-id', 1)).status).toBe(404);

    const drop = (id: string, token = w.buyer.token) =>
      app.request('DELETE', `/api/marketplace/cart/items/${id}`, { token });
    expect((await drop(line.id, w.admin.token)).status).toBe(404);
    const dropped = await drop(line.id);
    expect(dropped.status, dropped.text).toBe(200);
    expect(dropped.body).toEqual({ message: 'Removed from the cart.' });
    expect((await drop(line.id)).status).toBe(404);
    expect((await drop('not-an-id')).status).toBe(404);
    expect((await cartOf(w.buyer.token)).groups).toEqual([]);
  });

  it('needs sign-in (401) and an open marketplace (503)', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    const line = (await add(w, { listing_id: saddle.id })).body.data;
    const calls = [
      ['GET', '/api/marketplace/cart', undefined],
      ['POST', '/api/marketplace/cart/items', { listing_id: saddle.id }],
      ['PUT', `/api/marketplace/cart/items/${line.id}`, { quantity: 1 }],
      ['DELETE', `/api/marketplace/cart/items/${line.id}`, undefined],
    ] as const;
    for (const [method, path, body] of calls)
      expect((await app.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
    await w.setMarketplace(false, 'Back soon');
    for (const [method, path, body] of calls) {
      const res = await app.request(method, path, { token: w.buyer.token, body });
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.body.error.message).toBe('Back soon');
    }
  });

  it('ends two adds of one listing at once as one line with the sum', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing({ quantity: 20 });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => add(w, { listing_id: saddle.id, quantity: 2 })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    const rows = await app.db.select().from(cartItems);
    expect(rows.map((r) => r.quantity)).toEqual([8]);

    // At the edge of the stock: the adds that would pass it get 422, the line stays within.
    const last = await w.listing({ title: 'Last three', quantity: 3 });
    const edge = await Promise.all(
      Array.from({ length: 3 }, () => add(w, { listing_id: last.id, quantity: 2 })),
    );
    expect(edge.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    const [line] = await app.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.publicationId, last.id));
    expect(line!.quantity).toBe(2);
  });

  it('reads the cart in the same number of statements for 2 and for 12 lines', async () => {
    const w = await marketplaceWorld(app);
    const shop = await w.otherSeller();
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', '/api/marketplace/cart', { token: w.buyer.token }),
      );
      expect(res.status).toBe(200);
      const lines = res.body.data.groups.flatMap((g: { items: unknown[] }) => g.items).length;
      return { lines, statements: counter.count };
    };
    await add(w, { listing_id: (await w.listing()).id });
    await add(w, { listing_id: (await shop.listing()).id });
    const two = await count();
    for (let i = 0; i < 10; i++) {
      const seller = i % 2 ? w : shop;
      const listing = await seller.listing({ title: `Item ${i}` });
      await add(w, { listing_id: listing.id });
    }
    const twelve = await count();
    expect([two.lines, twelve.lines]).toEqual([2, 12]);
    expect(twelve.statements).toBe(two.statements);
  });
});
