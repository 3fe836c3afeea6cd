import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import {
  horseIdentities,
  marketplaceCategories,
  publications,
  sellerProfiles,
  studServices,
  users,
} from '@/db/schema';
import { breedingWorld } from '../stud-breeding/breeding-fixtures';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const saddle = (w: MarketplaceWorld, extra: object = {}) => ({
  category_id: w.categories.saddles.id,
  title: 'Jumping saddle',
  description: 'Close contact, 17".',
  price: 820.5,
  attributes: { size: 17 },
  ...extra,
});

const horse = (w: MarketplaceWorld, extra: object = {}) => ({
  category_id: w.categories.sportHorses.id,
  title: 'Bay gelding, 8 years',
  price: 15000,
  price_type: 'negotiable',
  attributes: { breed: 'KWPN', sex: 'gelding', birth_year: 2018, height_cm: 168 },
  ...extra,
});

const stored = async (id: string) =>
  (await app.db.select().from(publications).where(eq(publications.id, id)))[0]!;

describe('GET /api/marketplace/listings/{id}', () => {
  it('shows an active listing to any signed-in user, whole', async () => {
    const w = await marketplaceWorld(app);
    await app.db
      .update(sellerProfiles)
      .set({ phone: '+34 600 000 000', phoneVisible: true, state: 'Madrid', country: 'ES' })
      .where(eq(sellerProfiles.id, w.sellerProfile.id));
    const listing = await w.listing({ city: 'Toledo', attributes: { size: 17.5 } });

    const res = await app.request('GET', `/api/marketplace/listings/${listing.id}`, {
      token: w.buyer.token,
    });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      id: listing.id,
      title: 'Leather dressage saddle',
      price: 450,
      price_type: 'fixed',
      sale_mode: 'buy_now',
      currency: 'USD',
      quantity: 1,
      status: 'active',
      category: {
        id: w.categories.saddles.id,
        name: 'Saddles',
        slug: 'saddles',
        kind: 'item',
        parent_id: w.categories.tack.id,
      },
      seller: {
        id: w.sellerProfile.id,
        display_name: 'Sally Seller',
        slug: 'sally-seller',
        verified: false,
        location: { city: 'Madrid', state: 'Madrid', country: 'ES' },
        phone: '+34 600 000 000',
      },
      location: { city: 'Toledo', state: null, country: null },
      attributes: { size: 17.5 },
      image: null,
      images_count: 0,
      published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      expires_at: expect.any(String),
      favourites_count: 0,
      is_favourite: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      description: 'A well-kept 17.5" dressage saddle.',
      condition: null,
      shipping: { ships: false, price: null, pickup: true },
      horse_identity_id: null,
      horse: null,
      service_ids: [],
      services: [],
      images: [],
      status_reason: null,
      is_mine: false,
    });
    // Its seller sees it as theirs.
    const mine = await app.request('GET', `/api/marketplace/listings/${listing.id}`, {
      token: w.seller.token,
    });
    expect(mine.body.data.is_mine).toBe(true);
  });

  it('hides the phone unless the seller shows it', async () => {
    const w = await marketplaceWorld(app);
    await app.db
      .update(sellerProfiles)
      .set({ phone: '+34 600 000 000', phoneVisible: false })
      .where(eq(sellerProfiles.id, w.sellerProfile.id));
    const listing = await w.listing();
    const res = await app.request('GET', `/api/marketplace/listings/${listing.id}`, {
      token: w.buyer.token,
    });
    expect(res.body.data.seller.phone).toBeNull();
  });

  it('shows the horse identity with three generations of its pedigree, in two statements', async () => {
    const w = await marketplaceWorld(app);
    const identity = async (name: string, values: Partial<typeof horseIdentities.$inferInsert>) =>
      (
        await app.db
          .insert(horseIdentities)
          .values({ name, birthYear: 2000, ...values })
          .returning()
      )[0]!;
    const greatGrandSire = await identity('Ramiro', { sex: 'male', birthYear: 1990 });
    const grandSire = await identity('Voltaire', {
      sex: 'male',
      birthYear: 1995,
      sireId: greatGrandSire.id,
    });
    const sire = await identity('Cornet', { sex: 'male', sireId: grandSire.id });
    const foal = await identity('Bolero', { sex: 'male', birthYear: 2018, sireId: sire.id });
    const listing = await w.listing({
      categoryId: w.categories.sportHorses.id,
      horseIdentityId: foal.id,
      attributes: { breed: 'KWPN', sex: 'stallion', birth_year: 2018 },
    });

    const counter = { count: 0 };
    const res = await statementCounter.run(counter, () =>
      app.request('GET', `/api/marketplace/listings/${listing.id}`, { token: w.buyer.token }),
    );

    expect(res.status, res.text).toBe(200);
    const node = (row: typeof foal, sireNode: unknown = null): Record<string, unknown> => ({
      id: row.id,
      name: row.name,
      sex: 'male',
      birth_year: row.birthYear,
      breed: null,
      ueln: null,
      status: 'unverified',
      sire: sireNode,
      dam: null,
    });
    expect(res.body.data.horse_identity_id).toBe(foal.id);
    expect(res.body.data.horse).toEqual(
      node(foal, node(sire, node(grandSire, node(greatGrandSire)))),
    );
    // The caller, the switch, the listing, its pedigree: none per image or ancestor.
    const withoutHorse = { count: 0 };
    const plain = await w.listing();
    await statementCounter.run(withoutHorse, () =>
      app.request('GET', `/api/marketplace/listings/${plain.id}`, { token: w.buyer.token }),
    );
    expect(counter.count).toBe(withoutHorse.count + 1);
  });

  it('shows other states to the seller and administrators alone; removed to nobody', async () => {
    const w = await marketplaceWorld(app);
    const draft = await w.listing({ status: 'draft', publishedAt: null, expiresAt: null });
    const removed = await w.listing({ status: 'removed' });
    const get = (id: string, token: string) =>
      app.request('GET', `/api/marketplace/listings/${id}`, { token });

    expect((await get(draft.id, w.seller.token)).status).toBe(200);
    expect((await get(draft.id, w.admin.token)).body.data).toMatchObject({
      status: 'draft',
      is_mine: false,
    });
    const hidden = await get(draft.id, w.buyer.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe('Listing not found.');
    for (const token of [w.seller.token, w.admin.token, w.buyer.token])
      expect((await get(removed.id, token)).status).toBe(404);
    expect((await get('not-an-id', w.seller.token)).status).toBe(404);
    expect((await get(crypto.randomUUID(), w.seller.token)).status).toBe(404);
    expect((await app.request('GET', `/api/marketplace/listings/${draft.id}`)).status).toBe(401);
  });

  it("hides a suspended seller's active listings from everybody else", async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing();
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, w.seller.id));
    const res = await app.request('GET', `/api/marketplace/listings/${listing.id}`, {
      token: w.buyer.token,
    });
    expect(res.status).toBe(404);
  });

  it('answers 503 while the marketplace is closed', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing();
    await w.setMarketplace(false);
    const res = await app.request('GET', `/api/marketplace/listings/${listing.id}`, {
      token: w.buyer.token,
    });
    expect(res.status).toBe(503);
  });
});

