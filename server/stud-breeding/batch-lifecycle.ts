import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { semenBatches } from '@/db/schema';
import { conflict, notFound, validationError } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { stallionError } from '../stud-herd/horse-queries';
import { getSemenBatch } from './batch-queries';
import type { SemenBatch, SemenBatchFields } from './batch-schema';

type Row = typeof semenBatches.$inferSelect;

/** Columns of the given fields; absent ones stay undefined (unchanged). */
function batchValues(input: Partial<SemenBatchFields>) {
  return {
    stallionId: input.stallion_id,
    collectedOn: input.collected_on,
    strawsPerDose: input.straws_per_dose,
    storage: input.storage,
    postThawMotility:
      typeof input.post_thaw_motility === 'number'
        ? input.post_thaw_motility.toFixed(2)
        : input.post_thaw_motility,
    notes: input.notes,
  };
}

/**
 * The rules of a batch as it will stand (422 on each field at once): a stallion of the stud
 * (checked when named anew), collected by the stud's today, and a total no lower than the
 * doses already used; a batch whose doses were used keeps its stallion.
 */
async function checkBatch(
  tx: Database,
  stud: Organization,
  input: Partial<SemenBatchFields>,
  current: Row | null,
) {
  const errors: Record<string, string[]> = {};
  const used = current ? current.dosesTotal - current.dosesAvailable : 0;
  if (input.stallion_id && input.stallion_id !== current?.stallionId) {
    const stallion = await stallionError(tx, stud, input.stallion_id, 'stallion_id');
    if (stallion) errors.stallion_id = [stallion];
    else if (used > 0)
      errors.stallion_id = ['Doses of this batch were used: its stallion cannot change.'];
  }
  if (input.collected_on && input.collected_on > todayIn(stud.timezone))
    errors.collected_on = ['The collection date must not be in the future.'];
  if (input.doses_total !== undefined && input.doses_total < used)
    errors.doses_total = [
      `${used} ${used === 1 ? 'dose' : 'doses'} of the batch were used: the total cannot be less.`,
    ];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** POST /semen-batches: every dose available. */
export async function createSemenBatch(
  db: Database,
  stud: Organization,
  input: SemenBatchFields,
): Promise<SemenBatch> {
  return db.transaction(async (tx) => {
    await checkBatch(tx, stud, input, null);
    const [row] = await tx
      .insert(semenBatches)
      .values({
        ...batchValues(input),
        studId: stud.id,
        stallionId: input.stallion_id,
        collectedOn: input.collected_on,
        strawsPerDose: input.straws_per_dose,
        dosesTotal: input.doses_total,
        dosesAvailable: input.doses_total,
      })
      .returning({ id: semenBatches.id });
    return getSemenBatch(tx, stud, row!.id);
  });
}

/**
 * PUT /semen-batches/{id}: the fields given. A new `doses_total` moves the available doses by
 * the same difference, in the statement that writes it (the row is locked meanwhile).
 */
export async function updateSemenBatch(
  db: Database,
  stud: Organization,
  batchId: string,
  input: Partial<SemenBatchFields>,
): Promise<SemenBatch> {
  return db.transaction(async (tx) => {
    const where = and(eq(semenBatches.studId, stud.id), eq(semenBatches.id, batchId));
    const [current] = isUuid(batchId)
      ? await tx.select().from(semenBatches).where(where).for('update')
      : [];
    if (!current) throw notFound('Semen batch');
    await checkBatch(tx, stud, input, current);
    const total = input.doses_total;
    await tx
      .update(semenBatches)
      .set({
        ...batchValues(input),
        ...(total !== undefined && {
          dosesTotal: total,
          dosesAvailable: sql`${semenBatches.dosesAvailable} + (${total}::int - ${semenBatches.dosesTotal})`,
        }),
        updatedAt: sql`now()`,
      })
      .where(where);
    return getSemenBatch(tx, stud, batchId);
  });
}

/** DELETE /semen-batches/{id}: only while none of its doses were used (else 409). */
export async function deleteSemenBatch(
  db: Database,
  stud: Organization,
  batchId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const where = and(eq(semenBatches.studId, stud.id), eq(semenBatches.id, batchId));
    const [current] = isUuid(batchId)
      ? await tx.select().from(semenBatches).where(where).for('update')
      : [];
    if (!current) throw notFound('Semen batch');
    if (current.dosesAvailable < current.dosesTotal)
      throw conflict(
        'Doses of this batch were used; it cannot be deleted. Keep it as the record of what was used.',
      );
    await tx.delete(semenBatches).where(where);
  });
}
