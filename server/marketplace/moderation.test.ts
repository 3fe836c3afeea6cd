import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminActions,
  listingReports,
  moderationActions,
  publications,
  sellerProfiles,
  type ListingStatus,
} from '@/db/schema';
import { notifications } from '@/db/schema/notifications';
import { captureLogs } from '../kernel/log';
import { writeSettings } from '../platform/settings-store';
import { useTestApp } from '../test/harness';
import { marketplaceWorld, type MarketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();
const base = '/api/admin/moderation/publications';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function world() {
  const w = await marketplaceWorld(app);
  const act = (id: string, action: string, body?: unknown, token = w.admin.token) =>
    app.request('POST', `${base}/${id}/${action}`, { token, body });
  const queue = async (status?: string) => {
    const res = await app.request('GET', `${base}${status ? `?status=${status}` : ''}`, {
      token: w.admin.token,
    });
    expect(res.status, res.text).toBe(200);
    return res.body as { data: { id: string; title: string; open_reports: number }[] };
  };
  const report = (publicationId: string, reporterId: string, hours: number, reason = 'spam') =>
    app.db
      .insert(listingReports)
      .values({ publicationId, reporterId, reason: reason as 'spam', createdAt: hoursAgo(hours) });
  const pending = (title: string, hours: number) =>
    w.listing({ title, status: 'pending', publishedAt: null, updatedAt: hoursAgo(hours) });
  return { ...w, act, queue, report, pending };
}

/** The seller's in-app notices about moderation, as `title: body`. */
async function notices(w: MarketplaceWorld) {
  const rows = await app.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, w.seller.id),
        eq(notifications.type, 'marketplace.listing_moderated'),
      ),
    )
    .orderBy(notifications.createdAt);
  return rows.map((n) => ({ title: n.title, body: n.body, link: n.link }));
}

const stateOf = async (id: string) => {
  const [row] = await app.db.select().from(publications).where(eq(publications.id, id));
  return row!;
};

