import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCounter } from '@/db/client';
import {
  marketplaceCategories,
  marketplaceSearchVersion,
  memberships,
  organizations,
  publications,
  sellerProfiles,
  users,
} from '@/db/schema';
import { useTestApp, type TestApp } from '../test/harness';
import { marketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const YEAR = new Date().getUTCFullYear();
const HOUR = 3_600_000;

async function person(email: string) {
  const token = await app.tokenFor(email);
  const me = await app.request('GET', '/api/auth/me', { token });
  return { email, token, id: me.body.id as string };
}

/**
 * A catalogue with known answers: eight listings anyone may find (L1 the newest to L8 the
 * oldest), from two sellers, and five in states nobody searching sees. Horses' ages are
 * years since their year of birth.
 */
async function catalogue(test: TestApp) {
  const w = await marketplaceWorld(test);
  const other = await person('other@market.test');
  const [otherProfile] = await test.db
    .insert(sellerProfiles)
    .values({ userId: other.id, displayName: 'Olga Other', slug: 'olga-other' })
    .returning();
  const { horses, sportHorses, tack, saddles, services } = w.categories;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
  const horse = (breed: string, sex: string, age: number, height: number, discipline?: string) => ({
    breed,
    sex,
    birth_year: YEAR - age,
    height_cm: height,
    ...(discipline && { discipline }),
  });
  const l = {
    l1: await w.listing({
      title: 'Yegua española de doma',
      description: 'Mansa, con papeles.',
      categoryId: sportHorses.id,
      price: '12000.00',
      saleMode: 'enquiry',
      attributes: horse('Pura Raza Española', 'mare', 8, 162, 'Dressage'),
      city: 'Sevilla',
      state: 'Andalucía',
      publishedAt: at(1),
    }),
    l2: await w.listing({
      title: 'Hanoverian gelding',
      description: 'Brave and careful over fences.',
      categoryId: sportHorses.id,
      price: '18500.00',
      saleMode: 'enquiry',
      attributes: horse('Hanoverian', 'gelding', 12, 170, 'Show jumping'),
      city: 'Madrid',
      state: 'Madrid',
      publishedAt: at(2),
    }),
    l3: await w.listing({
      sellerProfileId: otherProfile!.id,
      title: 'Two broodmares: yeguas de cría',
      description: 'Proven mothers.',
      categoryId: horses.id,
      price: '9000.00',
      saleMode: 'enquiry',
      attributes: horse('pura raza española', 'mare', 15, 158, 'Breeding'),
      city: 'Córdoba',
      state: 'Andalucia',
      publishedAt: at(3),
    }),
    l4: await w.listing({
      sellerProfileId: otherProfile!.id,
      title: 'Lusitano stallion',
      description: 'Approved for breeding.',
      categoryId: horses.id,
      price: null,
      priceType: 'on_request',
      saleMode: 'enquiry',
      attributes: horse('Lusitano', 'stallion', 6, 165, 'dressage'),
      city: 'madrid',
      state: 'Madrid',
      publishedAt: at(4),
    }),
    l5: await w.listing({
      title: 'Leather dressage saddle',
      description: 'Hardly used.',
      categoryId: saddles.id,
      price: '450.00',
      city: 'Madrid',
      publishedAt: at(5),
    }),
    l6: await w.listing({
      sellerProfileId: otherProfile!.id,
      title: 'Jumping saddle',
      description: 'Close contact, 17 inches.',
      categoryId: saddles.id,
      price: '900.00',
      city: 'Valencia',
      publishedAt: at(6),
    }),
    l7: await w.listing({
      title: 'Snaffle bridle',
      description: 'Cob size.',
      categoryId: tack.id,
      price: '80.00',
      publishedAt: at(7),
    }),
    l8: await w.listing({
      title: 'Farrier visits',
      description: 'Trimming and shoeing.',
      categoryId: services.id,
      price: '60.00',
      saleMode: 'enquiry',
      publishedAt: at(8),
    }),
  };
  // Nobody searching sees these, whatever they ask: every one is a mare and an espanola.
  const hidden = { categoryId: horses.id, attributes: horse('Pura Raza Española', 'mare', 8, 162) };
  const unseen = [
    await w.listing({ ...hidden, title: 'Paused yegua española', status: 'paused' }),
    await w.listing({
      ...hidden,
      title: 'Draft yegua española',
      status: 'draft',
      publishedAt: null,
      expiresAt: null,
    }),
    await w.listing({ ...hidden, title: 'Sold yegua española', status: 'sold' }),
    await w.listing({ ...hidden, title: 'Pending yegua española', status: 'pending' }),
    await w.listing({ ...hidden, title: 'Removed yegua española', status: 'removed' }),
  ];
  const name = new Map(Object.entries(l).map(([key, row]) => [row.id, key]));
  for (const row of unseen) name.set(row.id, row.title);
  /** The listings of a search as the buyer, by their names here. */
  const search = async (query: string, token = w.buyer.token) => {
    const res = await test.request('GET', `/api/marketplace/listings?${query}`, { token });
    expect(res.status, res.text).toBe(200);
    return (res.body.data as { id: string }[]).map((card) => name.get(card.id) ?? card.id);
  };
  return { ...w, other, otherProfile: otherProfile!, l, unseen, search };
}

const ALL = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8'];

describe('GET /api/marketplace/listings', () => {
  it('answers the active listings of active sellers as cards, newest first', async () => {
    const c = await catalogue(app);
    expect(await c.search('')).toEqual(ALL);

    const res = await app.request('GET', '/api/marketplace/listings?per_page=1', {
      token: c.buyer.token,
    });
    expect(res.body.data).toEqual([
      {
        id: c.l.l1.id,
        title: 'Yegua española de doma',
        price: 12000,
        price_type: 'fixed',
        sale_mode: 'enquiry',
        currency: 'USD',
        quantity: 1,
        status: 'active',
        category: {
          id: c.categories.sportHorses.id,
          name: 'Sport horses',
          slug: 'sport-horses',
          kind: 'horse',
        },
        seller: {
          id: c.sellerProfile.id,
          display_name: 'Sally Seller',
          slug: 'sally-seller',
          verified: false,
        },
        location: { city: 'Sevilla', state: 'Andalucía', country: null },
        attributes: {
          breed: 'Pura Raza Española',
          sex: 'mare',
          birth_year: YEAR - 8,
          height_cm: 162,
          discipline: 'Dressage',
        },
        image: null,
        images_count: 0,
        published_at: c.l.l1.publishedAt!.toISOString(),
        expires_at: c.l.l1.expiresAt!.toISOString(),
        favourites_count: 0,
        is_favourite: false,
        created_at: c.l.l1.createdAt.toISOString(),
        updated_at: c.l.l1.updatedAt.toISOString(),
      },
    ]);
  });

  it('finds words in English and Spanish, ignoring case and accents', async () => {
    const c = await catalogue(app);
    expect(await c.search('q=espanola')).toEqual(['l1', 'l3']);
    expect(await c.search('q=ESPAÑOLA')).toEqual(['l1', 'l3']);
    expect(await c.search('q=yeguas')).toEqual(['l1', 'l3']);
    expect(await c.search('q=yegua%20doma')).toEqual(['l1']);
    expect(await c.search('q=saddles')).toEqual(['l5', 'l6']);
    // Title, discipline (l1, l4) and description alike; web-search syntax.
    expect(await c.search('q=dressage')).toEqual(['l1', 'l4', 'l5']);
    expect(await c.search('q=saddle%20-jumping')).toEqual(['l5']);
    expect(await c.search('q=shoeing')).toEqual(['l8']);
    expect(await c.search('q=%22careful%20over%22')).toEqual(['l2']);
    expect(await c.search('q=unicorn')).toEqual([]);
    // Stop words alone match nothing rather than everything.
    expect(await c.search('q=the')).toEqual([]);
    // A blank query is no query.
    expect(await c.search('q=%20%20')).toEqual(ALL);
    // Sorts keep their order with a query.
    expect(await c.search('q=dressage&sort=price_asc')).toEqual(['l5', 'l1', 'l4']);
  });

  it('filters by category (with its children), kind, price, place, seller and sale mode', async () => {
    const c = await catalogue(app);
    const { horses, sportHorses, tack, services } = c.categories;
    expect(await c.search(`category_id=${horses.id}`)).toEqual(['l1', 'l2', 'l3', 'l4']);
    expect(await c.search(`category_id=${sportHorses.id}`)).toEqual(['l1', 'l2']);
    expect(await c.search(`category_id=${tack.id}`)).toEqual(['l5', 'l6', 'l7']);
    expect(await c.search(`category_id=${services.id}`)).toEqual(['l8']);
    expect(await c.search('kind=item')).toEqual(['l5', 'l6', 'l7']);
    expect(await c.search('kind=horse')).toEqual(['l1', 'l2', 'l3', 'l4']);
    expect(await c.search('kind=stallion_service')).toEqual([]);
    // On-request prices (l4) drop out of a price range.
    expect(await c.search('min_price=500&max_price=12000')).toEqual(['l1', 'l3', 'l6']);
    expect(await c.search('min_price=12000')).toEqual(['l1', 'l2']);
    expect(await c.search('max_price=80')).toEqual(['l7', 'l8']);
    expect(await c.search('min_price=450&max_price=450')).toEqual(['l5']);
    expect(await c.search('state=andalucia')).toEqual(['l1', 'l3']);
    expect(await c.search('state=ANDALUCÍA')).toEqual(['l1', 'l3']);
    expect(await c.search('city=MADRID')).toEqual(['l2', 'l4', 'l5']);
    expect(await c.search('city=cordoba')).toEqual(['l3']);
    expect(await c.search('city=Mad')).toEqual([]);
    expect(await c.search(`seller_id=${c.otherProfile.id}`)).toEqual(['l3', 'l4', 'l6']);
    expect(await c.search('sale_mode=buy_now')).toEqual(['l5', 'l6', 'l7']);
    expect(await c.search('sale_mode=enquiry')).toEqual(['l1', 'l2', 'l3', 'l4', 'l8']);
  });

  it('filters horses by breed, sex, discipline, age and height', async () => {
    const c = await catalogue(app);
    expect(await c.search('breed=Pura%20Raza%20Espanola')).toEqual(['l1', 'l3']);
    expect(await c.search('breed=hanoverian')).toEqual(['l2']);
    expect(await c.search('breed=Hanover')).toEqual([]);
    expect(await c.search('sex=mare')).toEqual(['l1', 'l3']);
    expect(await c.search('sex=Stallion')).toEqual(['l4']);
    expect(await c.search('discipline=DRESSAGE')).toEqual(['l1', 'l4']);
    expect(await c.search('min_age=7&max_age=12')).toEqual(['l1', 'l2']);
    expect(await c.search('min_age=12')).toEqual(['l2', 'l3']);
    expect(await c.search('max_age=6')).toEqual(['l4']);
    expect(await c.search('min_height=160&max_height=166')).toEqual(['l1', 'l4']);
    expect(await c.search('min_height=170')).toEqual(['l2']);
    expect(
      await c.search(`category_id=${c.categories.horses.id}&sex=mare&max_price=10000`),
    ).toEqual(['l3']);
    expect(await c.search('q=espanola&min_age=10&city=cordoba')).toEqual(['l3']);
  });

  it('sorts by price either way, listings without a price last', async () => {
    const c = await catalogue(app);
    expect(await c.search('sort=newest')).toEqual(ALL);
    expect(await c.search('sort=price_asc')).toEqual([
      'l8',
      'l7',
      'l5',
      'l6',
      'l3',
      'l1',
      'l2',
      'l4',
    ]);
    expect(await c.search('sort=price_desc')).toEqual([
      'l2',
      'l1',
      'l3',
      'l6',
      'l5',
      'l7',
      'l8',
      'l4',
    ]);
    // Equal prices: the listing's id decides, so pages never overlap.
    await c.listing({ title: 'Second bridle', price: '80.00', publishedAt: new Date(0) });
    const twins = await c.search('sort=price_asc&min_price=80&max_price=80');
    expect(twins).toHaveLength(2);
    expect(await c.search('sort=price_asc&min_price=80&max_price=80&per_page=1&page=2')).toEqual([
      twins[1],
    ]);
  });

  it('pages with Laravel meta and links that keep the filters', async () => {
    const c = await catalogue(app);
    const res = await app.request(
      'GET',
      '/api/marketplace/listings?sort=price_asc&per_page=3&page=2',
      {
        token: c.buyer.token,
      },
    );
    expect(res.body.data.map((card: { id: string }) => card.id)).toEqual([
      c.l.l6.id,
      c.l.l3.id,
      c.l.l1.id,
    ]);
    const path = 'http://localhost:3000/api/marketplace/listings';
    expect(res.body.meta).toEqual({
      current_page: 2,
      from: 4,
      last_page: 3,
      path,
      per_page: 3,
      to: 6,
      total: 8,
    });
    expect(res.body.links).toEqual({
      first: `${path}?sort=price_asc&per_page=3&page=1`,
      last: `${path}?sort=price_asc&per_page=3&page=3`,
      prev: `${path}?sort=price_asc&per_page=3&page=1`,
      next: `${path}?sort=price_asc&per_page=3&page=3`,
    });
    expect(await c.search('per_page=3&page=3')).toEqual(['l7', 'l8']);
    const beyond = await app.request('GET', '/api/marketplace/listings?page=9', {
      token: c.buyer.token,
    });
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ total: 8, from: null, to: null, last_page: 1 });
  });

  it('never shows listings in other states, not even to their seller', async () => {
    const c = await catalogue(app);
    expect(await c.search('q=espanola&per_page=100', c.seller.token)).toEqual(['l1', 'l3']);
    expect(await c.search('sex=mare', c.admin.token)).toEqual(['l1', 'l3']);
  });

  it("drops a suspended seller's listings at once, and shows them again on reinstatement", async () => {
    const c = await catalogue(app);
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, c.other.id));
    expect(await c.search('')).toEqual(['l1', 'l2', 'l5', 'l7', 'l8']);
    expect(await c.search(`seller_id=${c.otherProfile.id}`)).toEqual([]);
    await app.db.update(users).set({ status: 'active' }).where(eq(users.id, c.other.id));
    expect(await c.search(`seller_id=${c.otherProfile.id}`)).toEqual(['l3', 'l4', 'l6']);

    // An organization's profile: the organization's status decides, not its members'.
    const orgId = await app.createSchool({ name: 'Yeguada del Sur', type: 'stud' });
    const [orgProfile] = await app.db
      .insert(sellerProfiles)
      .values({ organizationId: orgId, displayName: 'Yeguada del Sur', slug: 'yeguada' })
      .returning();
    const org = await c.listing({ sellerProfileId: orgProfile!.id, title: 'Stud saddle' });
    expect(await c.search(`seller_id=${orgProfile!.id}`)).toEqual([org.id]);
    await app.db
      .update(organizations)
      .set({ status: 'suspended' })
      .where(eq(organizations.id, orgId));
    expect(await c.search(`seller_id=${orgProfile!.id}`)).toEqual([]);
  });

  it("marks the caller's favourites", async () => {
    const c = await catalogue(app);
    const saved = await app.request('POST', '/api/marketplace/favourites', {
      token: c.buyer.token,
      body: { listing_id: c.l.l2.id },
    });
    expect(saved.status, saved.text).toBe(201);
    const cards = async (token: string) =>
      (await app.request('GET', '/api/marketplace/listings?per_page=3', { token })).body.data.map(
        (card: { is_favourite: boolean; favourites_count: number }) => [
          card.is_favourite,
          card.favourites_count,
        ],
      );
    expect(await cards(c.buyer.token)).toEqual([
      [false, 0],
      [true, 1],
      [false, 0],
    ]);
    expect(await cards(c.seller.token)).toEqual([
      [false, 0],
      [false, 1],
      [false, 0],
    ]);
  });

  it('refuses crossed ranges and bad values (422 on the field)', async () => {
    const c = await catalogue(app);
    const get = (query: string) =>
      app.request('GET', `/api/marketplace/listings?${query}`, { token: c.buyer.token });
    for (const [query, field] of [
      ['min_price=500&max_price=100', 'max_price'],
      ['min_age=10&max_age=5', 'max_age'],
      ['min_height=170&max_height=150', 'max_height'],
      ['min_price=-1', 'min_price'],
      ['max_price=cheap', 'max_price'],
      ['sort=oldest', 'sort'],
      ['kind=car', 'kind'],
      ['sale_mode=auction', 'sale_mode'],
      ['category_id=horses', 'category_id'],
      ['seller_id=1', 'seller_id'],
      ['per_page=101', 'per_page'],
      ['page=0', 'page'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ]) {
      const res = await get(query!);
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors), query).toEqual([field]);
    }
    expect((await get('min_price=100&max_price=100')).status).toBe(200);
  });

  it('needs sign-in and an open marketplace', async () => {
    const c = await catalogue(app);
    expect((await app.request('GET', '/api/marketplace/listings')).status).toBe(401);
    await c.setMarketplace(false);
    const closed = await app.request('GET', '/api/marketplace/listings', { token: c.buyer.token });
    expect(closed.status).toBe(503);
    expect(closed.headers.get('retry-after')).toBeTruthy();
  });

  it('counts its total again whenever a findable listing or a category changes, and only then', async () => {
    const c = await catalogue(app);
    const total = async (query: string) => {
      const res = await app.request('GET', `/api/marketplace/listings?${query}`, {
        token: c.buyer.token,
      });
      expect(res.status, res.text).toBe(200);
      return res.body.meta.total as number;
    };
    const version = async () =>
      (await app.db.select().from(marketplaceSearchVersion))[0]?.version ?? null;
    const totals = async () => ({
      all: await total(''),
      saddle: await total('q=saddle'),
      horses: await total(`category_id=${c.categories.horses.id}`),
      // Page 2 of one per page: a total held for page 1 answers the other pages too.
      paged: await total('per_page=1&page=2'),
    });
    expect(await totals()).toEqual({ all: 8, saddle: 2, horses: 4, paged: 8 });

    // What the search cannot see does not move the version: a favourite, a draft's title.
    const before = await version();
    await app.request('POST', '/api/marketplace/favourites', {
      token: c.buyer.token,
      body: { listing_id: c.l.l5.id },
    });
    await app.db
      .update(publications)
      .set({ title: 'Draft saddle' })
      .where(eq(publications.id, c.unseen[1]!.id));
    expect(await version()).toBe(before);
    expect(await totals()).toEqual({ all: 8, saddle: 2, horses: 4, paged: 8 });

    // Each of these changes what the search finds, and the next answer counts it.
    await c.listing({ title: 'Dressage saddle, black', categoryId: c.categories.saddles.id });
    expect(await totals()).toEqual({ all: 9, saddle: 3, horses: 4, paged: 9 });
    await app.db
      .update(publications)
      .set({ title: 'Snaffle bridle and saddle' })
      .where(eq(publications.id, c.l.l7.id));
    expect(await totals()).toEqual({ all: 9, saddle: 4, horses: 4, paged: 9 });
    await app.db
      .update(publications)
      .set({ status: 'paused' })
      .where(eq(publications.id, c.l.l1.id));
    expect(await totals()).toEqual({ all: 8, saddle: 4, horses: 3, paged: 8 });
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, c.other.id));
    expect(await totals()).toEqual({ all: 5, saddle: 3, horses: 1, paged: 5 });
    await app.db
      .update(marketplaceCategories)
      .set({ parentId: c.categories.horses.id })
      .where(eq(marketplaceCategories.id, c.categories.services.id));
    expect(await totals()).toEqual({ all: 5, saddle: 3, horses: 2, paged: 5 });
    await app.db.delete(publications).where(eq(publications.id, c.l.l8.id));
    expect(await totals()).toEqual({ all: 4, saddle: 3, horses: 1, paged: 4 });
    expect(await version()).not.toBe(before);
  });

  it('runs the same number of statements for a page of 1 and of 8 cards', async () => {
    const c = await catalogue(app);
    // A favourite on every card, so that each card has all it can carry.
    for (const id of Object.values(c.l).map((row) => row.id)) {
      await app.request('POST', '/api/marketplace/favourites', {
        token: c.buyer.token,
        body: { listing_id: id },
      });
    }
    const count = async (query: string) => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', `/api/marketplace/listings?${query}`, { token: c.buyer.token }),
      );
      expect(res.status).toBe(200);
      return { cards: res.body.data.length, statements: counter.count };
    };
    const one = await count('per_page=1');
    const eight = await count('per_page=8&q=a%20or%20saddle%20or%20horse');
    const all = await count('per_page=8');
    expect([one.cards, all.cards]).toEqual([1, 8]);
    expect(all.statements).toBe(one.statements);
    expect(eight.statements).toBe(one.statements);
  });
});

