import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { studReservations, type RESERVATION_OUTCOMES } from '@/db/schema';
import { conflict, validationError } from '../kernel/errors';
import { referenceInStud } from '../kernel/records';
import type { FieldErrors } from '../kernel/validation';
import { writeReservationReceivables } from '../stud-finance/receivable-flow';

/*
 * The moves of a reservation that other records cause (B.3): its first breeding event or
 * shipment starts it, a confirmed pregnancy makes it pregnant, a birth or a close ends it.
 * Each move is ONE guarded UPDATE (`status in (...)`), so two concurrent moves cannot both
 * happen; the caller runs it in its own transaction. The moves that make money due write
 * their receivables beside them (server/stud-finance/receivable-flow.ts).
 */

export type ReservationRow = typeof studReservations.$inferSelect;
export type ReservationStatus = ReservationRow['status'];
type Outcome = (typeof RESERVATION_OUTCOMES)[number];

const STATUS_LABEL: Record<ReservationStatus, string> = {
  requested: 'requested',
  confirmed: 'confirmed',
  in_progress: 'in progress',
  pregnant: 'pregnant',
  completed: 'completed',
  failed: 'failed',
  rejected: 'rejected',
  cancelled: 'cancelled',
};

/** The 409 of a move the reservation's state forbids, naming that state. */
export const reservationStateConflict = (status: ReservationStatus, action: string) =>
  conflict(`The reservation is ${STATUS_LABEL[status]}: it cannot ${action}.`);

/**
 * Moves the reservation from one of `from` to `to`, setting `set` too, in one statement;
 * `guard` is a further condition of that statement. Answers the updated row, or null when it
 * was in none of `from`, failed the guard, or is not the stud's.
 */
export async function moveReservation(
  tx: Database,
  studId: string,
  id: string,
  from: readonly ReservationStatus[],
  to: ReservationStatus,
  set: Omit<PgUpdateSetSource<typeof studReservations>, 'studId' | 'id' | 'status'> = {},
  guard?: SQL,
): Promise<ReservationRow | null> {
  const [row] = await tx
    .update(studReservations)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(studReservations.studId, studId),
        eq(studReservations.id, id),
        inArray(studReservations.status, [...from]),
        guard,
      ),
    )
    .returning();
  return row ?? null;
}

const UNSIGNED = 'The reservation’s contract must be signed before breeding or shipping.';

/**
 * Its terms require no signed contract, its mare is the stud's own (no client, no other party
 * to sign with), or its contract is signed (B.3): a condition of the UPDATE of
 * `stud_reservations`, whose columns it names in full (the subquery has its own).
 */
const signatureGate = sql`(not stud_reservations.requires_signed_contract
  or stud_reservations.client_id is null or exists (
  select 1 from contracts c
   where c.stud_id = stud_reservations.stud_id and c.id = stud_reservations.contract_id
     and c.status = 'signed'))`;

/**
 * The reservation a breeding event or shipment names (`reservation_id`), checked and started:
 * a reservation of the stud (else 422), whose mare and stallion are the ones given (else 422
 * on `mare_id` / `stallion_id`); confirmed → in_progress on the first one, when its terms
 * require a signed contract only once its contract is signed (else 409); in progress or
 * pregnant it stays; any other state → 409 naming it. Locks the row for the caller's
 * transaction.
 */
export async function startReservation(
  tx: Database,
  studId: string,
  reservationId: string,
  horses: { mareId?: string; stallionId?: string },
): Promise<ReservationRow> {
  const found = await referenceInStud(
    tx,
    studReservations,
    studId,
    reservationId,
    'reservation_id',
  );
  const errors: FieldErrors = {};
  if (horses.mareId !== undefined && horses.mareId !== found.mareId)
    errors.mare_id = ['The mare must be the reservation’s mare.'];
  if (horses.stallionId !== undefined && horses.stallionId !== found.stallionId)
    errors.stallion_id = ['The stallion must be the reservation’s stallion.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  // The signature gate (B.3) is part of the move's own statement: no breeding slips past it.
  const started = await moveReservation(
    tx,
    studId,
    reservationId,
    ['confirmed'],
    'in_progress',
    { startedAt: sql`now()` },
    signatureGate,
  );
  if (started) return started;
  // Not moved: fine when already under way; confirmed, the gate held it; else the state forbids.
  const [current] = await tx
    .select()
    .from(studReservations)
    .where(and(eq(studReservations.studId, studId), eq(studReservations.id, reservationId)))
    .for('update');
  if (current!.status === 'in_progress' || current!.status === 'pregnant') return current!;
  if (current!.status === 'confirmed') throw conflict(UNSIGNED);
  throw reservationStateConflict(current!.status, 'be bred or shipped to');
}

/**
 * A pregnancy was confirmed (B.5): in_progress → pregnant, and the balance falls due when the
 * terms say so; in any other state, nothing.
 */
export async function markReservationPregnant(tx: Database, studId: string, id: string) {
  const moved = await moveReservation(tx, studId, id, ['in_progress'], 'pregnant');
  if (moved) await writeReservationReceivables(tx, studId, id, 'pregnant');
  return moved;
}

/**
 * A live foal that stands and nurses (B.6): in_progress or pregnant → completed, and the
 * balance falls due when the terms say so.
 */
export async function completeReservation(tx: Database, studId: string, id: string) {
  const moved = await moveReservation(tx, studId, id, ['in_progress', 'pregnant'], 'completed', {
    outcome: 'live_foal',
    closedAt: sql`now()`,
  });
  if (moved) await writeReservationReceivables(tx, studId, id, 'completed');
  return moved;
}

/**
 * No pregnancy, a pregnancy lost or a foal lost (B.3, B.5, B.6): in_progress or pregnant →
 * failed with that outcome. The guarantee grants a return: always under `live_foal`; under
 * `positive_pregnancy` only when the mare was never confirmed pregnant (the update reads the
 * status before the move).
 */
export const failReservation = (tx: Database, studId: string, id: string, outcome: Outcome) =>
  moveReservation(tx, studId, id, ['in_progress', 'pregnant'], 'failed', {
    outcome,
    closedAt: sql`now()`,
    returnPrivilege: sql`${studReservations.guarantee} = 'live_foal'
      or (${studReservations.guarantee} = 'positive_pregnancy'
          and ${studReservations.status} = 'in_progress')`,
  });