describe('POST /api/marketplace/listings', () => {
  it("creates a draft in the caller's personal profile, with its defaults", async () => {
    const w = await marketplaceWorld(app);
    const res = await app.request('POST', '/api/marketplace/listings', {
      token: w.seller.token,
      body: saddle(w),
    });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Jumping saddle',
      status: 'draft',
      price: 820.5,
      price_type: 'fixed',
      sale_mode: 'buy_now',
      quantity: 1,
      condition: null,
      seller: { id: w.sellerProfile.id },
      category: { id: w.categories.saddles.id, kind: 'item' },
      // The seller's location.
      location: { city: 'Madrid', state: null, country: null },
      shipping: { ships: false, price: null, pickup: true },
      attributes: { size: 17 },
      service_ids: [],
      published_at: null,
      expires_at: null,
      is_mine: true,
    });
    expect((await stored(res.body.data.id)).createdBy).toBe(w.seller.id);
  });

  it('takes every field, and defaults horses to enquiries', async () => {
    const w = await marketplaceWorld(app);
    const res = await app.request('POST', '/api/marketplace/listings', {
      token: w.seller.token,
      body: horse(w, {
        description: 'Schooled to M level.',
        quantity: 1,
        condition: 'used',
        location: { city: 'Jerez', state: 'Cádiz', country: 'es' },
        shipping: { ships: true, price: 300, pickup: false },
        attributes: { breed: ' KWPN ', sex: 'gelding', birth_year: 2018, colour: '' },
      }),
    });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      sale_mode: 'enquiry',
      price_type: 'negotiable',
      condition: 'used',
      location: { city: 'Jerez', state: 'Cádiz', country: 'ES' },
      shipping: { ships: true, price: 300, pickup: false },
      // Trimmed, blanks left out.
      attributes: { breed: 'KWPN', sex: 'gelding', birth_year: 2018 },
    });
  });

  it('asks for a price unless on request; a price on request is an enquiry', async () => {
    const w = await marketplaceWorld(app);
    const post = (body: object) =>
      app.request('POST', '/api/marketplace/listings', { token: w.seller.token, body });

    const missing = await post(saddle(w, { price: undefined }));
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['price']);

    const onRequest = await post(saddle(w, { price: undefined, price_type: 'on_request' }));
    expect(onRequest.status, onRequest.text).toBe(201);
    expect(onRequest.body.data).toMatchObject({ price: null, sale_mode: 'enquiry' });

    const buyNow = await post(
      saddle(w, { price: undefined, price_type: 'on_request', sale_mode: 'buy_now' }),
    );
    expect(buyNow.status).toBe(422);
    expect(Object.keys(buyNow.body.errors)).toEqual(['sale_mode']);
  });

  it("checks the attributes against the category's definitions", async () => {
    const w = await marketplaceWorld(app);
    const res = await app.request('POST', '/api/marketplace/listings', {
      token: w.seller.token,
      body: horse(w, { attributes: { sex: 'unicorn', birth_year: 1900, withers: 3 } }),
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'attributes.birth_year',
      'attributes.breed',
      'attributes.sex',
      'attributes.withers',
    ]);
    const saddleSize = await app.request('POST', '/api/marketplace/listings', {
      token: w.seller.token,
      body: saddle(w, { attributes: { size: 'large' } }),
    });
    expect(saddleSize.status).toBe(422);
    expect(Object.keys(saddleSize.body.errors)).toEqual(['attributes.size']);
  });

  it('refuses an unknown or closed category', async () => {
    const w = await marketplaceWorld(app);
    const post = (categoryId: string) =>
      app.request('POST', '/api/marketplace/listings', {
        token: w.seller.token,
        body: saddle(w, { category_id: categoryId }),
      });
    expect((await post(crypto.randomUUID())).body.errors).toHaveProperty('category_id');
    await app.db
      .update(marketplaceCategories)
      .set({ active: false })
      .where(eq(marketplaceCategories.id, w.categories.tack.id));
    // Its root is closed: so is it.
    const closed = await post(w.categories.saddles.id);
    expect(closed.status).toBe(422);
    expect(closed.body.errors).toHaveProperty('category_id');
    expect((await post('not-a-uuid')).status).toBe(422);
  });

  it('needs a seller profile the caller manages', async () => {
    const w = await marketplaceWorld(app);
    const stranger = await app.tokenFor('stranger@market.test');
    const none = await app.request('POST', '/api/marketplace/listings', {
      token: stranger,
      body: saddle(w),
    });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ seller_profile_id: ['Create your seller profile first.'] });

    const others = await app.request('POST', '/api/marketplace/listings', {
      token: w.buyer.token,
      body: saddle(w, { seller_profile_id: w.sellerProfile.id }),
    });
    expect(others.status).toBe(403);
    const unknown = await app.request('POST', '/api/marketplace/listings', {
      token: w.buyer.token,
      body: saddle(w, { seller_profile_id: crypto.randomUUID() }),
    });
    expect(unknown.status).toBe(404);
    expect(
      (await app.request('POST', '/api/marketplace/listings', { body: saddle(w) })).status,
    ).toBe(401);
    expect(await app.db.select().from(publications)).toEqual([]);
  });

  it('validates the fields (422 naming them)', async () => {
    const w = await marketplaceWorld(app);
    const res = await app.request('POST', '/api/marketplace/listings', {
      token: w.seller.token,
      body: saddle(w, { title: 'ab', price: 10.005, quantity: 0, condition: 'mint' }),
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'condition',
      'price',
      'quantity',
      'title',
    ]);
  });

  it('shows a horse identity that exists and was not merged', async () => {
    const w = await marketplaceWorld(app);
    const [kept] = await app.db
      .insert(horseIdentities)
      .values({ name: 'Bolero', sex: 'male', birthYear: 2018 })
      .returning();
    const [merged] = await app.db
      .insert(horseIdentities)
      .values({
        name: 'Bolero II',
        sex: 'male',
        birthYear: 2018,
        status: 'merged',
        mergedIntoId: kept!.id,
      })
      .returning();
    const post = (id: string) =>
      app.request('POST', '/api/marketplace/listings', {
        token: w.seller.token,
        body: horse(w, { horse_identity_id: id }),
      });

    expect((await post(crypto.randomUUID())).body.errors).toHaveProperty('horse_identity_id');
    const mergedRes = await post(merged!.id);
    expect(mergedRes.status).toBe(422);
    expect(mergedRes.body.errors.horse_identity_id[0]).toContain(kept!.id);
    const ok = await post(kept!.id);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.horse).toMatchObject({ id: kept!.id, name: 'Bolero' });
  });

  it("offers a stud's public services on its stallion-service listings", async () => {
    const w = await marketplaceWorld(app);
    const stud = await breedingWorld(app);
    const apollo = await stud.stallion('Apollo');
    const open = await stud.service(apollo.id, { public: true });
    const hidden = await stud.service(apollo.id, { public: false, method: 'fresh_semen' });
    const [studProfile] = await app.db
      .insert(sellerProfiles)
      .values({ organizationId: stud.studId, displayName: 'Hill Stud', slug: 'hill-stud' })
      .returning();
    const [bookings] = await app.db
      .insert(marketplaceCategories)
      .values({ name: 'Stallions at stud', slug: 'stallions', kind: 'stallion_service' })
      .returning();
    const post = (body: object, as = stud.emails.manager) =>
      app.tokenFor(as).then((token) =>
        app.request('POST', '/api/marketplace/listings', {
          token,
          body: {
            seller_profile_id: studProfile!.id,
            category_id: bookings!.id,
            title: 'Apollo at stud',
            price: 1500,
            ...body,
          },
        }),
      );

    const res = await post({ service_ids: [open.id, open.id] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ service_ids: [open.id], sale_mode: 'enquiry' });
    // Buyers see the offers themselves, with the stallion and the fees.
    expect(res.body.data.services).toEqual([
      {
        id: open.id,
        stallion: { id: apollo.id, name: 'Apollo' },
        season: open.season,
        method: open.method,
        delivery: open.delivery,
        stud_fee: open.stud_fee,
        booking_fee: open.booking_fee,
      },
    ]);
    // An offer the stud withdraws leaves the listing's page, though the listing still names it.
    await app.db.update(studServices).set({ public: false }).where(eq(studServices.id, open.id));
    const shown = await app.request('GET', `/api/marketplace/listings/${res.body.data.id}`, {
      token: await app.tokenFor(stud.emails.manager),
    });
    expect(shown.body.data).toMatchObject({ service_ids: [open.id], services: [] });
    // A private service, another stud's, or services on another kind of listing: 422.
    expect((await post({ service_ids: [hidden.id] })).body.errors).toHaveProperty('service_ids');
    expect((await post({ service_ids: [crypto.randomUUID()] })).status).toBe(422);
    const onSaddle = await app.request('POST', '/api/marketplace/listings', {
      token: w.seller.token,
      body: saddle(w, { service_ids: [open.id] }),
    });
    expect(onSaddle.body.errors).toHaveProperty('service_ids');
    // Staff do not manage the stud's profile.
    expect((await post({}, stud.emails.staff)).status).toBe(403);
  });
});

