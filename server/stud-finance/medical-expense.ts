import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { medicalRecords, studExpenses } from '@/db/schema';
import { invalidField } from '../kernel/errors';
import type { Organization } from '../kernel/trpc/init';

type MedicalRow = typeof medicalRecords.$inferSelect;

/** The expense a medical record books for its cost (B.1 `record_expense`). */
function bookedFrom(row: MedicalRow) {
  return {
    date: row.date,
    category: row.type === 'farrier' ? ('farrier' as const) : ('veterinary' as const),
    amount: row.cost,
    horseId: row.horseId,
    description: row.title,
    supplier: row.vetName,
  };
}

/**
 * Keeps a medical record's expense in step with it, in the record's transaction: booked when
 * `record_expense` is on (once: `expense_id`, unique), deleted when it is turned off (the
 * foreign key clears `expense_id`). On a later change only the fields the record changed are
 * written, so what finance corrected by hand (a supplier's full name) stays.
 */
export async function syncMedicalExpense(
  tx: Database,
  stud: Organization,
  row: MedicalRow,
  before: MedicalRow | null,
): Promise<void> {
  const expense = (id: string) => and(eq(studExpenses.studId, stud.id), eq(studExpenses.id, id));
  if (!row.recordExpense) {
    if (row.expenseId) await tx.delete(studExpenses).where(expense(row.expenseId));
    return;
  }
  const booked = bookedFrom(row);
  if (Number(booked.amount) <= 0)
    throw invalidField('cost', 'The cost must be greater than 0 to book an expense.');
  if (!row.expenseId) {
    const [created] = await tx
      .insert(studExpenses)
      .values({ studId: stud.id, ...booked, amount: booked.amount! })
      .returning({ id: studExpenses.id });
    await tx
      .update(medicalRecords)
      .set({ expenseId: created!.id })
      .where(and(eq(medicalRecords.studId, stud.id), eq(medicalRecords.id, row.id)));
    return;
  }
  const was = before && bookedFrom(before);
  const changed = Object.fromEntries(
    Object.entries(booked).filter(([key, value]) => was?.[key as keyof typeof was] !== value),
  );
  if (Object.keys(changed).length > 0)
    await tx
      .update(studExpenses)
      .set({ ...changed, updatedAt: sql`now()` })
      .where(expense(row.expenseId));
}
