import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminActions, commissionTiers, marketplaceCategories } from '@/db/schema';
import { statementCounter } from '@/db/client';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';
import { commissionFor } from './commission-queries';

const app = useTestApp();

const PATH = '/api/admin/commission-tiers';
const NO_ID = '00000000-0000-4000-8000-000000000000';

type Tier = { id: string; name: string; min_amount: number; max_amount: number | null };

/**
 * The marketplace world with the migration's one global band (emptied after each test like
 * every table, so written again here, in its place when the first test calls this).
 */
async function commissionWorld() {
  const w = await marketplaceWorld(app);
  await app.db.delete(commissionTiers).where(isNull(commissionTiers.categoryId));
  const [standard] = await app.db
    .insert(commissionTiers)
    .values({ name: 'Standard', minAmount: '0', ratePercent: '10' })
    .returning();
  return { ...w, standard: standard! };
}

const post = (w: MarketplaceWorld, body: Record<string, unknown>) =>
  app.request('POST', PATH, { token: w.admin.token, body });

const put = (w: MarketplaceWorld, id: string, body: Record<string, unknown>) =>
  app.request('PUT', `${PATH}/${id}`, { token: w.admin.token, body });

const putBands = (w: MarketplaceWorld, body: Record<string, unknown>) =>
  app.request('PUT', `${PATH}/bands`, { token: w.admin.token, body });

const preview = (w: MarketplaceWorld, query: string) =>
  app.request('GET', `${PATH}/preview?${query}`, { token: w.admin.token });

const band = (name: string, min: number, max: number | null, rate = 10, fee = 0) => ({
  name,
  min_amount: min,
  max_amount: max,
  rate_percent: rate,
  fixed_fee: fee,
});

