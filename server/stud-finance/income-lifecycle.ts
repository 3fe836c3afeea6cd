import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { studClients, studHorses, studIncome } from '@/db/schema';
import { conflict, notFound } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { moneyValue } from '../kernel/fields/record-fields';
import { referenceInStud } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { getIncome } from './income-queries';
import type { Income, IncomeFields } from './ledger-schema';

/*
 * Income entered by hand (B.9). An entry a payment wrote (`payment_id`) is the payment's
 * record of the money: it changes and goes only with the payment (a void), never by itself.
 */

const MADE_BY_PAYMENT = 'The income entry was made by a payment: void the payment instead.';

/** Columns of the given fields; absent ones stay undefined (default, or unchanged). */
function incomeValues(input: Partial<IncomeFields>) {
  return {
    date: input.date,
    category: input.category,
    amount: moneyValue(input.amount),
    description: input.description,
    clientId: input.client_id,
    horseId: input.horse_id,
  };
}

/** The client and the horse named in the body must be the stud's (422 on the field). */
async function checkReferences(tx: Database, studId: string, input: Partial<IncomeFields>) {
  if (input.client_id) await referenceInStud(tx, studClients, studId, input.client_id, 'client_id');
  if (input.horse_id) await referenceInStud(tx, studHorses, studId, input.horse_id, 'horse_id');
}

/** POST /income: dated the stud's today unless told. */
export async function createIncome(
  db: Database,
  stud: Organization,
  userId: string,
  input: IncomeFields,
): Promise<Income> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, stud.id, input);
    const [row] = await tx
      .insert(studIncome)
      .values({
        studId: stud.id,
        ...incomeValues(input),
        date: input.date ?? todayIn(stud.timezone),
        category: input.category,
        amount: moneyValue(input.amount),
        createdBy: userId,
      })
      .returning({ id: studIncome.id });
    return getIncome(tx, stud, row!.id);
  });
}

/** PUT /income/{id}: the fields given, on an entry entered by hand (409 otherwise). */
export async function updateIncome(
  db: Database,
  stud: Organization,
  incomeId: string,
  input: Partial<IncomeFields>,
): Promise<Income> {
  return db.transaction(async (tx) => {
    const where = and(eq(studIncome.studId, stud.id), eq(studIncome.id, incomeId));
    const [current] = isUuid(incomeId)
      ? await tx
          .select({ paymentId: studIncome.paymentId })
          .from(studIncome)
          .where(where)
          .for('update')
      : [];
    if (!current) throw notFound('Income entry');
    if (current.paymentId) throw conflict(MADE_BY_PAYMENT);
    await checkReferences(tx, stud.id, input);
    await tx
      .update(studIncome)
      .set({ ...incomeValues(input), updatedAt: sql`now()` })
      .where(where);
    return getIncome(tx, stud, incomeId);
  });
}

/** DELETE /income/{id}: an entry entered by hand (409 for a payment's). */
export async function deleteIncome(
  db: Database,
  stud: Organization,
  incomeId: string,
): Promise<void> {
  if (!isUuid(incomeId)) throw notFound('Income entry');
  const where = and(eq(studIncome.studId, stud.id), eq(studIncome.id, incomeId));
  const [deleted] = await db
    .delete(studIncome)
    .where(and(where, isNull(studIncome.paymentId)))
    .returning({ id: studIncome.id });
  if (deleted) return;
  const [kept] = await db.select({ id: studIncome.id }).from(studIncome).where(where);
  throw kept ? conflict(MADE_BY_PAYMENT) : notFound('Income entry');
}
