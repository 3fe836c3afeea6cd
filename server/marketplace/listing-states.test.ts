import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LISTING_STATUSES,
  marketplaceCategories,
  organizations,
  publications,
  sellerProfiles,
  users,
  type ListingStatus,
} from '@/db/schema';
import { runDueJobs } from '../kernel/jobs';
import { useTestApp } from '../test/harness';
import { listingExpiryJob } from './listing-expiry';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const DAY = 24 * 3600 * 1000;

const stored = async (id: string) =>
  (await app.db.select().from(publications).where(eq(publications.id, id)))[0]!;

/** A listing of the seller in `status` (a suspended one was active). */
const inState = (w: MarketplaceWorld, status: ListingStatus) =>
  w.listing({ status, ...(status === 'suspended' && { suspendedFrom: 'active' as const }) });

const act = (id: string, action: string, token?: string) =>
  app.request('POST', `/api/marketplace/listings/${id}/${action}`, { token });

const setSetting = (w: MarketplaceWorld, key: string, value: unknown) =>
  app.request('PUT', `/api/admin/settings/${key}`, { token: w.admin.token, body: { value } });

/** C.3's seller transitions: the states each leaves, and the state it reaches. */
const TABLE: [action: string, from: ListingStatus[], to: ListingStatus, verb: string][] = [
  ['submit', ['draft', 'rejected'], 'pending', 'submitted'],
  ['pause', ['active'], 'paused', 'paused'],
  ['resume', ['paused'], 'active', 'resumed'],
  ['mark-sold', ['active'], 'sold', 'marked sold'],
  ['renew', ['active', 'expired'], 'active', 'renewed'],
];

describe("the seller's transitions (C.3)", () => {
  for (const [action, from, to, verb] of TABLE) {
    it(`${action}: ${from.join(', ')} → ${to}; 409 from the other states`, async () => {
      const w = await marketplaceWorld(app);
      for (const status of LISTING_STATUSES) {
        const listing = await inState(w, status);
        const res = await act(listing.id, action, w.seller.token);
        if (from.includes(status)) {
          expect(res.status, `${status}: ${res.text}`).toBe(200);
          expect(res.body.data).toMatchObject({ id: listing.id, status: to, is_mine: true });
          expect((await stored(listing.id)).status).toBe(to);
        } else if (status === 'removed') {
          expect(res.status).toBe(404);
        } else {
          expect(res.status, status).toBe(409);
          expect(res.body.error.message).toBe(
            `This listing is ${status}: only ${from.join(' or ')} listings can be ${verb}.`,
          );
          expect((await stored(listing.id)).status).toBe(status);
        }
      }
    });
  }

  it("answers 404 for another seller's hidden listing, 403 for an active one, 401 without a token", async () => {
    const w = await marketplaceWorld(app);
    const draft = await inState(w, 'draft');
    const active = await inState(w, 'active');
    expect((await act(draft.id, 'submit', w.buyer.token)).status).toBe(404);
    expect((await act(active.id, 'pause', w.buyer.token)).status).toBe(403);
    expect((await act(active.id, 'mark-sold', w.admin.token)).status).toBe(403);
    expect((await act(active.id, 'pause')).status).toBe(401);
    expect((await act('nope', 'pause', w.seller.token)).status).toBe(404);
    expect((await stored(active.id)).status).toBe('active');
  });

  it('renews for `marketplace.listing_days` from now, an expired listing too', async () => {
    const w = await marketplaceWorld(app);
    await setSetting(w, 'marketplace.listing_days', 30);
    const active = await w.listing({ expiresAt: new Date(Date.now() + DAY) });
    const expired = await w.listing({ status: 'expired', expiresAt: new Date(Date.now() - DAY) });

    for (const listing of [active, expired]) {
      const before = Date.now();
      const res = await act(listing.id, 'renew', w.seller.token);
      expect(res.status, res.text).toBe(200);
      const expires = Date.parse(res.body.data.expires_at);
      expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
      expect(res.body.data.published_at).toBe(listing.publishedAt!.toISOString());
    }
  });
});

