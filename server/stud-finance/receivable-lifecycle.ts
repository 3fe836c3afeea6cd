import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { studReceivables } from '@/db/schema';
import { conflict, invalidField, validationError } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { moneyValue } from '../kernel/fields/record-fields';
import { findInStud } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid, type FieldErrors } from '../kernel/validation';
import { receivableStatus } from './payment-flow';
import { getReceivable } from './receivable-queries';
import type { Receivable, ReceivableDetailFields, ReceivableFields } from './receivable-schema';

/*
 * Receivables written by a person (B.9). A change and a cancellation are one guarded UPDATE
 * each (the rule on what is paid sits in its WHERE), so a payment at the same moment either
 * comes first and is seen, or waits and sees the change.
 */

/**
 * The client must be the stud's and the reservation, when given, that client's: both looked up
 * in one statement and reported together (422 on each field).
 */
async function checkParties(
  tx: Database,
  studId: string,
  clientId: string,
  reservationId: string | null | undefined,
): Promise<void> {
  const [found] = await queryRows<{ client: boolean; reservation_client: string | null }>(
    tx,
    sql`select exists (select 1 from stud_clients where stud_id = ${studId} and id = ${clientId})
                 as client,
               (select client_id from stud_reservations
                 where stud_id = ${studId} and id = ${reservationId ?? null}::uuid)
                 as reservation_client`,
  );
  const errors: FieldErrors = {};
  if (!found?.client) errors.client_id = ['The selected client id is invalid.'];
  if (reservationId && found?.reservation_client !== clientId)
    errors.reservation_id = ['The selected reservation id is not a reservation of the client.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** POST /receivables: a manual receivable, due the stud's today unless a date is given. */
export async function createReceivable(
  db: Database,
  stud: Organization,
  input: ReceivableFields,
  actorId: string,
): Promise<Receivable> {
  const id = await db.transaction(async (tx) => {
    await checkParties(tx, stud.id, input.client_id, input.reservation_id);
    const [row] = await tx
      .insert(studReceivables)
      .values({
        studId: stud.id,
        clientId: input.client_id,
        reservationId: input.reservation_id ?? null,
        kind: input.kind,
        description: input.description,
        amount: moneyValue(input.amount),
        dueDate: input.due_date ?? todayIn(stud.timezone),
        source: 'manual',
        notes: input.notes,
        createdBy: actorId,
      })
      .returning({ id: studReceivables.id });
    return row!.id;
  });
  return getReceivable(db, stud, id);
}

/**
 * PUT /receivables/{id}: the fields given. A new amount may not fall below what is paid (422),
 * and the status follows it in the same UPDATE (100 paid of 100, raised to 150: partially paid).
 * A cancelled receivable is closed (409).
 */
export async function updateReceivable(
  db: Database,
  stud: Organization,
  receivableId: string,
  input: Partial<ReceivableDetailFields>,
): Promise<Receivable> {
  const amount = input.amount === undefined ? undefined : sql`${moneyValue(input.amount)}::numeric`;
  const [row] = isUuid(receivableId)
    ? await db
        .update(studReceivables)
        .set({
          description: input.description,
          dueDate: input.due_date,
          notes: input.notes,
          ...(amount && {
            amount,
            status: receivableStatus(sql`stud_receivables.paid_amount`, amount),
          }),
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(studReceivables.studId, stud.id),
            eq(studReceivables.id, receivableId),
            sql`stud_receivables.status <> 'cancelled'`,
            amount ? sql`stud_receivables.paid_amount <= ${amount}` : undefined,
          ),
        )
        .returning({ id: studReceivables.id })
    : [];
  if (!row) {
    const current = await findInStud(db, studReceivables, stud.id, receivableId, 'Receivable');
    if (current.status === 'cancelled') throw conflict('A cancelled receivable cannot be changed.');
    throw invalidField(
      'amount',
      `The amount must not be below the ${current.paidAmount} already paid.`,
    );
  }
  return getReceivable(db, stud, receivableId);
}

/**
 * DELETE /receivables/{id}: cancels it while nothing is paid on it (a payment must be voided
 * first, 409); an already cancelled one is a 409 too.
 */
export async function cancelReceivable(
  db: Database,
  stud: Organization,
  receivableId: string,
): Promise<void> {
  const [row] = isUuid(receivableId)
    ? await db
        .update(studReceivables)
        .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(studReceivables.studId, stud.id),
            eq(studReceivables.id, receivableId),
            eq(studReceivables.status, 'pending'),
          ),
        )
        .returning({ id: studReceivables.id })
    : [];
  if (row) return;
  const current = await findInStud(db, studReceivables, stud.id, receivableId, 'Receivable');
  throw conflict(
    current.status === 'cancelled'
      ? 'The receivable is already cancelled.'
      : 'Something is paid on the receivable: void its payments before cancelling it.',
  );
}
