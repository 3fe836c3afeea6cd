import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publications, subOrders } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { marketplaceWorld } from './marketplace-fixtures';

const app = useTestApp();

const ADDRESS = {
  name: 'A Buyer',
  street: 'Calle Mayor 1',
  city: 'Madrid',
  postal_code: '28013',
  country: 'ES',
};

const checkout = (token: string, key: string) =>
  app.request('POST', '/api/marketplace/orders', {
    token,
    body: { shipping_address: ADDRESS },
    headers: { 'Idempotency-Key': key },
  });

describe('simultaneous checkouts (PostgreSQL)', () => {
  it('sells the last unit once: 20 buyers at once → one order, 19 × 409', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing({ quantity: 1 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => app.tokenFor(`racer-${n}@market.test`)),
    );
    for (const token of buyers) {
      const added = await app.request('POST', '/api/marketplace/cart/items', {
        token,
        body: { listing_id: saddle.id },
      });
      expect(added.status, added.text).toBe(201);
    }
    // All at once rather than queued behind a held lock: the test pool's 20 connections are
    // one per request.
    const answers = await Promise.all(buyers.map((token, n) => checkout(token, `race-${n}`)));

    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    const [row] = await app.db.select().from(publications).where(eq(publications.id, saddle.id));
    expect(row!.quantity).toBe(0);
    expect(await app.db.$count(subOrders)).toBe(1);
    // The losers' carts and keys are as they were: they may try again with the same key.
    const loser = buyers[answers.findIndex((a) => a.status === 409)]!;
    const cart = await app.request('GET', '/api/marketplace/cart', { token: loser });
    expect(cart.body.data.groups[0].items[0]).toMatchObject({
      available: false,
      unavailable_reason: 'out_of_stock',
    });
  });

  it('answers 409 to a request whose key is still being checked out, then replays it', async () => {
    const w = await marketplaceWorld(app);
    const saddle = await w.listing({ quantity: 3 });
    await app.request('POST', '/api/marketplace/cart/items', {
      token: w.buyer.token,
      body: { listing_id: saddle.id },
    });
    let second: Awaited<ReturnType<typeof checkout>> | undefined;
    const first = await startWhileLocked(
      app.db,
      (tx) => tx.select().from(publications).where(eq(publications.id, saddle.id)).for('update'),
      () => checkout(w.buyer.token, 'slow-key'),
      {
        meanwhile: async () => {
          second = await checkout(w.buyer.token, 'slow-key');
        },
      },
    );
    expect(first.status, first.text).toBe(201);
    expect(second!.status).toBe(409);
    expect(second!.body.error.message).toMatch(/still running/);
    const replay = await checkout(w.buyer.token, 'slow-key');
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data.order.id).toBe(first.body.data.order.id);
  });
});
