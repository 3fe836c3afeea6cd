import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminActions, marketplaceCategories, publications, users } from '@/db/schema';
import { statementCounter } from '@/db/client';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const ADMIN_PATH = '/api/admin/marketplace/categories';

type Node = { id: string; slug: string; listings_count: number; children: Node[] };

const slugsOf = (tree: Node[]) => tree.map((root) => [root.slug, root.children.map((c) => c.slug)]);

async function post(w: MarketplaceWorld, body: Record<string, unknown>) {
  return app.request('POST', ADMIN_PATH, { token: w.admin.token, body });
}

async function put(w: MarketplaceWorld, id: string, body: Record<string, unknown>) {
  return app.request('PUT', `${ADMIN_PATH}/${id}`, { token: w.admin.token, body });
}

describe('the category tree users browse (C.1)', () => {
  it('lists active roots by position with their active children and listing counts', async () => {
    const w = await marketplaceWorld(app);
    await w.listing();
    await w.listing({ categoryId: w.categories.tack.id });
    await w.listing({ status: 'draft', publishedAt: null });
    await app.db
      .update(marketplaceCategories)
      .set({ active: false })
      .where(eq(marketplaceCategories.id, w.categories.services.id));

    const res = await app.request('GET', '/api/marketplace/categories', { token: w.buyer.token });
    expect(res.status).toBe(200);
    expect(slugsOf(res.body.data)).toEqual([
      ['horses', ['sport-horses']],
      ['tack', ['saddles']],
    ]);
    const tack = res.body.data[1];
    expect(tack).toMatchObject({
      id: w.categories.tack.id,
      name: 'Tack',
      parent_id: null,
      kind: 'item',
      attributes: [],
      position: 1,
      active: true,
      listings_count: 2,
    });
    expect(tack.created_at).toMatch(/Z$/);
    expect(tack.children[0]).toMatchObject({
      slug: 'saddles',
      parent_id: w.categories.tack.id,
      listings_count: 1,
      attributes: [{ name: 'size', type: 'number', min: 10, max: 20 }],
    });
    expect(res.body.data[0].children[0].attributes).toHaveLength(7);
  });

  it('leaves out listings of a suspended seller and children of an inactive root', async () => {
    const w = await marketplaceWorld(app);
    await w.listing();
    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, w.seller.id));
    await app.db
      .update(marketplaceCategories)
      .set({ active: false })
      .where(eq(marketplaceCategories.id, w.categories.horses.id));
    const res = await app.request('GET', '/api/marketplace/categories', { token: w.buyer.token });
    expect(slugsOf(res.body.data)).toEqual([
      ['tack', ['saddles']],
      ['services', []],
    ]);
    expect(res.body.data[0].listings_count).toBe(0);
  });

  it('asks for sign-in, and closes with the marketplace', async () => {
    const w = await marketplaceWorld(app);
    expect((await app.request('GET', '/api/marketplace/categories')).status).toBe(401);
    await w.setMarketplace(false);
    const res = await app.request('GET', '/api/marketplace/categories', { token: w.buyer.token });
    expect(res.status).toBe(503);
  });

  it('reads the tree in the same number of statements however large it is', async () => {
    const w = await marketplaceWorld(app);
    const count = async () => {
      const counter = { count: 0 };
      const res = await statementCounter.run(counter, () =>
        app.request('GET', '/api/marketplace/categories', { token: w.buyer.token }),
      );
      expect(res.status).toBe(200);
      return counter.count;
    };
    const small = await count();
    for (let i = 0; i < 5; i++) {
      const root = await post(w, { name: `Root ${i}`, kind: 'item' });
      await post(w, { name: `Child ${i}`, parent_id: root.body.data.id });
      await w.listing();
    }
    expect(await count()).toBe(small);
  });
});