describe('the administrators’ commission tiers (E.5)', () => {
  // First in the file: the database is as migrated until the first test ends.
  it('starts with the migration’s one active 10 % global band', async () => {
    const rows = await app.db.select().from(commissionTiers);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Standard',
        categoryId: null,
        minAmount: '0.00',
        maxAmount: null,
        ratePercent: '10.00',
        fixedFee: '0.00',
        active: true,
      }),
    ]);
  });

  it('is for platform administrators only', async () => {
    const w = await commissionWorld();
    const one = `${PATH}/${w.standard.id}`;
    for (const [method, path, body] of [
      ['GET', PATH, undefined],
      ['POST', PATH, band('Low', 0, 100)],
      ['GET', `${PATH}/preview?amount=10`, undefined],
      ['PUT', `${PATH}/bands`, { category_id: null, bands: [band('All', 0, null, 5)] }],
      ['GET', one, undefined],
      ['PUT', one, { rate_percent: 5 }],
      ['DELETE', one, undefined],
    ] as const) {
      expect((await app.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      const res = await app.request(method, path, { token: w.seller.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    expect(await app.db.select().from(commissionTiers)).toEqual([
      expect.objectContaining({ ratePercent: '10.00', active: true }),
    ]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const w = await commissionWorld();
    for (const id of [NO_ID, 'nope']) {
      const path = `${PATH}/${id}`;
      expect((await app.request('GET', path, { token: w.admin.token })).status).toBe(404);
      expect((await put(w, id, { name: 'X' })).status).toBe(404);
      expect((await app.request('DELETE', path, { token: w.admin.token })).status).toBe(404);
    }
  });

  describe('GET', () => {
    it('pages the global bands first, then each category’s, with filters', async () => {
      const w = await commissionWorld();
      const { tack, saddles } = w.categories;
      await post(w, { ...band('Saddles', 0, null, 8), category_id: saddles.id });
      await post(w, { ...band('Tack high', 1000, null, 5), category_id: tack.id });
      await post(w, { ...band('Tack low', 0, 1000, 7.5, 0.3), category_id: tack.id });
      await post(w, { ...band('Old tack', 0, 10), category_id: tack.id, active: false });

      const all = await app.request('GET', PATH, { token: w.admin.token });
      expect(all.status).toBe(200);
      expect(all.body.data.map((t: Tier) => t.name)).toEqual([
        'Standard',
        'Saddles',
        'Tack low',
        'Tack high',
        'Old tack',
      ]);
      expect(all.body.data[2]).toMatchObject({
        category_id: tack.id,
        category_name: 'Tack',
        min_amount: 0,
        max_amount: 1000,
        rate_percent: 7.5,
        fixed_fee: 0.3,
        active: true,
      });
      expect(all.body.data[0]).toMatchObject({ category_id: null, category_name: null });
      expect(all.body.meta).toMatchObject({ current_page: 1, total: 5, per_page: 50, from: 1 });

      const page = await app.request('GET', `${PATH}?per_page=2&page=2`, {
        token: w.admin.token,
      });
      expect(page.body.data.map((t: Tier) => t.name)).toEqual(['Tack low', 'Tack high']);
      expect(page.body.meta).toMatchObject({ last_page: 3, from: 3, to: 4 });
      expect(page.body.links.next).toContain('page=3');

      const names = async (query: string) =>
        (await app.request('GET', `${PATH}?${query}`, { token: w.admin.token })).body.data.map(
          (t: Tier) => t.name,
        );
      expect(await names(`category_id=${tack.id}&active=true`)).toEqual(['Tack low', 'Tack high']);
      expect(await names('global=true')).toEqual(['Standard']);
      expect(await names('global=false&active=false')).toEqual(['Old tack']);
      const bad = await app.request('GET', `${PATH}?per_page=101`, { token: w.admin.token });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['per_page']);
    });

    it('reads a page in the same number of statements however many bands there are', async () => {
      const w = await commissionWorld();
      const count = async () => {
        const counter = { count: 0 };
        const res = await statementCounter.run(counter, () =>
          app.request('GET', PATH, { token: w.admin.token }),
        );
        expect(res.status).toBe(200);
        return counter.count;
      };
      const small = await count();
      for (const [i, category] of Object.values(w.categories).entries())
        await post(w, { ...band(`Band ${i}`, 0, 100), category_id: category.id });
      expect(await count()).toBe(small);
    });

    it('shows one band', async () => {
      const w = await commissionWorld();
      const res = await app.request('GET', `${PATH}/${w.standard.id}`, { token: w.admin.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: w.standard.id,
        name: 'Standard',
        min_amount: 0,
        max_amount: null,
        rate_percent: 10,
        fixed_fee: 0,
      });
      expect(res.body.data.created_at).toMatch(/Z$/);
    });
  });

  describe('POST', () => {
    it('adds a category’s band, and logs it', async () => {
      const w = await commissionWorld();
      const res = await post(w, {
        name: ' Small saddles ',
        category_id: w.categories.saddles.id,
        min_amount: 0,
        max_amount: 500.5,
        rate_percent: 12.25,
        fixed_fee: 1.99,
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        name: 'Small saddles',
        category_id: w.categories.saddles.id,
        min_amount: 0,
        max_amount: 500.5,
        rate_percent: 12.25,
        fixed_fee: 1.99,
        active: true,
      });
      const [log] = await app.db
        .select()
        .from(adminActions)
        .where(eq(adminActions.subjectId, res.body.data.id));
      expect(log).toMatchObject({
        action: 'admin.commissionTiers.create',
        subjectType: 'commission_tier',
        before: null,
        after: expect.objectContaining({ name: 'Small saddles' }),
      });
    });

    it('answers 422 per rule, and writes nothing', async () => {
      const w = await commissionWorld();
      await post(w, { ...band('Tack', 100, 200), category_id: w.categories.tack.id });
      await app.db
        .update(marketplaceCategories)
        .set({ active: false })
        .where(eq(marketplaceCategories.id, w.categories.services.id));
      const tack = w.categories.tack.id;
      const cases: [Record<string, unknown>, string][] = [
        [{ ...band('Overlap', 150, 300), category_id: tack }, 'min_amount'],
        [{ ...band('Covers', 0, null), category_id: tack }, 'min_amount'],
        [{ ...band('Global', 50, 60) }, 'min_amount'],
        [{ ...band('Unknown', 0, 10), category_id: NO_ID }, 'category_id'],
        [{ ...band('Inactive', 0, 10), category_id: w.categories.services.id }, 'category_id'],
        [{ ...band('Bad id', 0, 10), category_id: 'nope' }, 'category_id'],
        [{ ...band('Empty', 200, 200), category_id: tack }, 'max_amount'],
        [{ ...band('Inverted', 300, 250), category_id: tack }, 'max_amount'],
        [{ ...band('Greedy', 300, 400, 50.01), category_id: tack }, 'rate_percent'],
        [{ ...band('Negative', 300, 400, -1), category_id: tack }, 'rate_percent'],
        [{ ...band('Fine', 300, 400, 7.125), category_id: tack }, 'rate_percent'],
        [{ ...band('Below 0', -1, 10), category_id: tack }, 'min_amount'],
        [{ ...band('Cents', 300.001, 400), category_id: tack }, 'min_amount'],
        [{ ...band('Fee', 300, 400, 5, -0.5), category_id: tack }, 'fixed_fee'],
        [{ ...band('', 300, 400), category_id: tack }, 'name'],
        [{ name: 'No rate', min_amount: 300, category_id: tack }, 'rate_percent'],
      ];
      for (const [body, field] of cases) {
        const res = await post(w, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
      }
      expect(await app.db.select().from(commissionTiers)).toHaveLength(2);
      expect(await app.db.select().from(adminActions)).toHaveLength(1);
    });

    it('lets one of two overlapping bands written at once in', async () => {
      const w = await commissionWorld();
      const body = { ...band('Race', 0, 100), category_id: w.categories.tack.id };
      const answers = await Promise.all([post(w, body), post(w, body), post(w, body)]);
      expect(answers.map((res) => res.status).sort()).toEqual([201, 422, 422]);
      const rows = await app.db
        .select()
        .from(commissionTiers)
        .where(eq(commissionTiers.categoryId, w.categories.tack.id));
      expect(rows).toHaveLength(1);
    });
  });

  describe('PUT and DELETE', () => {
    it('changes the fields given, and moves a band to another scope', async () => {
      const w = await commissionWorld();
      const created = await post(w, { ...band('Tack', 0, 100), category_id: w.categories.tack.id });
      const id = created.body.data.id;
      const res = await put(w, id, { name: 'Saddles', category_id: w.categories.saddles.id });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'Saddles',
        category_id: w.categories.saddles.id,
        min_amount: 0,
        max_amount: 100,
      });
      const open = await put(w, id, { max_amount: null, rate_percent: 0 });
      expect(open.body.data).toMatchObject({ max_amount: null, rate_percent: 0 });
      const [log] = await app.db
        .select()
        .from(adminActions)
        .where(eq(adminActions.action, 'admin.commissionTiers.update'))
        .limit(1);
      expect(log).toMatchObject({ before: expect.objectContaining({ name: 'Tack' }) });
    });

    it('answers 422 per rule', async () => {
      const w = await commissionWorld();
      const tack = w.categories.tack.id;
      const low = await post(w, { ...band('Low', 0, 100), category_id: tack });
      await post(w, { ...band('High', 100, null), category_id: tack });
      const id = low.body.data.id;
      const cases: [Record<string, unknown>, string][] = [
        // An overlap is told on `min_amount`, whichever bound made it.
        [{ max_amount: 150 }, 'min_amount'],
        [{ max_amount: null }, 'min_amount'],
        [{ min_amount: 100 }, 'max_amount'],
        [{ max_amount: 0 }, 'max_amount'],
        [{ category_id: NO_ID }, 'category_id'],
        [{ rate_percent: 51 }, 'rate_percent'],
        [{ category_id: null }, 'min_amount'],
      ];
      for (const [body, field] of cases) {
        const res = await put(w, id, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
      }
      const again = await app.request('GET', `${PATH}/${id}`, { token: w.admin.token });
      expect(again.body.data).toMatchObject({ min_amount: 0, max_amount: 100, category_id: tack });
    });

    it('keeps the global bands covering every amount (409)', async () => {
      const w = await commissionWorld();
      const id = w.standard.id;
      for (const body of [
        { max_amount: 1000 },
        { min_amount: 1 },
        { active: false },
        { category_id: w.categories.tack.id },
      ]) {
        const res = await put(w, id, body);
        expect(res.status, JSON.stringify(body)).toBe(409);
        expect(res.body.error).toMatchObject({ code: 'CONFLICT' });
      }
      const removed = await app.request('DELETE', `${PATH}/${id}`, { token: w.admin.token });
      expect(removed.status).toBe(409);
      expect(await app.db.select().from(commissionTiers)).toEqual([
        expect.objectContaining({ id, minAmount: '0.00', maxAmount: null, active: true }),
      ]);
      expect(await app.db.select().from(adminActions)).toHaveLength(0);
    });

    it('deletes or deactivates a band that leaves no gap', async () => {
      const w = await commissionWorld();
      const extra = await post(w, { ...band('Spare', 0, 10), active: false });
      const off = await post(w, { ...band('Tack', 0, 10), category_id: w.categories.tack.id });
      const deactivated = await put(w, off.body.data.id, { active: false });
      expect(deactivated.status).toBe(200);
      expect(deactivated.body.data.active).toBe(false);
      for (const id of [extra.body.data.id, off.body.data.id]) {
        const res = await app.request('DELETE', `${PATH}/${id}`, { token: w.admin.token });
        expect(res.status).toBe(200);
        expect(res.body.message).toBe('Commission tier deleted.');
      }
      expect(await app.db.select().from(commissionTiers)).toHaveLength(1);
    });
  });

  describe('preview and commissionFor (C.7)', () => {
    it('takes the category’s band, else its parent’s, else the global one', async () => {
      const w = await commissionWorld();
      const { tack, saddles } = w.categories;
      await post(w, { ...band('Tack', 0, 2000, 7.5, 0.3), category_id: tack.id });
      await post(w, { ...band('Saddles', 1000, null, 3, 1), category_id: saddles.id });
      const quote = async (query: string) => {
        const res = await preview(w, query);
        expect(res.status, query).toBe(200);
        return [res.body.data.tier.name, res.body.data.commission];
      };
      // 1234.56 × 3 % + 1.00 = 37.0368 + 1 → 38.04
      expect(await quote(`amount=1234.56&category_id=${saddles.id}`)).toEqual(['Saddles', 38.04]);
      // 999.99 × 7.5 % + 0.30 = 74.99925 + 0.30 → 75.30
      expect(await quote(`amount=999.99&category_id=${saddles.id}`)).toEqual(['Tack', 75.3]);
      // 1234.56 × 7.5 % + 0.30 = 92.592 + 0.30 → 92.89
      expect(await quote(`amount=1234.56&category_id=${tack.id}`)).toEqual(['Tack', 92.89]);
      // A band holds its min, not its max: 2000 is past Tack's.
      expect(await quote(`amount=2000&category_id=${tack.id}`)).toEqual(['Standard', 200]);
      expect(await quote(`amount=0&category_id=${tack.id}`)).toEqual(['Tack', 0.3]);
      // 0.05 × 10 % = 0.005 → 0.01 (half away from zero, in numeric)
      expect(await quote('amount=0.05')).toEqual(['Standard', 0.01]);
      expect(await quote(`amount=1234.56&category_id=${w.categories.horses.id}`)).toEqual([
        'Standard',
        123.46,
      ]);

      const res = await preview(w, `amount=10&category_id=${tack.id}`);
      expect(res.body.data.tier).toMatchObject({ category_id: tack.id, rate_percent: 7.5 });
      expect(await commissionFor(app.db, saddles.id, '1234.56')).toMatchObject({
        tier: { name: 'Saddles', fixed_fee: 1 },
        commission: 38.04,
      });
    });

    it('answers 422 for a bad amount or an unknown category, 409 without a band', async () => {
      const w = await commissionWorld();
      for (const [query, field] of [
        ['amount=-1', 'amount'],
        ['amount=1.001', 'amount'],
        ['amount=ten', 'amount'],
        ['', 'amount'],
        [`amount=10&category_id=${NO_ID}`, 'category_id'],
        ['amount=10&category_id=nope', 'category_id'],
      ]) {
        const res = await preview(w, query!);
        expect(res.status, query).toBe(422);
        expect(Object.keys(res.body.errors), query).toEqual([field]);
      }
      // Only rows written around the routes can leave an amount without a band.
      await app.db.delete(commissionTiers).where(isNull(commissionTiers.categoryId));
      expect((await preview(w, 'amount=10')).status).toBe(409);
    });
  });

  describe('PUT bands', () => {
    it('replaces the global bands as a whole, keeping the old ones inactive', async () => {
      const w = await commissionWorld();
      const res = await putBands(w, {
        category_id: null,
        bands: [
          band('Large', 5000, null, 4),
          band('Small', 0, 1000, 12, 0.5),
          band('Medium', 1000, 5000, 8),
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.map((t: Tier) => [t.name, t.min_amount, t.max_amount])).toEqual([
        ['Small', 0, 1000],
        ['Medium', 1000, 5000],
        ['Large', 5000, null],
      ]);
      const old = await app.request('GET', `${PATH}/${w.standard.id}`, { token: w.admin.token });
      expect(old.body.data.active).toBe(false);
      const quote = await preview(w, 'amount=1000');
      expect(quote.body.data).toMatchObject({ tier: { name: 'Medium' }, commission: 80 });
      const [log] = await app.db.select().from(adminActions);
      expect(log).toMatchObject({
        action: 'admin.commissionTiers.replaceBands',
        subjectType: 'commission_tiers',
        subjectId: null,
        before: [expect.objectContaining({ name: 'Standard' })],
        after: expect.arrayContaining([expect.objectContaining({ name: 'Medium' })]),
      });
    });

    it('replaces a category’s bands, and empties them', async () => {
      const w = await commissionWorld();
      const tack = w.categories.tack.id;
      await post(w, { ...band('Old', 0, null, 9), category_id: tack });
      const res = await putBands(w, {
        category_id: tack,
        bands: [band('Cheap', 0, 100, 5), band('Dear', 500, null, 2)],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.map((t: Tier) => t.name)).toEqual(['Cheap', 'Dear']);
      // A category's bands may leave gaps: the parent's or the global band fills them.
      expect((await preview(w, `amount=200&category_id=${tack}`)).body.data.tier.name).toBe(
        'Standard',
      );
      const empty = await putBands(w, { category_id: tack, bands: [] });
      expect(empty.body.data).toEqual([]);
      const list = await app.request('GET', `${PATH}?category_id=${tack}&active=true`, {
        token: w.admin.token,
      });
      expect(list.body.data).toEqual([]);
    });

    it('answers 422 per rule, and changes nothing', async () => {
      const w = await commissionWorld();
      const cases: [Record<string, unknown>, string][] = [
        [
          { category_id: null, bands: [band('A', 0, 100), band('B', 50, null)] },
          'bands.1.min_amount',
        ],
        [
          { category_id: null, bands: [band('B', 100, null), band('A', 0, 200)] },
          'bands.0.min_amount',
        ],
        [{ category_id: null, bands: [band('A', 0, 100), band('B', 200, null)] }, 'bands'],
        [{ category_id: null, bands: [band('A', 0, 100)] }, 'bands'],
        [{ category_id: null, bands: [band('A', 10, null)] }, 'bands'],
        [{ category_id: null, bands: [] }, 'bands'],
        [{ category_id: null, bands: [band('A', 0, 0), band('B', 0, null)] }, 'bands.0.max_amount'],
        [{ category_id: null, bands: [band('A', 0, null, 60)] }, 'bands.0.rate_percent'],
        [{ category_id: NO_ID, bands: [band('A', 0, null)] }, 'category_id'],
        [{ bands: [band('A', 0, null)] }, 'category_id'],
        [
          {
            category_id: w.categories.tack.id,
            bands: [band('A', 0, 10), band('B', 20, 30), band('C', 25, 40)],
          },
          'bands.2.min_amount',
        ],
      ];
      for (const [body, field] of cases) {
        const res = await putBands(w, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
      }
      expect(await app.db.select().from(commissionTiers)).toEqual([
        expect.objectContaining({ name: 'Standard', active: true }),
      ]);
    });
  });
});