describe('GET /api/marketplace/my/listings', () => {
  it("lists every listing of the caller's seller profiles but removed ones, last updated first", async () => {
    const c = await catalogue(app);
    const mine = async (query = '', token = c.seller.token) => {
      const res = await app.request('GET', `/api/marketplace/my/listings?${query}`, { token });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const sallys = [c.l.l1, c.l.l2, c.l.l5, c.l.l7, c.l.l8, ...c.unseen.slice(0, 4)];
    const byUpdate = [...sallys].sort(
      (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (b.id < a.id ? -1 : 1),
    );
    const body = await mine('per_page=100');
    expect(body.data.map((card: { id: string }) => card.id)).toEqual(byUpdate.map((r) => r.id));
    expect(body.meta.total).toBe(9);
    expect((await mine('status=paused')).data.map((card: { title: string }) => card.title)).toEqual(
      ['Paused yegua española'],
    );
    expect((await mine('status=removed')).data).toEqual([]);
    expect((await mine(`seller_profile_id=${c.sellerProfile.id}`)).meta.total).toBe(9);
    expect((await mine(`seller_profile_id=${c.otherProfile.id}`)).data).toEqual([]);
    expect(
      (await mine('', c.other.token)).data.map((card: { id: string }) => card.id).sort(),
    ).toEqual([c.l.l3.id, c.l.l4.id, c.l.l6.id].sort());
    expect((await mine('', c.buyer.token)).data).toEqual([]);
    expect((await mine('status=sold&per_page=1')).meta).toMatchObject({ total: 1, per_page: 1 });
  });

  it("includes an organization's listings for its owners and managers only", async () => {
    const c = await catalogue(app);
    const orgId = await app.createSchool({
      name: 'Yeguada del Norte',
      type: 'stud',
      members: {
        'owner@norte.test': 'owner',
        'manager@norte.test': 'manager',
        'staff@norte.test': 'staff',
      },
    });
    const [owner, manager, staff] = await Promise.all(
      ['owner@norte.test', 'manager@norte.test', 'staff@norte.test'].map(person),
    );
    const [profile] = await app.db
      .insert(sellerProfiles)
      .values({ organizationId: orgId, displayName: 'Yeguada del Norte', slug: 'norte' })
      .returning();
    const draft = await c.listing({
      sellerProfileId: profile!.id,
      title: 'Norte draft',
      status: 'draft',
    });
    const ids = async (token: string) =>
      (await app.request('GET', '/api/marketplace/my/listings', { token })).body.data.map(
        (card: { id: string }) => card.id,
      );
    expect(await ids(owner!.token)).toEqual([draft.id]);
    expect(await ids(manager!.token)).toEqual([draft.id]);
    expect(await ids(staff!.token)).toEqual([]);
    await app.db.delete(memberships).where(eq(memberships.organizationId, orgId));
    expect(await ids(owner!.token)).toEqual([]);
  });

  it('refuses bad filters (422) and strangers (401)', async () => {
    const c = await catalogue(app);
    const bad = await app.request('GET', '/api/marketplace/my/listings?status=lost', {
      token: c.seller.token,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['status']);
    expect((await app.request('GET', '/api/marketplace/my/listings')).status).toBe(401);
  });
});
