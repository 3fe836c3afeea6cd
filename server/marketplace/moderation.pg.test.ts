import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingReports, moderationActions, publications } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { marketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();
const base = '/api/admin/moderation/publications';

describe('simultaneous moderation decisions (PostgreSQL)', () => {
  it('lets one of an approval and a rejection win; the other gets 409', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'pending', publishedAt: null });
    const answers = await startWhileLocked(
      app.db,
      (tx) => tx.select().from(publications).where(eq(publications.id, listing.id)).for('update'),
      () =>
        Promise.all([
          app.request('POST', `${base}/${listing.id}/approve`, { token: w.admin.token }),
          app.request('POST', `${base}/${listing.id}/reject`, {
            token: w.admin.token,
            body: { reason: 'Duplicate listing.' },
          }),
        ]),
      { waiting: 2 },
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const [row] = await app.db.select().from(publications).where(eq(publications.id, listing.id));
    expect(row!.status).toBe(winner.body.data.listing.status);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe(
      `This listing is ${row!.status}: it cannot be ${row!.status === 'active' ? 'rejected' : 'approved'}.`,
    );
    // One decision, one log row.
    expect(await app.db.$count(moderationActions)).toBe(1);
  });

  it('lets one of two dismissals of the same reports win', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing();
    await app.db
      .insert(listingReports)
      .values({ publicationId: listing.id, reporterId: w.buyer.id, reason: 'spam' });
    const answers = await startWhileLocked(
      app.db,
      (tx) =>
        tx
          .select()
          .from(listingReports)
          .where(eq(listingReports.publicationId, listing.id))
          .for('update'),
      () =>
        Promise.all(
          [1, 2].map(() =>
            app.request('POST', `${base}/${listing.id}/dismiss-reports`, { token: w.admin.token }),
          ),
        ),
      { waiting: 2 },
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await app.db.$count(moderationActions)).toBe(1);
  });
});
