import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { medicalRecords, studExpenses, studHorses } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { moneyValue } from '../kernel/fields/record-fields';
import { referenceInStud } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { getExpense } from './expense-queries';
import type { Expense, ExpenseFields } from './ledger-schema';

/** Columns of the given fields; absent ones stay undefined (default, or unchanged). */
function expenseValues(input: Partial<ExpenseFields>) {
  return {
    date: input.date,
    category: input.category,
    amount: moneyValue(input.amount),
    supplier: input.supplier,
    description: input.description,
    horseId: input.horse_id,
    paymentMethod: input.payment_method,
  };
}

/** POST /expenses: dated the stud's today unless told. */
export async function createExpense(
  db: Database,
  stud: Organization,
  userId: string,
  input: ExpenseFields,
): Promise<Expense> {
  return db.transaction(async (tx) => {
    if (input.horse_id) await referenceInStud(tx, studHorses, stud.id, input.horse_id, 'horse_id');
    const [row] = await tx
      .insert(studExpenses)
      .values({
        studId: stud.id,
        ...expenseValues(input),
        date: input.date ?? todayIn(stud.timezone),
        category: input.category,
        amount: moneyValue(input.amount),
        createdBy: userId,
      })
      .returning({ id: studExpenses.id });
    return getExpense(tx, stud, row!.id);
  });
}

/**
 * PUT /expenses/{id}: the fields given, a medical record's expense included (a later change of
 * the record's cost, date, title, type, horse or vet writes that field again: medical-expense.ts).
 */
export async function updateExpense(
  db: Database,
  stud: Organization,
  expenseId: string,
  input: Partial<ExpenseFields>,
): Promise<Expense> {
  return db.transaction(async (tx) => {
    const where = and(eq(studExpenses.studId, stud.id), eq(studExpenses.id, expenseId));
    const [current] = isUuid(expenseId)
      ? await tx.select({ id: studExpenses.id }).from(studExpenses).where(where).for('update')
      : [];
    if (!current) throw notFound('Expense');
    if (input.horse_id) await referenceInStud(tx, studHorses, stud.id, input.horse_id, 'horse_id');
    await tx
      .update(studExpenses)
      .set({ ...expenseValues(input), updatedAt: sql`now()` })
      .where(where);
    return getExpense(tx, stud, expenseId);
  });
}

/**
 * DELETE /expenses/{id}: its receipt links go with it (the files stay among the stud's media,
 * as a deleted medical record's do). A medical record that booked it stops asking for one, so
 * that its next change does not book it again.
 */
export async function deleteExpense(
  db: Database,
  stud: Organization,
  expenseId: string,
): Promise<void> {
  if (!isUuid(expenseId)) throw notFound('Expense');
  await db.transaction(async (tx) => {
    await tx
      .update(medicalRecords)
      .set({ recordExpense: false, updatedAt: sql`now()` })
      .where(and(eq(medicalRecords.studId, stud.id), eq(medicalRecords.expenseId, expenseId)));
    const [row] = await tx
      .delete(studExpenses)
      .where(and(eq(studExpenses.studId, stud.id), eq(studExpenses.id, expenseId)))
      .returning({ id: studExpenses.id });
    if (!row) throw notFound('Expense');
  });
}
