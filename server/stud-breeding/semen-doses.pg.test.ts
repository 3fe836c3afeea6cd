import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { semenBatches } from '@/db/schema';
import { useTestApp } from '../test/harness';
import { startWhileLocked } from '../test/locks';
import { breedingWorld } from './breeding-fixtures';
import { takeDoses } from './semen-doses';

const app = useTestApp();

describe('the dose counter under concurrency (PostgreSQL)', () => {
  it('ten simultaneous takes of one dose from five: five succeed, none left, never negative', async () => {
    const { studId, stallion, batch } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const { id } = await batch(apollo.id, { doses_total: 5 });
    const ofBatch = and(eq(semenBatches.studId, studId), eq(semenBatches.id, id));

    // All ten are queued on the batch's row before any goes, then race for it.
    const answers = await startWhileLocked(
      app.db,
      (tx) => tx.select({ id: semenBatches.id }).from(semenBatches).where(ofBatch).for('update'),
      () =>
        Promise.allSettled(
          Array.from({ length: 10 }, () =>
            app.db.transaction((tx) => takeDoses(tx, studId, id, 1)),
          ),
        ),
      { waiting: 10 },
    );
    const taken = answers.filter((a) => a.status === 'fulfilled');
    const refused = answers.filter((a) => a.status === 'rejected');
    expect(taken).toHaveLength(5);
    expect(refused).toHaveLength(5);
    for (const r of refused)
      expect(r.reason).toMatchObject({
        code: 'CONFLICT',
        message: 'Not enough doses in the batch.',
      });
    expect(taken.map((a) => a.value.dosesAvailable).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4]);
    const [row] = await app.db.select().from(semenBatches).where(ofBatch);
    expect(row).toMatchObject({ dosesTotal: 5, dosesAvailable: 0 });
  });
});
