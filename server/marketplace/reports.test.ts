import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingReports, users } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const report = (w: MarketplaceWorld, listingId: string, body: unknown, token = w.buyer.token) =>
  app.request('POST', `/api/marketplace/listings/${listingId}/report`, { token, body });

describe('POST /api/marketplace/listings/{id}/report', () => {
  it('files an open report (201), once per user and listing while it is open', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();

    const res = await report(w, saddle.id, { reason: 'fraud', details: '  Asks for a deposit.  ' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      listing_id: saddle.id,
      reason: 'fraud',
      details: 'Asks for a deposit.',
      status: 'open',
      created_at: expect.stringMatching(/Z$/),
    });
    const again = await report(w, saddle.id, { reason: 'spam' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      'You have already reported this listing; it is awaiting review.',
    );
    // Another user may report it too; once the report is closed, the user may report again.
    expect((await report(w, saddle.id, { reason: 'spam' }, w.admin.token)).status).toBe(201);
    await app.db
      .update(listingReports)
      .set({ status: 'dismissed', resolvedAt: new Date() })
      .where(eq(listingReports.id, res.body.data.id));
    const later = await report(w, saddle.id, { reason: 'prohibited' });
    expect(later.status).toBe(201);
    expect(later.body.data.details).toBeNull();
    expect(await app.db.select().from(listingReports)).toHaveLength(3);
  });

  it('makes one report of two sent at once', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => report(w, saddle.id, { reason: 'spam' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it("refuses one's own listing (422), listings not active (409) or unseen (404)", async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    const own = await report(w, saddle.id, { reason: 'spam' }, w.seller.token);
    expect(own.status).toBe(422);
    expect(own.body.errors).toEqual({ id: ['You cannot report your own listing.'] });

    const pending = await w.listing({ status: 'pending' });
    expect((await report(w, pending.id, { reason: 'spam' })).status).toBe(404);
    const byAdmin = await report(w, pending.id, { reason: 'spam' }, w.admin.token);
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.error.message).toBe(
      'This listing is pending: only active listings can be reported.',
    );
    expect((await report(w, crypto.randomUUID(), { reason: 'spam' })).status).toBe(404);

    await app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, w.seller.id));
    expect((await report(w, saddle.id, { reason: 'spam' })).status).toBe(404);
    expect(await app.db.select().from(listingReports)).toEqual([]);
  });

  it('validates the reason and details (422), needs sign-in (401) and an open marketplace (503)', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing();
    for (const [body, field] of [
      [{}, 'reason'],
      [{ reason: 'rude' }, 'reason'],
      [{ reason: 'other' }, 'details'],
      [{ reason: 'other', details: '   ' }, 'details'],
      [{ reason: 'spam', details: 'x'.repeat(2001) }, 'details'],
    ] as const) {
      const res = await report(w, saddle.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    const other = await report(w, saddle.id, { reason: 'other' });
    expect(other.body.errors).toEqual({
      details: ['The details field is required when the reason is other.'],
    });
    expect(
      (await report(w, saddle.id, { reason: 'other', details: 'x'.repeat(2000) })).status,
    ).toBe(201);

    const anonymous = await app.request('POST', `/api/marketplace/listings/${saddle.id}/report`, {
      body: { reason: 'spam' },
    });
    expect(anonymous.status).toBe(401);
    await w.setMarketplace(false);
    expect((await report(w, saddle.id, { reason: 'spam' }, w.admin.token)).status).toBe(503);
  });
});
