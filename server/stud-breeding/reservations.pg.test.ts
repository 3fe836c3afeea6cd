import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studHorses, studReservations } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { breedingWorld } from './breeding-fixtures';

const app = useTestApp();

describe('the stallion’s book under concurrency (PostgreSQL)', () => {
  it('ten simultaneous confirms against a book of three: three confirmed, seven 409', async () => {
    const { studId, call, stallion, service, mare, reservation } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    expect((await call('PUT', `/stallions/${apollo.id}/profile`, { book_limit: 3 })).status).toBe(
      200,
    );
    const offer = await service(apollo.id);
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) {
      const horse = await mare(`Mare ${n}`);
      ids.push(
        (await reservation(offer.id, horse.id, { status: 'requested', confirmedAt: null })).id,
      );
    }
    const token = await app.tokenFor(`owner@hill.test`);

    // All ten wait on the stallion's row before any counts his book, then race for it.
    const answers = await startWhileLocked(
      app.db,
      (tx) =>
        tx
          .select({ id: studHorses.id })
          .from(studHorses)
          .where(and(eq(studHorses.studId, studId), eq(studHorses.id, apollo.id)))
          .for('update'),
      () =>
        Promise.all(
          ids.map((id) =>
            app.request('POST', `/api/studs/${studId}/reservations/${id}/confirm`, {
              token,
              body: {},
            }),
          ),
        ),
      { waiting: 10 },
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.status === 409))
      expect(res.body.error.message).toBe('The stallion’s book for 2026 is full (3 of 3 mares).');
    const rows = await app.db
      .select({ status: studReservations.status })
      .from(studReservations)
      .where(eq(studReservations.studId, studId));
    expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(3);
    expect(rows.filter((row) => row.status === 'requested')).toHaveLength(7);
  });
});
