import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { semenBatches } from '@/db/schema';
import { AppError } from '../kernel/errors';
import { useTestApp } from '../test/harness';
import { breedingWorld } from './breeding-fixtures';
import { returnDoses, takeDoses } from './semen-doses';

const app = useTestApp();

async function available(studId: string, batchId: string) {
  const [row] = await app.db
    .select({ dosesAvailable: semenBatches.dosesAvailable })
    .from(semenBatches)
    .where(and(eq(semenBatches.studId, studId), eq(semenBatches.id, batchId)));
  return row?.dosesAvailable;
}

describe('the dose counter of a semen batch', () => {
  it('takes and returns doses, never below 0 nor above the total (409)', async () => {
    const hill = await breedingWorld(app, 'Hill');
    const vale = await breedingWorld(app, 'Vale');
    const apollo = await hill.stallion('Apollo');
    const { id } = await hill.batch(apollo.id, { doses_total: 5 });
    const take = (doses: number, studId = hill.studId) =>
      app.db.transaction((tx) => takeDoses(tx, studId, id, doses));
    const give = (doses: number) =>
      app.db.transaction((tx) => returnDoses(tx, hill.studId, id, doses));

    expect(await take(3)).toMatchObject({ id, dosesTotal: 5, dosesAvailable: 2 });
    const short = await take(3).catch((error: unknown) => error);
    expect(short).toBeInstanceOf(AppError);
    expect(short).toMatchObject({ code: 'CONFLICT', message: 'Not enough doses in the batch.' });
    expect(await available(hill.studId, id)).toBe(2);
    expect(await take(2)).toMatchObject({ dosesAvailable: 0 });

    expect(await give(4)).toMatchObject({ dosesAvailable: 4 });
    await expect(give(2)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'More doses returned than were taken from the batch.',
    });
    expect(await give(1)).toMatchObject({ dosesAvailable: 5 });
    // Another stud's batch is no batch of this stud.
    await expect(take(1, vale.studId)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await available(hill.studId, id)).toBe(5);
    await expect(take(0)).rejects.toBeInstanceOf(RangeError);
    await expect(take(1.5)).rejects.toBeInstanceOf(RangeError);
  });

  it('is held by the check constraint even when written around the functions', async () => {
    const { studId, stallion, batch } = await breedingWorld(app);
    const apollo = await stallion('Apollo');
    const { id } = await batch(apollo.id, { doses_total: 5 });
    for (const dosesAvailable of [-1, 6])
      await expect(
        app.db
          .update(semenBatches)
          .set({ dosesAvailable })
          .where(and(eq(semenBatches.studId, studId), eq(semenBatches.id, id))),
      ).rejects.toMatchObject({ cause: { code: '23514' } });
  });
});
