import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { medicalRecords, studHorses } from '@/db/schema';
import { notFound, validationError } from '../kernel/errors';
import { moneyValue } from '../kernel/fields/record-fields';
import { referenceInStud } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { syncMedicalExpense } from '../stud-finance/medical-expense';
import { closeRecordTask, openRecordTask } from '../stud-tasks/record-tasks';
import { getMedicalRecord } from './medical-queries';
import type { MedicalRecord, MedicalRecordFields } from './medical-schema';

type Row = typeof medicalRecords.$inferSelect;

function recordValues(input: Partial<MedicalRecordFields>) {
  return {
    horseId: input.horse_id,
    date: input.date,
    type: input.type,
    title: input.title,
    description: input.description,
    vetName: input.vet_name,
    product: input.product,
    dose: input.dose,
    nextDueOn: input.next_due_on,
    cost: moneyValue(input.cost),
    recordExpense: input.record_expense,
  };
}

/** The rules across fields, on the record as it will stand. */
function checkRecord(next: Pick<Row, 'date' | 'nextDueOn' | 'cost' | 'recordExpense'>) {
  const errors: Record<string, string[]> = {};
  if (next.nextDueOn && next.nextDueOn < next.date)
    errors.next_due_on = ['The next due date must not be before the date of the record.'];
  if (next.recordExpense && next.cost === null)
    errors.record_expense = ['An expense needs the cost.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * The record's task follows its next due date: opened or moved when there is one, cancelled
 * when it is cleared (B.1: `next_due_on` → a task).
 */
async function syncTask(tx: Database, stud: Organization, row: Row, before: Row | null) {
  if (row.nextDueOn) {
    const changed =
      !before ||
      before.nextDueOn !== row.nextDueOn ||
      before.title !== row.title ||
      before.horseId !== row.horseId;
    if (changed)
      await openRecordTask(tx, stud.id, {
        medicalRecordId: row.id,
        horseId: row.horseId,
        title: `Due: ${row.title}`,
        dueOn: row.nextDueOn,
      });
  } else if (before?.nextDueOn) {
    await closeRecordTask(tx, stud.id, row.id);
  }
}

export async function createMedicalRecord(
  db: Database,
  stud: Organization,
  userId: string,
  input: MedicalRecordFields,
): Promise<MedicalRecord> {
  return db.transaction(async (tx) => {
    await referenceInStud(tx, studHorses, stud.id, input.horse_id, 'horse_id');
    const values = recordValues(input);
    checkRecord({
      date: input.date,
      nextDueOn: values.nextDueOn ?? null,
      cost: values.cost ?? null,
      recordExpense: values.recordExpense ?? false,
    });
    const [row] = await tx
      .insert(medicalRecords)
      .values({
        studId: stud.id,
        ...values,
        horseId: input.horse_id,
        date: input.date,
        type: input.type,
        title: input.title,
        createdBy: userId,
      })
      .returning();
    await syncTask(tx, stud, row!, null);
    await syncMedicalExpense(tx, stud, row!, null);
    return getMedicalRecord(tx, stud, row!.id);
  });
}

export async function updateMedicalRecord(
  db: Database,
  stud: Organization,
  recordId: string,
  input: Partial<MedicalRecordFields>,
): Promise<MedicalRecord> {
  return db.transaction(async (tx) => {
    const where = and(eq(medicalRecords.studId, stud.id), eq(medicalRecords.id, recordId));
    const [current] = isUuid(recordId)
      ? await tx.select().from(medicalRecords).where(where).for('update')
      : [];
    if (!current) throw notFound('Medical record');
    if (input.horse_id && input.horse_id !== current.horseId)
      await referenceInStud(tx, studHorses, stud.id, input.horse_id, 'horse_id');
    const values = recordValues(input);
    const defined = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== undefined),
    ) as Partial<Row>;
    checkRecord({ ...current, ...defined });
    const [row] = await tx
      .update(medicalRecords)
      .set({ ...values, updatedAt: sql`now()` })
      .where(where)
      .returning();
    await syncTask(tx, stud, row!, current);
    await syncMedicalExpense(tx, stud, row!, current);
    return getMedicalRecord(tx, stud, recordId);
  });
}

/** Its task and attachment links go with it; its expense stays (the money was spent). */
export async function deleteMedicalRecord(
  db: Database,
  stud: Organization,
  recordId: string,
): Promise<void> {
  const [row] = isUuid(recordId)
    ? await db
        .delete(medicalRecords)
        .where(and(eq(medicalRecords.studId, stud.id), eq(medicalRecords.id, recordId)))
        .returning({ id: medicalRecords.id })
    : [];
  if (!row) throw notFound('Medical record');
}