describe('PUT /api/marketplace/listings/{id}', () => {
  const put = (id: string, token: string, body: object) =>
    app.request('PUT', `/api/marketplace/listings/${id}`, { token, body });

  it('changes the fields given, and nothing else', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'draft', city: 'Toledo', country: 'ES' });
    const res = await put(listing.id, w.seller.token, {
      price: 399.99,
      location: { city: 'Ávila' },
      shipping: { ships: true, price: 12.5 },
      condition: 'used',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Leather dressage saddle',
      price: 399.99,
      status: 'draft',
      location: { city: 'Ávila', state: null, country: 'ES' },
      shipping: { ships: true, price: 12.5, pickup: true },
      condition: 'used',
    });
  });

  it('sends an active listing back to moderation when its content changes', async () => {
    const w = await marketplaceWorld(app);
    const cases: [object, string][] = [
      [{ title: 'Leather dressage saddle' }, 'active'],
      [{ price: 300, quantity: 3, shipping: { pickup: false }, condition: 'new' }, 'active'],
      [{ location: { city: 'Toledo' } }, 'active'],
      [{ attributes: {} }, 'active'],
      [{ title: 'Leather dressage saddle, 17.5"' }, 'pending'],
      [{ description: 'Like new.' }, 'pending'],
      [{ attributes: { size: 17.5 } }, 'pending'],
      [{ category_id: w.categories.tack.id }, 'pending'],
    ];
    for (const [body, status] of cases) {
      const listing = await w.listing();
      const res = await put(listing.id, w.seller.token, body);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.status, JSON.stringify(body)).toBe(status);
    }
  });

  it('marks an active listing sold when its quantity reaches 0', async () => {
    const w = await marketplaceWorld(app);
    const active = await w.listing();
    expect((await put(active.id, w.seller.token, { quantity: 0 })).body.data).toMatchObject({
      status: 'sold',
      quantity: 0,
    });
    const paused = await w.listing({ status: 'paused' });
    expect((await put(paused.id, w.seller.token, { quantity: 0 })).body.data.status).toBe('paused');
  });

  it('edits in draft, pending, active, paused, expired and rejected; 409 in the others', async () => {
    const w = await marketplaceWorld(app);
    for (const status of ['draft', 'pending', 'paused', 'expired', 'rejected'] as const) {
      const listing = await w.listing({ status });
      const res = await put(listing.id, w.seller.token, { title: 'Renamed saddle' });
      expect(res.status, status).toBe(200);
      expect(res.body.data.status).toBe(status);
    }
    for (const status of ['sold', 'archived', 'suspended'] as const) {
      const listing = await w.listing({
        status,
        ...(status === 'suspended' && { suspendedFrom: 'active' as const }),
      });
      const res = await put(listing.id, w.seller.token, { title: 'Renamed saddle' });
      expect(res.status, status).toBe(409);
      expect(res.body.error.message).toContain(status);
      expect((await stored(listing.id)).title).toBe('Leather dressage saddle');
    }
    const removed = await w.listing({ status: 'removed' });
    expect((await put(removed.id, w.seller.token, { title: 'Renamed' })).status).toBe(404);
  });

  it('re-checks the attributes against the new category', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'draft', attributes: { size: 17 } });
    const res = await put(listing.id, w.seller.token, { category_id: w.categories.horses.id });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'attributes.birth_year',
      'attributes.breed',
      'attributes.sex',
      'attributes.size',
    ]);
    const moved = await put(listing.id, w.seller.token, {
      category_id: w.categories.horses.id,
      attributes: { breed: 'PRE', sex: 'mare', birth_year: 2015 },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({
      category: { id: w.categories.horses.id },
      attributes: { breed: 'PRE', sex: 'mare', birth_year: 2015 },
    });
    const bad = await put(listing.id, w.seller.token, { attributes: { sex: 'colt' } });
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'attributes.birth_year',
      'attributes.breed',
      'attributes.sex',
    ]);
  });

  it('keeps the price rules on the final fields', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'draft', saleMode: 'enquiry' });
    expect((await put(listing.id, w.seller.token, { price: null })).body.errors).toHaveProperty(
      'price',
    );
    const onRequest = await put(listing.id, w.seller.token, {
      price: null,
      price_type: 'on_request',
    });
    expect(onRequest.status, onRequest.text).toBe(200);
    expect(onRequest.body.data).toMatchObject({ price: null, price_type: 'on_request' });
    expect(
      (await put(listing.id, w.seller.token, { sale_mode: 'buy_now' })).body.errors,
    ).toHaveProperty('sale_mode');
  });

  it("answers 404 for another seller's hidden listing, 403 for an active one, 401 without a token", async () => {
    const w = await marketplaceWorld(app);
    const draft = await w.listing({ status: 'draft' });
    const active = await w.listing();
    expect((await put(draft.id, w.buyer.token, { title: 'Mine now' })).status).toBe(404);
    expect((await put(active.id, w.buyer.token, { title: 'Mine now' })).status).toBe(403);
    // Administrators moderate; they do not edit.
    expect((await put(active.id, w.admin.token, { title: 'Mine now' })).status).toBe(403);
    expect(
      (await app.request('PUT', `/api/marketplace/listings/${active.id}`, { body: {} })).status,
    ).toBe(401);
    expect((await stored(active.id)).title).toBe('Leather dressage saddle');
  });

  it('lets the managers of an organization edit its listings', async () => {
    const w = await marketplaceWorld(app);
    const stud = await breedingWorld(app);
    const [profile] = await app.db
      .insert(sellerProfiles)
      .values({ organizationId: stud.studId, displayName: 'Hill Stud', slug: 'hill-stud' })
      .returning();
    const listing = await w.listing({ sellerProfileId: profile!.id, status: 'draft' });
    for (const [as, status] of [
      ['owner', 200],
      ['manager', 200],
      ['staff', 404],
    ] as const) {
      const token = await app.tokenFor(stud.emails[as]);
      expect((await put(listing.id, token, { price: 500 })).status, as).toBe(status);
    }
  });

  it('drops the services when the listing moves to a kind that has none', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({
      status: 'draft',
      serviceIds: [crypto.randomUUID()],
      attributes: {},
    });
    const res = await put(listing.id, w.seller.token, { category_id: w.categories.tack.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.service_ids).toEqual([]);
  });
});

