import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publications } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { marketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

describe('listing transitions under concurrency (PostgreSQL)', () => {
  const race = async (
    listingId: string,
    requests: [method: string, path: string][],
    token: string,
  ) =>
    // Both requests wait on the listing's row, then go at the same moment.
    startWhileLocked(
      app.db,
      (tx) =>
        tx
          .select({ id: publications.id })
          .from(publications)
          .where(eq(publications.id, listingId))
          .for('update'),
      () =>
        Promise.all(
          requests.map(([method, path]) =>
            app.request(method, `/api/marketplace/listings/${listingId}${path}`, { token }),
          ),
        ),
      { waiting: requests.length },
    );

  it('two simultaneous pauses of one listing: one 200, one 409', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing();
    const answers = await race(
      listing.id,
      [
        ['POST', '/pause'],
        ['POST', '/pause'],
      ],
      w.seller.token,
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe(
      'This listing is paused: only active listings can be paused.',
    );
  });

  it('a pause and a mark-sold at once: one wins, the other gets a 409', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing();
    const answers = await race(
      listing.id,
      [
        ['POST', '/pause'],
        ['POST', '/mark-sold'],
      ],
      w.seller.token,
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [row] = await app.db.select().from(publications).where(eq(publications.id, listing.id));
    expect(row!.status).toBe(answers[0]!.status === 200 ? 'paused' : 'sold');
  });

  it('two simultaneous submits of one draft: one 200, one 409', async () => {
    const w = await marketplaceWorld(app);
    const listing = await w.listing({ status: 'draft' });
    const answers = await race(
      listing.id,
      [
        ['POST', '/submit'],
        ['POST', '/submit'],
      ],
      w.seller.token,
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe(
      'This listing is pending: only draft or rejected listings can be submitted.',
    );
  });
});