describe('POST /api/marketplace/listings/{id}/submit', () => {
  it('sends a draft to moderation, counted by the test dashboard', async () => {
    const w = await marketplaceWorld(app);
    const draft = await w.listing({ status: 'draft', publishedAt: null, expiresAt: null });
    const counts = async () =>
      (await app.request('GET', '/api/test/dashboard', { token: w.admin.token })).body.publications;
    expect(await counts()).toEqual({ total: 1, active: 0, pending: 0 });

    const res = await act(draft.id, 'submit', w.seller.token);

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      published_at: null,
      expires_at: null,
    });
    expect(await counts()).toEqual({ total: 1, active: 0, pending: 1 });
  });

  it("clears a rejected listing's reason when it is submitted again", async () => {
    const w = await marketplaceWorld(app);
    const rejected = await w.listing({ status: 'rejected', statusReason: 'Blurry photos.' });
    const res = await act(rejected.id, 'submit', w.seller.token);
    expect(res.body.data).toMatchObject({ status: 'pending', status_reason: null });
  });

  it('publishes at once when approval is not required', async () => {
    const w = await marketplaceWorld(app);
    await setSetting(w, 'marketplace.require_listing_approval', false);
    const draft = await w.listing({ status: 'draft', publishedAt: null, expiresAt: null });

    const before = Date.now();
    const res = await act(draft.id, 'submit', w.seller.token);

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('active');
    const published = Date.parse(res.body.data.published_at);
    expect(published).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.data.expires_at) - published).toBe(90 * DAY);
  });

  it('publishes at once for verified sellers when auto-approval is on', async () => {
    const w = await marketplaceWorld(app);
    const submitted = async () => {
      const draft = await w.listing({ status: 'draft', publishedAt: null, expiresAt: null });
      return (await act(draft.id, 'submit', w.seller.token)).body.data.status;
    };
    await app.db.update(users).set({ verified: true }).where(eq(users.id, w.seller.id));
    // Off by default: a verified seller still waits.
    expect(await submitted()).toBe('pending');

    await setSetting(w, 'marketplace.auto_approve_verified', true);
    expect(await submitted()).toBe('active');

    await app.db.update(users).set({ verified: false }).where(eq(users.id, w.seller.id));
    expect(await submitted()).toBe('pending');
  });

  it("publishes at once for a verified organization's listings when auto-approval is on", async () => {
    const w = await marketplaceWorld(app);
    await setSetting(w, 'marketplace.auto_approve_verified', true);
    const studId = await app.createSchool({
      type: 'stud',
      name: 'Verified Stud',
      members: { [w.seller.email]: 'owner' },
    });
    const [profile] = await app.db
      .insert(sellerProfiles)
      .values({ organizationId: studId, displayName: 'Verified Stud', slug: 'verified-stud' })
      .returning();
    const draft = await w.listing({ status: 'draft', sellerProfileId: profile!.id });
    expect((await act(draft.id, 'submit', w.seller.token)).body.data.status).toBe('pending');

    await app.db.update(organizations).set({ verified: true }).where(eq(organizations.id, studId));
    const other = await w.listing({ status: 'draft', sellerProfileId: profile!.id });
    expect((await act(other.id, 'submit', w.seller.token)).body.data.status).toBe('active');
  });

  it('asks for a complete listing: required attributes, stock, an open category', async () => {
    const w = await marketplaceWorld(app);
    // Filed before the category asked for these.
    const draft = await w.listing({
      status: 'draft',
      categoryId: w.categories.sportHorses.id,
      attributes: { breed: 'PRE' },
      quantity: 0,
    });

    const res = await act(draft.id, 'submit', w.seller.token);

    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'attributes.birth_year',
      'attributes.sex',
      'quantity',
    ]);
    expect((await stored(draft.id)).status).toBe('draft');

    await app.db
      .update(marketplaceCategories)
      .set({ active: false })
      .where(eq(marketplaceCategories.id, w.categories.horses.id));
    const closed = await act(draft.id, 'submit', w.seller.token);
    expect(closed.body.errors).toHaveProperty('category_id');
  });
});

describe('the expiry job (marketplace.listing-expiry)', () => {
  it('expires active listings past their expiry, once', async () => {
    const w = await marketplaceWorld(app);
    const expiresAt = new Date(Date.now() + 3 * DAY);
    const at = (offsetMs: number) => new Date(expiresAt.getTime() + offsetMs);
    const active = await w.listing({ expiresAt });
    const later = await w.listing({ expiresAt: at(DAY) });
    const paused = await w.listing({ status: 'paused', expiresAt });

    expect(await runDueJobs(app.db, [listingExpiryJob], at(-60_000), app.config)).toEqual([
      'marketplace.listing-expiry',
    ]);
    expect((await stored(active.id)).status).toBe('active');

    expect(await runDueJobs(app.db, [listingExpiryJob], at(300_000), app.config)).toEqual([
      'marketplace.listing-expiry',
    ]);
    const expired = await stored(active.id);
    expect(expired.status).toBe('expired');
    expect(expired.updatedAt).toEqual(at(300_000));
    expect((await stored(later.id)).status).toBe('active');
    expect((await stored(paused.id)).status).toBe('paused');

    // Not due again before five minutes; then nothing more to expire.
    expect(await runDueJobs(app.db, [listingExpiryJob], at(400_000), app.config)).toEqual([]);
    await runDueJobs(app.db, [listingExpiryJob], at(600_000), app.config);
    expect((await stored(active.id)).updatedAt).toEqual(at(300_000));

    // The seller renews it.
    const renewed = await act(active.id, 'renew', w.seller.token);
    expect(renewed.body.data.status).toBe('active');
  });
});