describe('the moderation queues (E.3, G.10)', () => {
  it('lists pending listings oldest submission first, with what a moderator needs', async () => {
    const w = await world();
    const newer = await w.pending('Newer saddle', 1);
    const older = await w.pending('Older saddle', 5);
    await w.listing({ title: 'Live saddle' });

    const res = await app.request('GET', base, { token: w.admin.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((l: { id: string }) => l.id)).toEqual([older.id, newer.id]);
    expect(res.body.data[0]).toEqual({
      id: older.id,
      title: 'Older saddle',
      status: 'pending',
      status_reason: null,
      price: 450,
      price_type: 'fixed',
      currency: 'USD',
      category: {
        id: w.categories.saddles.id,
        name: 'Saddles',
        slug: 'saddles',
        kind: 'item',
      },
      seller: {
        id: w.sellerProfile.id,
        display_name: 'Sally Seller',
        slug: 'sally-seller',
        verified: false,
      },
      image: null,
      queued_at: older.updatedAt.toISOString(),
      open_reports: 0,
      report_reasons: [],
      created_at: expect.any(String),
      updated_at: older.updatedAt.toISOString(),
    });
    expect(res.body.meta).toMatchObject({ total: 2, current_page: 1, per_page: 20 });
    expect((await w.queue('pending')).data).toHaveLength(2);
  });

  it('lists reported listings by their oldest open report, with counts and reasons', async () => {
    const w = await world();
    const other = await app.request('GET', '/api/auth/me', {
      token: await app.tokenFor('third@market.test'),
    });
    const recent = await w.listing({ title: 'Recently reported' });
    const long = await w.listing({ title: 'Long reported' });
    const closed = await w.listing({ title: 'Closed report' });
    await w.report(recent.id, w.buyer.id, 1);
    await w.report(long.id, w.buyer.id, 2, 'fraud');
    await w.report(long.id, other.body.id, 9, 'spam');
    await app.db.insert(listingReports).values({
      publicationId: closed.id,
      reporterId: w.buyer.id,
      reason: 'other',
      status: 'dismissed',
    });

    const { data } = await w.queue('reported');
    expect(data.map((l) => [l.title, l.open_reports])).toEqual([
      ['Long reported', 2],
      ['Recently reported', 1],
    ]);
    expect(data[0]).toMatchObject({ report_reasons: ['fraud', 'spam'], status: 'active' });
  });

  it('lists suspended and rejected listings, the latest decision first', async () => {
    const w = await world();
    const a = await w.listing({
      title: 'Suspended long ago',
      status: 'suspended',
      suspendedFrom: 'active',
      updatedAt: hoursAgo(10),
    });
    const b = await w.listing({
      title: 'Suspended lately',
      status: 'suspended',
      suspendedFrom: 'paused',
      updatedAt: hoursAgo(1),
    });
    const r = await w.listing({ title: 'Rejected', status: 'rejected', statusReason: 'Blurry.' });
    expect((await w.queue('suspended')).data.map((l) => l.id)).toEqual([b.id, a.id]);
    expect((await w.queue('rejected')).data).toMatchObject([
      { id: r.id, status_reason: 'Blurry.' },
    ]);
  });

  it('reads each page in a constant number of statements', async () => {
    const w = await world();
    const count = async () => {
      const logs = captureLogs();
      try {
        const res = await app.request('GET', `${base}?status=reported`, { token: w.admin.token });
        expect(res.status).toBe(200);
        return logs.access()[0]!.sql_statements;
      } finally {
        logs.stop();
      }
    };
    const first = await w.listing();
    await w.report(first.id, w.buyer.id, 1);
    const one = await count();
    for (let n = 0; n < 4; n++) {
      const more = await w.listing({ title: `Saddle ${n}` });
      await w.report(more.id, w.buyer.id, 1);
    }
    expect(await count()).toBe(one);
  });

  it('refuses an unknown queue (422), strangers (401) and non-administrators (403)', async () => {
    const w = await world();
    const bad = await app.request('GET', `${base}?status=sold`, { token: w.admin.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('status');
    expect((await app.request('GET', base)).status).toBe(401);
    expect((await app.request('GET', base, { token: w.seller.token })).status).toBe(403);
    expect(
      (await app.request('GET', '/api/admin/moderation/actions', { token: w.buyer.token })).status,
    ).toBe(403);
  });
});

describe('one listing for the moderator', () => {
  it('shows the listing in any state, its seller, open reports and history', async () => {
    const w = await world();
    const listing = await w.pending('Jumping saddle', 2);
    await w.report(listing.id, w.buyer.id, 1, 'wrong_category');
    await w.act(listing.id, 'reject', { reason: 'Photos missing.' });

    const res = await app.request('GET', `${base}/${listing.id}`, { token: w.admin.token });
    expect(res.status, res.text).toBe(200);
    const { data } = res.body;
    expect(data.listing).toMatchObject({
      id: listing.id,
      title: 'Jumping saddle',
      status: 'rejected',
      status_reason: 'Photos missing.',
      description: 'A well-kept 17.5" dressage saddle.',
      suspended_from: null,
      images: [],
      open_reports: 0,
    });
    expect(data.seller).toMatchObject({
      id: w.sellerProfile.id,
      display_name: 'Sally Seller',
      verified: false,
      active: true,
      location: { city: 'Madrid', state: null, country: null },
      owner: {
        type: 'user',
        id: w.seller.id,
        email: 'seller@market.test',
        status: 'active',
        verified: false,
      },
    });
    // Rejecting upheld the report: none is open any more.
    expect(data.open_reports).toEqual([]);
    expect(data.history).toEqual([
      {
        id: expect.any(String),
        action: 'reject',
        from_status: 'pending',
        to_status: 'rejected',
        reason: 'Photos missing.',
        admin: { id: w.admin.id, display_name: expect.any(String) },
        created_at: expect.any(String),
      },
    ]);
  });

  it('lists the open reports with their reporter', async () => {
    const w = await world();
    const listing = await w.listing();
    await w.report(listing.id, w.buyer.id, 3, 'fraud');
    const res = await app.request('GET', `${base}/${listing.id}`, { token: w.admin.token });
    expect(res.body.data.open_reports).toEqual([
      {
        id: expect.any(String),
        reason: 'fraud',
        details: null,
        reporter: { id: w.buyer.id, display_name: expect.any(String) },
        created_at: expect.any(String),
      },
    ]);
    expect(res.body.data.listing.open_reports).toBe(1);
  });

  it('answers 404 for an unknown or malformed id, 401 and 403 to others', async () => {
    const w = await world();
    const listing = await w.listing();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await app.request('GET', `${base}/${id}`, { token: w.admin.token });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Listing not found.');
    }
    expect((await app.request('GET', `${base}/${listing.id}`)).status).toBe(401);
    expect(
      (await app.request('GET', `${base}/${listing.id}`, { token: w.seller.token })).status,
    ).toBe(403);
  });
});

describe('moderation decisions', () => {
  it('approves a pending listing for the configured days, logs it and tells the seller', async () => {
    const w = await world();
    await writeSettings(app.db, [{ key: 'marketplace.listing_days', value: 30 }], null);
    const listing = await w.pending('Spanish saddle', 2);

    const res = await w.act(listing.id, 'approve');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.listing).toMatchObject({ status: 'active', status_reason: null });
    const row = await stateOf(listing.id);
    expect(row.status).toBe('active');
    expect(row.publishedAt).not.toBeNull();
    const days = (row.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    expect(await app.db.select().from(moderationActions)).toMatchObject([
      {
        publicationId: listing.id,
        adminId: w.admin.id,
        action: 'approve',
        fromStatus: 'pending',
        toStatus: 'active',
        reason: null,
      },
    ]);
    expect(await notices(w)).toEqual([
      {
        title: 'Your listing “Spanish saddle” was approved',
        body: expect.stringContaining('visible in the marketplace'),
        link: '/marketplace/my/listings',
      },
    ]);
    // The audit log of platform administration keeps the state before and after.
    const [audit] = await app.db.select().from(adminActions);
    expect(audit).toMatchObject({
      actorId: w.admin.id,
      subjectType: 'publication',
      subjectId: listing.id,
      before: { status: 'pending' },
      after: { status: 'active' },
    });
    // It left the queue.
    expect((await w.queue()).data).toEqual([]);
  });

  it('keeps the first publication date of a listing approved again', async () => {
    const w = await world();
    const first = new Date('2026-01-05T10:00:00Z');
    const listing = await w.listing({ status: 'pending', publishedAt: first });
    await w.act(listing.id, 'approve');
    expect((await stateOf(listing.id)).publishedAt).toEqual(first);
  });

  it('rejects with a reason the seller reads, and needs one (422)', async () => {
    const w = await world();
    const listing = await w.pending('Old bridle', 1);
    for (const body of [{}, { reason: '  ' }, { reason: 'no' }, { reason: 'x'.repeat(1001) }]) {
      const res = await w.act(listing.id, 'reject', body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('reason');
    }
    expect((await stateOf(listing.id)).status).toBe('pending');

    const res = await w.act(listing.id, 'reject', { reason: ' Prohibited item. ' });
    expect(res.status, res.text).toBe(200);
    expect(await stateOf(listing.id)).toMatchObject({
      status: 'rejected',
      statusReason: 'Prohibited item.',
    });
    expect(await notices(w)).toEqual([
      {
        title: 'Your listing “Old bridle” was rejected',
        body: expect.stringContaining('Reason: Prohibited item.'),
        link: '/marketplace/my/listings',
      },
    ]);
  });

  it('suspends with a reason, upholding open reports, and reinstates to the previous state', async () => {
    const w = await world();
    const listing = await w.listing({ title: 'Fake saddle', status: 'paused' });
    await w.report(listing.id, w.buyer.id, 2, 'fraud');
    expect((await w.act(listing.id, 'suspend', {})).status).toBe(422);

    const suspended = await w.act(listing.id, 'suspend', { reason: 'Counterfeit brand.' });
    expect(suspended.status, suspended.text).toBe(200);
    expect(suspended.body.data.listing).toMatchObject({
      status: 'suspended',
      suspended_from: 'paused',
      status_reason: 'Counterfeit brand.',
    });
    const [report] = await app.db.select().from(listingReports);
    expect(report).toMatchObject({ status: 'upheld', resolvedBy: w.admin.id });
    expect(report!.resolvedAt).not.toBeNull();
    expect((await w.queue('reported')).data).toEqual([]);

    const back = await w.act(listing.id, 'reinstate');
    expect(back.status, back.text).toBe(200);
    expect(await stateOf(listing.id)).toMatchObject({
      status: 'paused',
      suspendedFrom: null,
      statusReason: null,
    });
    expect((await notices(w)).map((n) => [n.title, n.body])).toEqual([
      [
        'Your listing “Fake saddle” was suspended',
        expect.stringContaining('Reason: Counterfeit brand.'),
      ],
      ['Your listing “Fake saddle” was reinstated', expect.stringContaining('paused again')],
    ]);

    const history = await app.request('GET', `${base}/${listing.id}`, { token: w.admin.token });
    expect(
      history.body.data.history.map((h: { action: string; from_status: string }) => [
        h.action,
        h.from_status,
        (h as { to_status?: string }).to_status,
      ]),
    ).toEqual([
      ['reinstate', 'suspended', 'paused'],
      ['suspend', 'paused', 'suspended'],
    ]);
  });

  it('hides a suspended listing from everybody but its seller and administrators until reinstated', async () => {
    const w = await world();
    const listing = await w.listing({ title: 'Suspicious saddle' });
    const view = (token: string) =>
      app.request('GET', `/api/marketplace/listings/${listing.id}`, { token });
    expect((await view(w.buyer.token)).status).toBe(200);

    await w.act(listing.id, 'suspend', { reason: 'Under review.' });
    const hidden = await view(w.buyer.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe('Listing not found.');
    expect((await view(w.seller.token)).body.data).toMatchObject({
      status: 'suspended',
      status_reason: 'Under review.',
    });
    expect((await view(w.admin.token)).status).toBe(200);

    await w.act(listing.id, 'reinstate');
    expect((await view(w.buyer.token)).status).toBe(200);
  });

  const STATES: ListingStatus[] = [
    'draft',
    'pending',
    'active',
    'paused',
    'sold',
    'expired',
    'rejected',
    'suspended',
    'removed',
    'archived',
  ];
  const ALLOWED: Record<string, ListingStatus[]> = {
    approve: ['pending'],
    reject: ['pending'],
    suspend: ['draft', 'pending', 'active', 'paused', 'expired', 'rejected'],
    reinstate: ['suspended'],
  };

  it.each(Object.keys(ALLOWED))(
    '%s: 409 naming the state from every other state',
    async (action) => {
      const w = await world();
      for (const status of STATES.filter((s) => !ALLOWED[action]!.includes(s))) {
        const listing = await w.listing({
          status,
          suspendedFrom: status === 'suspended' ? 'active' : null,
        });
        const res = await w.act(listing.id, action, { reason: 'A good reason.' });
        expect(res.status, `${action} from ${status}`).toBe(409);
        expect(res.body.error.message).toContain(`This listing is ${status}`);
        expect((await stateOf(listing.id)).status).toBe(status);
      }
      expect(await app.db.$count(moderationActions)).toBe(0);
      expect(await notices(w)).toEqual([]);
      expect(await app.db.$count(adminActions)).toBe(0);
    },
  );

  it('dismisses the open reports of a listing found fine: it stays and leaves the queue', async () => {
    const w = await world();
    const listing = await w.listing({ title: 'Fine saddle' });
    await w.report(listing.id, w.buyer.id, 1, 'spam');
    expect((await w.queue('reported')).data).toHaveLength(1);

    const res = await w.act(listing.id, 'dismiss-reports');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.listing).toMatchObject({ status: 'active', open_reports: 0 });
    expect(await app.db.select().from(listingReports)).toMatchObject([
      { status: 'dismissed', resolvedBy: w.admin.id },
    ]);
    expect((await w.queue('reported')).data).toEqual([]);
    expect(await app.db.select().from(moderationActions)).toMatchObject([
      { action: 'dismiss_reports', fromStatus: 'active', toStatus: 'active', reason: null },
    ]);
    // The seller never heard of the reports.
    expect(await notices(w)).toEqual([]);

    const again = await w.act(listing.id, 'dismiss-reports');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This listing has no open reports.');
  });

  it('lets nobody moderate a listing of their own (409)', async () => {
    const w = await world();
    const [adminShop] = await app.db
      .insert(sellerProfiles)
      .values({ userId: w.admin.id, displayName: 'Admin shop', slug: 'admin-shop' })
      .returning();
    const own = await w.listing({ sellerProfileId: adminShop!.id, status: 'pending' });
    await w.report(own.id, w.buyer.id, 1);
    for (const [action, body] of [
      ['approve', undefined],
      ['reject', { reason: 'Not mine to judge.' }],
      ['suspend', { reason: 'Not mine to judge.' }],
      ['dismiss-reports', undefined],
    ] as const) {
      const res = await w.act(own.id, action, body);
      expect(res.status, action).toBe(409);
      expect(res.body.error.message).toBe('You cannot moderate a listing of your own.');
    }
    expect((await stateOf(own.id)).status).toBe('pending');
  });

  it('answers 404 for an unknown listing, 401 without a token and 403 to non-administrators', async () => {
    const w = await world();
    const listing = await w.pending('Saddle', 1);
    for (const action of ['approve', 'reject', 'suspend', 'reinstate', 'dismiss-reports']) {
      const body = { reason: 'A good reason.' };
      for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) {
        const res = await w.act(id, action, body);
        expect(res.status, `${action} ${id}`).toBe(404);
      }
      expect((await app.request('POST', `${base}/${listing.id}/${action}`, { body })).status).toBe(
        401,
      );
      expect((await w.act(listing.id, action, body, w.seller.token)).status).toBe(403);
    }
    expect((await stateOf(listing.id)).status).toBe('pending');
  });
});

describe('GET /api/admin/moderation/actions', () => {
  it('is the log of every decision, newest first, of all listings or one', async () => {
    const w = await world();
    const a = await w.pending('First', 2);
    const b = await w.pending('Second', 1);
    await w.act(a.id, 'approve');
    await w.act(b.id, 'reject', { reason: 'Duplicate listing.' });
    await w.act(a.id, 'suspend', { reason: 'Sold elsewhere.' });

    const all = await app.request('GET', '/api/admin/moderation/actions', {
      token: w.admin.token,
    });
    expect(all.status, all.text).toBe(200);
    expect(
      all.body.data.map((x: { action: string; publication: { title: string } }) => [
        x.action,
        x.publication.title,
      ]),
    ).toEqual([
      ['suspend', 'First'],
      ['reject', 'Second'],
      ['approve', 'First'],
    ]);
    expect(all.body.data[1]).toEqual({
      id: expect.any(String),
      publication: { id: b.id, title: 'Second' },
      admin: { id: w.admin.id, display_name: expect.any(String) },
      action: 'reject',
      from_status: 'pending',
      to_status: 'rejected',
      reason: 'Duplicate listing.',
      created_at: expect.any(String),
    });
    expect(all.body.meta.total).toBe(3);

    const one = await app.request(
      'GET',
      `/api/admin/moderation/actions?publication_id=${a.id}&per_page=1`,
      { token: w.admin.token },
    );
    expect(one.body.data.map((x: { action: string }) => x.action)).toEqual(['suspend']);
    expect(one.body.meta).toMatchObject({ total: 2, last_page: 2 });

    const bad = await app.request('GET', '/api/admin/moderation/actions?publication_id=x', {
      token: w.admin.token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('publication_id');
    expect((await app.request('GET', '/api/admin/moderation/actions')).status).toBe(401);
  });

  it('keeps the log when the administrator’s account is gone', async () => {
    const w = await world();
    const a = await w.pending('Orphan', 1);
    await w.act(a.id, 'approve');
    await app.db.execute(sql`update moderation_actions set admin_id = null`);
    const all = await app.request('GET', '/api/admin/moderation/actions', {
      token: w.admin.token,
    });
    expect(all.body.data[0].admin).toBeNull();
  });
});