describe('DELETE /api/marketplace/listings/{id}', () => {
  const remove = (id: string, token?: string) =>
    app.request('DELETE', `/api/marketplace/listings/${id}`, { token });

  it('removes a draft, a rejected or an expired listing', async () => {
    const w = await marketplaceWorld(app);
    for (const status of ['draft', 'rejected', 'expired'] as const) {
      const listing = await w.listing({ status });
      const res = await remove(listing.id, w.seller.token);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ message: 'Listing deleted.' });
      expect((await stored(listing.id)).status).toBe('removed');
      // Gone for its seller too; a second delete finds nothing.
      expect((await remove(listing.id, w.seller.token)).status).toBe(404);
    }
  });

  it('refuses the other states with a 409 naming the state', async () => {
    const w = await marketplaceWorld(app);
    for (const status of ['pending', 'active', 'paused', 'sold', 'archived'] as const) {
      const listing = await w.listing({ status });
      const res = await remove(listing.id, w.seller.token);
      expect(res.status, status).toBe(409);
      expect(res.body.error.message).toBe(
        `This listing is ${status}: only draft or rejected or expired listings can be deleted.`,
      );
    }
    const suspended = await w.listing({ status: 'suspended', suspendedFrom: 'draft' });
    expect((await remove(suspended.id, w.seller.token)).status).toBe(409);
  });

  it("answers 404 for another seller's hidden listing, 403 for an active one, 401 without a token", async () => {
    const w = await marketplaceWorld(app);
    const draft = await w.listing({ status: 'draft' });
    const active = await w.listing();
    expect((await remove(draft.id, w.buyer.token)).status).toBe(404);
    expect((await remove(active.id, w.buyer.token)).status).toBe(403);
    expect((await remove(draft.id)).status).toBe(401);
    expect((await stored(draft.id)).status).toBe('draft');
  });

  it('leaves removed listings out of the test dashboard', async () => {
    const w = await marketplaceWorld(app);
    const draft = await w.listing({ status: 'draft' });
    await w.listing();
    const count = async () =>
      (await app.request('GET', '/api/test/dashboard', { token: w.admin.token })).body.publications;
    expect(await count()).toEqual({ total: 2, active: 1, pending: 0 });
    await remove(draft.id, w.seller.token);
    expect(await count()).toEqual({ total: 1, active: 1, pending: 0 });
  });
});