describe('DELETE of a listing that has orders (C.3: archived)', () => {
  /** The buyer buys one unit of `listingId` through the cart and the checkout: the order. */
  const buyOne = async (w: MarketplaceWorld, listingId: string) => {
    await w.addToCart(listingId);
    const res = await w.checkout();
    expect(res.status, res.text).toBe(201);
    return res.body.data.order as { id: string };
  };

  const remove = (id: string, token: string) =>
    app.request('DELETE', `/api/marketplace/listings/${id}`, { token });

  it('archives an expired listing that was ordered, removes one that was not; the order keeps its line', async () => {
    const w = await marketplaceWorld(app);
    const expiresAt = new Date(Date.now() + 3 * DAY);
    const ordered = await w.listing({ quantity: 3, expiresAt });
    const unordered = await w.listing({ title: 'Unsold saddle', expiresAt });
    const order = await buyOne(w, ordered.id);
    // Both go out of date; only then may their seller delete them.
    await runDueJobs(
      app.db,
      [listingExpiryJob],
      new Date(expiresAt.getTime() + 60_000),
      app.config,
    );
    expect((await stored(ordered.id)).status).toBe('expired');
    expect((await stored(unordered.id)).status).toBe('expired');

    const archived = await remove(ordered.id, w.seller.token);
    expect(archived.status, archived.text).toBe(200);
    expect(archived.body).toEqual({ message: 'Listing deleted.' });
    expect(await stored(ordered.id)).toMatchObject({ status: 'archived', quantity: 2 });
    const removed = await remove(unordered.id, w.seller.token);
    expect(removed.status, removed.text).toBe(200);
    expect((await stored(unordered.id)).status).toBe('removed');

    // Its seller still opens the archived listing and finds it in their list; the removed one
    // is gone for them too. Nobody else finds either, nor does the search.
    const mine = await app.request('GET', `/api/marketplace/listings/${ordered.id}`, {
      token: w.seller.token,
    });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data).toMatchObject({ id: ordered.id, status: 'archived', is_mine: true });
    const list = await app.request('GET', '/api/marketplace/my/listings', {
      token: w.seller.token,
    });
    expect(list.body.data.map((l: { id: string }) => l.id)).toEqual([ordered.id]);
    expect(
      (
        await app.request('GET', `/api/marketplace/listings/${unordered.id}`, {
          token: w.seller.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await app.request('GET', `/api/marketplace/listings/${ordered.id}`, {
          token: w.buyer.token,
        })
      ).status,
    ).toBe(404);
    const search = await app.request('GET', '/api/marketplace/listings', { token: w.buyer.token });
    expect(search.body.meta.total).toBe(0);

    // A second delete: archived listings cannot be deleted again.
    const again = await remove(ordered.id, w.seller.token);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      'This listing is archived: only draft or rejected or expired listings can be deleted.',
    );

    // The buyer's order still shows the line as it was bought, linked to the listing.
    const mineOrder = await app.request('GET', `/api/marketplace/orders/${order.id}`, {
      token: w.buyer.token,
    });
    expect(mineOrder.status, mineOrder.text).toBe(200);
    expect(mineOrder.body.data.sub_orders[0].items).toEqual([
      expect.objectContaining({
        listing_id: ordered.id,
        title: 'Leather dressage saddle',
        unit_price: 450,
        quantity: 1,
      }),
    ]);
  });

  it('archives a listing rejected after it was ordered', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ quantity: 2 });
    await buyOne(w, listing.id);
    // A content edit sends the live listing back to moderation, and the administrator rejects it.
    const edited = await app.request('PUT', `/api/marketplace/listings/${listing.id}`, {
      token: w.seller.token,
      body: { title: 'Leather dressage saddle, 17.5"' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.status).toBe('pending');
    const rejected = await app.request(
      'POST',
      `/api/admin/moderation/publications/${listing.id}/reject`,
      { token: w.admin.token, body: { reason: 'Show the saddle itself, not a catalogue photo.' } },
    );
    expect(rejected.status, rejected.text).toBe(200);
    expect((await stored(listing.id)).status).toBe('rejected');

    expect((await remove(listing.id, w.seller.token)).status).toBe(200);
    expect((await stored(listing.id)).status).toBe('archived');
  });
});