describe('the administrators’ categories (C.1)', () => {
  it('lists every category, inactive ones too, and shows one with its children', async () => {
    const w = await marketplaceWorld(app);
    await put(w, w.categories.saddles.id, { active: false });
    const list = await app.request('GET', ADMIN_PATH, { token: w.admin.token });
    expect(list.status).toBe(200);
    expect(slugsOf(list.body.data)).toEqual([
      ['horses', ['sport-horses']],
      ['tack', ['saddles']],
      ['services', []],
    ]);
    const one = await app.request('GET', `${ADMIN_PATH}/${w.categories.tack.id}`, {
      token: w.admin.token,
    });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ slug: 'tack', children: [{ active: false }] });
    const child = await app.request('GET', `${ADMIN_PATH}/${w.categories.saddles.id}`, {
      token: w.admin.token,
    });
    expect(child.body.data).toMatchObject({ slug: 'saddles', children: [] });
  });

  it('is for platform administrators only', async () => {
    const w = await marketplaceWorld(app);
    const one = `${ADMIN_PATH}/${w.categories.tack.id}`;
    for (const [method, path, body] of [
      ['GET', ADMIN_PATH, undefined],
      ['POST', ADMIN_PATH, { name: 'Feed', kind: 'item' }],
      ['GET', one, undefined],
      ['PUT', one, { name: 'Gear' }],
      ['DELETE', one, undefined],
    ] as const) {
      expect((await app.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      const res = await app.request(method, path, { token: w.seller.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const [row] = await app.db
      .select()
      .from(marketplaceCategories)
      .where(eq(marketplaceCategories.id, w.categories.tack.id));
    expect(row!.name).toBe('Tack');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const w = await marketplaceWorld(app);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const path = `${ADMIN_PATH}/${id}`;
      expect((await app.request('GET', path, { token: w.admin.token })).status).toBe(404);
      expect((await put(w, id, { name: 'X' })).status).toBe(404);
      expect((await app.request('DELETE', path, { token: w.admin.token })).status).toBe(404);
    }
  });

  describe('POST', () => {
    it('adds a root with a slug made from its name, and logs it', async () => {
      const w = await marketplaceWorld(app);
      const res = await post(w, {
        name: '  Équipement Équestre & Cía ',
        kind: 'item',
        position: 4,
        attributes: [
          { name: 'brand', label: 'Brand', type: 'text' },
          { name: 'size', label: 'Size', type: 'select', required: true, options: ['S', 'M'] },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        name: 'Équipement Équestre & Cía',
        slug: 'equipement-equestre-cia',
        parent_id: null,
        kind: 'item',
        position: 4,
        active: true,
        listings_count: 0,
        children: [],
        attributes: [
          { name: 'brand', label: 'Brand', type: 'text', required: false },
          { name: 'size', type: 'select', required: true, options: ['S', 'M'] },
        ],
      });
      const again = await post(w, { name: 'Equipement equestre cia', kind: 'item' });
      expect(again.body.data.slug).toBe('equipement-equestre-cia-2');
      const third = await post(w, { name: 'Équipement équestre, cía.', kind: 'item' });
      expect(third.body.data.slug).toBe('equipement-equestre-cia-3');

      const [log] = await app.db
        .select()
        .from(adminActions)
        .where(eq(adminActions.subjectId, res.body.data.id));
      expect(log).toMatchObject({
        action: 'admin.marketplaceCategories.create',
        subjectType: 'marketplace_category',
      });
    });

    it('gives a child its root’s kind', async () => {
      const w = await marketplaceWorld(app);
      const res = await post(w, { name: 'Ponies', parent_id: w.categories.horses.id });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ kind: 'horse', parent_id: w.categories.horses.id });
      const same = await post(w, {
        name: 'Foals',
        slug: 'foals',
        parent_id: w.categories.horses.id,
        kind: 'horse',
      });
      expect(same.status).toBe(201);
      const tree = await app.request('GET', '/api/marketplace/categories', {
        token: w.buyer.token,
      });
      expect(tree.body.data[0].children.map((c: Node) => c.slug)).toEqual([
        'foals',
        'ponies',
        'sport-horses',
      ]);
    });

    it('answers 422 per rule', async () => {
      const w = await marketplaceWorld(app);
      const cases: [Record<string, unknown>, string][] = [
        [{ kind: 'item' }, 'name'],
        [{ name: 'Feed' }, 'kind'],
        [{ name: 'Feed', kind: 'food' }, 'kind'],
        [{ name: 'Feed', kind: 'item', slug: 'tack' }, 'slug'],
        [{ name: 'Feed', kind: 'item', slug: 'Not A Slug' }, 'slug'],
        [{ name: 'Feed', kind: 'item', slug: 'a--b' }, 'slug'],
        [{ name: 'Feed', parent_id: w.categories.saddles.id }, 'parent_id'],
        [{ name: 'Feed', parent_id: '00000000-0000-4000-8000-000000000000' }, 'parent_id'],
        [{ name: 'Feed', parent_id: 'nope' }, 'parent_id'],
        [{ name: 'Feed', parent_id: w.categories.tack.id, kind: 'horse' }, 'kind'],
        [
          { name: 'Feed', kind: 'item', attributes: [{ name: 'Bad', label: 'B', type: 'text' }] },
          'attributes.0.name',
        ],
        [
          { name: 'Feed', kind: 'item', attributes: [{ name: 's', label: 'S', type: 'select' }] },
          'attributes.0.options',
        ],
        [
          {
            name: 'Feed',
            kind: 'item',
            attributes: [
              { name: 'a', label: 'A', type: 'text' },
              { name: 'a', label: 'A', type: 'boolean' },
            ],
          },
          'attributes.1.name',
        ],
        [
          {
            name: 'Feed',
            kind: 'item',
            attributes: [{ name: 'n', label: 'N', type: 'integer', min: 3, max: 2 }],
          },
          'attributes.0.max',
        ],
        [{ name: 'Feed', kind: 'item', position: -1 }, 'position'],
      ];
      for (const [body, field] of cases) {
        const res = await post(w, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
      }
      const rows = await app.db.select().from(marketplaceCategories);
      expect(rows).toHaveLength(5);
      expect(await app.db.select().from(adminActions)).toHaveLength(0);
    });
  });

  describe('PUT', () => {
    it('changes the fields given', async () => {
      const w = await marketplaceWorld(app);
      const res = await put(w, w.categories.saddles.id, {
        name: 'Saddles & pads',
        slug: 'saddles-and-pads',
        position: 3,
        attributes: [{ name: 'seat', label: 'Seat', type: 'number', min: 10 }],
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'Saddles & pads',
        slug: 'saddles-and-pads',
        parent_id: w.categories.tack.id,
        kind: 'item',
        position: 3,
        attributes: [{ name: 'seat', min: 10 }],
      });
    });

    it('moves a child to another root of the same kind, or makes it a root', async () => {
      const w = await marketplaceWorld(app);
      const gear = await post(w, { name: 'Gear', kind: 'item' });
      const moved = await put(w, w.categories.saddles.id, { parent_id: gear.body.data.id });
      expect(moved.body.data).toMatchObject({ parent_id: gear.body.data.id, kind: 'item' });
      const root = await put(w, w.categories.saddles.id, { parent_id: null, kind: 'service' });
      expect(root.status).toBe(200);
      expect(root.body.data).toMatchObject({ parent_id: null, kind: 'service' });
    });

    it('gives a root’s new kind to its children', async () => {
      const w = await marketplaceWorld(app);
      const res = await put(w, w.categories.tack.id, { kind: 'service' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ kind: 'service', children: [{ kind: 'service' }] });
    });

    it('answers 422 per rule', async () => {
      const w = await marketplaceWorld(app);
      const { horses, tack, saddles, sportHorses, services } = w.categories;
      const cases: [string, Record<string, unknown>, string][] = [
        [tack.id, { parent_id: services.id }, 'parent_id'],
        [services.id, { parent_id: sportHorses.id }, 'parent_id'],
        [services.id, { parent_id: services.id }, 'parent_id'],
        [saddles.id, { kind: 'horse' }, 'kind'],
        [services.id, { parent_id: horses.id, kind: 'service' }, 'kind'],
        [saddles.id, { slug: 'horses' }, 'slug'],
        [saddles.id, { name: '' }, 'name'],
        [
          saddles.id,
          { attributes: [{ name: 'x', label: 'X', type: 'text', min: 1 }] },
          'attributes.0.min',
        ],
      ];
      for (const [id, body, field] of cases) {
        const res = await put(w, id, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
      }
    });

    it('keeps the kind of a category with listings (409), and hides a deactivated one', async () => {
      const w = await marketplaceWorld(app);
      const listing = await w.listing({ status: 'rejected', publishedAt: null });
      for (const [id, body] of [
        [w.categories.saddles.id, { parent_id: null, kind: 'service' }],
        [w.categories.tack.id, { kind: 'service' }],
      ] as const) {
        const res = await put(w, id, body);
        expect(res.status, JSON.stringify(body)).toBe(409);
        expect(res.body.error.message).toMatch(/listings/);
      }
      const off = await put(w, w.categories.saddles.id, { active: false, name: 'Old saddles' });
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({ active: false, name: 'Old saddles' });
      const tree = await app.request('GET', '/api/marketplace/categories', {
        token: w.buyer.token,
      });
      expect(slugsOf(tree.body.data)[1]).toEqual(['tack', []]);
      const [kept] = await app.db
        .select()
        .from(publications)
        .where(eq(publications.id, listing.id));
      expect(kept!.categoryId).toBe(w.categories.saddles.id);
    });
  });

  describe('DELETE', () => {
    it('deletes a category nobody used', async () => {
      const w = await marketplaceWorld(app);
      const res = await app.request('DELETE', `${ADMIN_PATH}/${w.categories.services.id}`, {
        token: w.admin.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Category deleted.');
      const again = await app.request('GET', `${ADMIN_PATH}/${w.categories.services.id}`, {
        token: w.admin.token,
      });
      expect(again.status).toBe(404);
    });

    it('keeps a category with listings in any state, or with children (409)', async () => {
      const w = await marketplaceWorld(app);
      await w.listing({ status: 'removed', publishedAt: null });
      for (const id of [w.categories.saddles.id, w.categories.tack.id, w.categories.horses.id]) {
        const res = await app.request('DELETE', `${ADMIN_PATH}/${id}`, { token: w.admin.token });
        expect(res.status).toBe(409);
        expect(res.body.error.message).toMatch(/deactivate it instead/);
      }
      expect(await app.db.select().from(marketplaceCategories)).toHaveLength(5);
    });
  });
});
