import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { INCOME_CATEGORY_OF_KIND, studIncome, studPayments, studReceivables } from '@/db/schema';
import { formatNumber, nextNumber } from '../kernel/counters';
import { conflict, invalidField, notFound, registerUniqueField } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { moneyValue } from '../kernel/fields/record-fields';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { PaymentFields } from './payment-schema';

/*
 * Money received (B.9). A payment, its receivable's new paid amount and status, and its income
 * entry are written in one transaction; a void reverses all three. The receivable moves in ONE
 * guarded UPDATE (open, and the amount within what is outstanding), so two payments at once
 * can never pay more than is owed.
 */

registerUniqueField(
  'stud_payments_receipt_number_key',
  'receipt_number',
  'The receipt number has already been taken.',
);

const STATE_OF: Record<string, string> = {
  paid: 'The receivable is paid: nothing is outstanding.',
  cancelled: 'The receivable is cancelled: nothing is owed.',
};

/** A receivable's status from what is paid of its amount, in an UPDATE of `stud_receivables`. */
export const receivableStatus = (paid: SQL, amount: SQL = sql`stud_receivables.amount`) =>
  sql`case when ${paid} = 0 then 'pending' when ${paid} >= ${amount} then 'paid'
           else 'partially_paid' end`;

/** Records a payment against an open receivable; answers the payment's id. */
export async function recordPayment(
  db: Database,
  stud: Organization,
  userId: string,
  input: PaymentFields,
): Promise<string> {
  const today = todayIn(stud.timezone);
  const paidDate = input.paid_date ?? today;
  if (paidDate > today) throw invalidField('paid_date', 'The paid date must not be after today.');
  const amount = moneyValue(input.amount);
  return db.transaction(async (tx) => {
    const paid = sql`stud_receivables.paid_amount + ${amount}::numeric`;
    const [receivable] = await tx
      .update(studReceivables)
      .set({ paidAmount: paid, status: receivableStatus(paid), updatedAt: sql`now()` })
      .where(
        and(
          eq(studReceivables.studId, stud.id),
          eq(studReceivables.id, input.receivable_id),
          sql`stud_receivables.status in ('pending', 'partially_paid')`,
          sql`${paid} <= stud_receivables.amount`,
        ),
      )
      .returning();
    if (!receivable) await refuse(tx, stud.id, input.receivable_id);
    const year = Number(paidDate.slice(0, 4));
    const receiptNumber =
      input.receipt_number ??
      formatNumber('R', year, await nextNumber(tx, stud.id, 'stud-receipts', year), 6);
    const [payment] = await tx
      .insert(studPayments)
      .values({
        studId: stud.id,
        receivableId: receivable!.id,
        amount,
        paidDate,
        paymentMethod: input.payment_method,
        receiptNumber,
        notes: input.notes,
        createdBy: userId,
      })
      .returning({ id: studPayments.id });
    // The income is the stallion's when the receivable is a reservation's.
    await tx.execute(
      sql`insert into stud_income (stud_id, date, category, amount, description, client_id,
                                   horse_id, payment_id, created_by)
          select ${stud.id}, ${paidDate}::date, ${INCOME_CATEGORY_OF_KIND[receivable!.kind]},
                 ${amount}::numeric, ${receivable!.description}, ${receivable!.clientId},
                 (select r.stallion_id from stud_reservations r
                   where r.stud_id = ${stud.id} and r.id = ${receivable!.reservationId}),
                 ${payment!.id}, ${userId}`,
    );
    return payment!.id;
  });
}

/** Why a receivable took no payment: not the stud's (422), closed (409) or owed less (422). */
async function refuse(tx: Database, studId: string, receivableId: string): Promise<never> {
  const [current] = await tx
    .select()
    .from(studReceivables)
    .where(and(eq(studReceivables.studId, studId), eq(studReceivables.id, receivableId)));
  if (!current) throw invalidField('receivable_id', 'The selected receivable id is invalid.');
  const closed = STATE_OF[current.status];
  if (closed) throw conflict(closed);
  const outstanding = (Number(current.amount) - Number(current.paidAmount)).toFixed(2);
  throw invalidField('amount', `The amount must not exceed the outstanding ${outstanding}.`);
}

/**
 * Voids a recorded payment: the receivable gets the amount back (its status follows) and the
 * income entry the payment wrote is deleted. Answers the payment's id.
 */
export async function voidPayment(
  db: Database,
  stud: Organization,
  userId: string,
  paymentId: string,
  reason: string | null | undefined,
): Promise<string> {
  if (!isUuid(paymentId)) throw notFound('Payment');
  return db.transaction(async (tx) => {
    const [voided] = await tx
      .update(studPayments)
      .set({
        status: 'voided',
        voidedAt: sql`now()`,
        voidedBy: userId,
        voidReason: reason ?? null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(studPayments.studId, stud.id),
          eq(studPayments.id, paymentId),
          eq(studPayments.status, 'recorded'),
        ),
      )
      .returning();
    if (!voided) {
      const [exists] = await tx
        .select({ id: studPayments.id })
        .from(studPayments)
        .where(and(eq(studPayments.studId, stud.id), eq(studPayments.id, paymentId)));
      throw exists ? conflict('The payment is already voided.') : notFound('Payment');
    }
    const paid = sql`stud_receivables.paid_amount - ${voided.amount}::numeric`;
    await tx
      .update(studReceivables)
      .set({ paidAmount: paid, status: receivableStatus(paid), updatedAt: sql`now()` })
      .where(and(eq(studReceivables.studId, stud.id), eq(studReceivables.id, voided.receivableId)));
    await tx
      .delete(studIncome)
      .where(and(eq(studIncome.studId, stud.id), eq(studIncome.paymentId, paymentId)));
    return paymentId;
  });
}
