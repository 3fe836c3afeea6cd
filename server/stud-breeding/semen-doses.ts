import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { semenBatches } from '@/db/schema';
import { conflict } from '../kernel/errors';

/*
 * The dose counter of a semen batch (B.2, "What matters most" 5): each change is ONE
 * conditional UPDATE, so concurrent shipments never take more than there is; the check
 * constraint (0 ≤ available ≤ total) stands behind it. The shipments (issue 21) call these
 * inside their transaction, after finding the batch in the stud (422 `batch_id`).
 */

type Batch = typeof semenBatches.$inferSelect;

function checkCount(doses: number) {
  if (!Number.isInteger(doses) || doses < 1)
    throw new RangeError(`A dose count is a positive integer, not ${doses}`);
}

const ofBatch = (studId: string, batchId: string) =>
  and(eq(semenBatches.studId, studId), eq(semenBatches.id, batchId));

/** Takes `doses` from the batch; fewer available (or no such batch) → 409. */
export async function takeDoses(
  tx: Database,
  studId: string,
  batchId: string,
  doses: number,
): Promise<Batch> {
  checkCount(doses);
  const [row] = await tx
    .update(semenBatches)
    .set({
      dosesAvailable: sql`${semenBatches.dosesAvailable} - ${doses}`,
      updatedAt: sql`now()`,
    })
    .where(and(ofBatch(studId, batchId), gte(semenBatches.dosesAvailable, doses)))
    .returning();
  if (!row) throw conflict('Not enough doses in the batch.');
  return row;
}

/** Puts `doses` back (a cancelled shipment); more than were taken (or no such batch) → 409. */
export async function returnDoses(
  tx: Database,
  studId: string,
  batchId: string,
  doses: number,
): Promise<Batch> {
  checkCount(doses);
  const [row] = await tx
    .update(semenBatches)
    .set({
      dosesAvailable: sql`${semenBatches.dosesAvailable} + ${doses}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        ofBatch(studId, batchId),
        lte(semenBatches.dosesAvailable, sql`${semenBatches.dosesTotal} - ${doses}`),
      ),
    )
    .returning();
  if (!row) throw conflict('More doses returned than were taken from the batch.');
  return row;
}
