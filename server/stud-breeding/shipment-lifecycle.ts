import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { semenBatches, semenShipments, studReservations } from '@/db/schema';
import { conflict, invalidField, notFound, validationError } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import type { FieldErrors } from '../kernel/validation';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { writeShipmentReceivables } from '../stud-finance/receivable-flow';
import { startReservation } from './reservation-flow';
import { returnDoses, takeDoses } from './semen-doses';
import { getShipment } from './shipment-queries';
import {
  CANCELLABLE_SHIPMENT_STATUSES,
  NEXT_SHIPMENT_STATUS,
  type Shipment,
  type ShipmentDetailFields,
  type ShipmentFields,
  type ShipmentStatus,
  type ShipmentStatusFields,
} from './shipment-schema';

type Row = typeof semenShipments.$inferSelect;
type Reservation = typeof studReservations.$inferSelect;

/** The shipment type each shipped method sends. */
const TYPE_OF_METHOD: Partial<Record<Reservation['method'], Row['type']>> = {
  frozen_semen: 'frozen',
  fresh_semen: 'chilled',
};

const STATUS_LABEL: Record<ShipmentStatus, string> = {
  requested: 'requested',
  prepared: 'prepared',
  shipped: 'shipped',
  delivered: 'delivered',
  returned: 'returned',
  cancelled: 'cancelled',
};

const stateConflict = (status: ShipmentStatus, action: string) =>
  conflict(`The shipment is ${STATUS_LABEL[status]}: it cannot ${action}.`);

const ofShipment = (studId: string, id: string) =>
  and(eq(semenShipments.studId, studId), eq(semenShipments.id, id));

/** Columns of the given detail fields; absent ones stay undefined (unchanged). */
function detailValues(input: Partial<ShipmentDetailFields>) {
  return {
    doses: input.doses,
    batchId: input.batch_id,
    collectedOn: input.collected_on,
    requestedFor: input.requested_for,
    carrier: input.carrier,
    trackingNumber: input.tracking_number,
    destination: input.destination,
    containerRef: input.container_ref,
    containerReturnDue: input.container_return_due,
    notes: input.notes,
  };
}

/**
 * The semen fields as they will stand, checked against the reservation (422 on each field at
 * once): a frozen shipment names a batch of the reservation's stallion and no collection day,
 * a chilled one no batch and a collection day not after the stud's today.
 */
async function checkSemen(
  tx: Database,
  stud: Organization,
  reservation: Reservation,
  type: Row['type'],
  input: Partial<ShipmentDetailFields>,
  current: Row | null,
  errors: FieldErrors,
) {
  const batchId = input.batch_id !== undefined ? input.batch_id : (current?.batchId ?? null);
  const collectedOn =
    input.collected_on !== undefined ? input.collected_on : (current?.collectedOn ?? null);
  if (type === 'frozen') {
    if (!batchId)
      errors.batch_id = [
        'The batch id field is required for frozen semen: its doses leave that batch.',
      ];
    else if (batchId !== current?.batchId) {
      const [batch] = isUuid(batchId)
        ? await tx
            .select({ stallionId: semenBatches.stallionId })
            .from(semenBatches)
            .where(and(eq(semenBatches.studId, stud.id), eq(semenBatches.id, batchId)))
        : [];
      if (!batch) errors.batch_id = ['The selected batch id is invalid.'];
      else if (batch.stallionId !== reservation.stallionId)
        errors.batch_id = ['The batch must be of the reservation’s stallion.'];
    }
    if (collectedOn)
      errors.collected_on = [
        'The collected on field is for chilled semen: frozen semen was collected with its batch.',
      ];
  } else {
    if (batchId)
      errors.batch_id = [
        'The batch id field is for frozen semen: chilled semen is collected fresh.',
      ];
    if (collectedOn && collectedOn > todayIn(stud.timezone))
      errors.collected_on = ['The collection date must not be in the future.'];
  }
}

/**
 * POST /shipments: checks the reservation (a shipped service's, of the stud) and the semen
 * against its method, then starts the reservation in the same transaction (a reservation not
 * confirmed nor under way → 409).
 */
export async function createShipment(
  db: Database,
  stud: Organization,
  input: ShipmentFields,
  userId: string,
): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const [reservation] = isUuid(input.reservation_id)
      ? await tx
          .select()
          .from(studReservations)
          .where(
            and(
              eq(studReservations.studId, stud.id),
              eq(studReservations.id, input.reservation_id),
            ),
          )
      : [];
    if (!reservation)
      throw invalidField('reservation_id', 'The selected reservation id is invalid.');
    if (reservation.delivery !== 'shipped')
      throw invalidField(
        'reservation_id',
        'The reservation’s service is delivered on site: nothing is shipped.',
      );
    const errors: FieldErrors = {};
    const fits = TYPE_OF_METHOD[reservation.method];
    if (input.type !== fits)
      errors.type = [
        fits
          ? `The reservation’s service sends ${fits} semen.`
          : 'The reservation’s service ships no semen.',
      ];
    await checkSemen(tx, stud, reservation, input.type, input, null, errors);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    await startReservation(tx, stud.id, reservation.id, {});
    const [row] = await tx
      .insert(semenShipments)
      .values({
        ...detailValues(input),
        studId: stud.id,
        reservationId: reservation.id,
        type: input.type,
        doses: input.doses ?? reservation.dosesIncluded,
        createdBy: userId,
      })
      .returning({ id: semenShipments.id });
    return getShipment(tx, stud, row!.id);
  });
}

/** The shipment locked for a write; 404 when it is not the stud's. */
async function lockShipment(tx: Database, studId: string, shipmentId: string): Promise<Row> {
  const [row] = isUuid(shipmentId)
    ? await tx.select().from(semenShipments).where(ofShipment(studId, shipmentId)).for('update')
    : [];
  if (!row) throw notFound('Shipment');
  return row;
}

/**
 * PUT /shipments/{id}: the details given; doses and semen (batch, collection day) only while
 * requested, as a prepared shipment's doses already left the batch (409).
 */
export async function updateShipment(
  db: Database,
  stud: Organization,
  shipmentId: string,
  input: Partial<ShipmentDetailFields>,
): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const current = await lockShipment(tx, stud.id, shipmentId);
    const semenChange =
      (input.doses !== undefined && input.doses !== current.doses) ||
      (input.batch_id !== undefined && input.batch_id !== current.batchId) ||
      (input.collected_on !== undefined && input.collected_on !== current.collectedOn);
    if (semenChange && current.status !== 'requested')
      throw stateConflict(current.status, 'change its doses or semen');
    const errors: FieldErrors = {};
    if (semenChange) {
      const [reservation] = await tx
        .select()
        .from(studReservations)
        .where(
          and(eq(studReservations.studId, stud.id), eq(studReservations.id, current.reservationId)),
        );
      await checkSemen(tx, stud, reservation!, current.type, input, current, errors);
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    await tx
      .update(semenShipments)
      .set({ ...detailValues(input), updatedAt: sql`now()` })
      .where(ofShipment(stud.id, shipmentId));
    return getShipment(tx, stud, shipmentId);
  });
}

/** DELETE /shipments/{id}: only while requested (nothing left the stud yet), else 409. */
export async function deleteShipment(
  db: Database,
  stud: Organization,
  shipmentId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockShipment(tx, stud.id, shipmentId);
    if (current.status !== 'requested') throw stateConflict(current.status, 'be deleted');
    await tx.delete(semenShipments).where(ofShipment(stud.id, shipmentId));
  });
}

/** The columns a move to `to` records, checked (422): dates by the stud's today, in order. */
function moveValues(
  stud: Organization,
  current: Row,
  to: ShipmentStatus,
  input: ShipmentStatusFields,
) {
  const today = todayIn(stud.timezone);
  const errors: FieldErrors = {};
  const dated = (field: string, value: string | undefined, after?: [string | null, string]) => {
    const date = value ?? today;
    if (date > today) errors[field] = ['The date must not be in the future.'];
    else if (after?.[0] && date < after[0])
      errors[field] = [`The date must not be before ${after[1]}.`];
    return date;
  };
  let values: Partial<typeof semenShipments.$inferInsert> = {};
  if (to === 'shipped')
    values = {
      shippedOn: dated('shipped_on', input.shipped_on),
      ...(input.carrier !== undefined && { carrier: input.carrier }),
      ...(input.tracking_number !== undefined && { trackingNumber: input.tracking_number }),
    };
  if (to === 'delivered')
    values = {
      deliveredOn: dated('delivered_on', input.delivered_on, [
        current.shippedOn,
        'the shipping day',
      ]),
    };
  if (to === 'returned')
    values = {
      returnedOn: dated('returned_on', input.returned_on, [
        current.deliveredOn,
        'the delivery day',
      ]),
    };
  if (to === 'cancelled') {
    if (!input.cancelled_reason)
      errors.cancelled_reason = ['The cancelled reason field is required to cancel a shipment.'];
    values = { cancelledReason: input.cancelled_reason };
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return values;
}

/**
 * POST /shipments/{id}/status: the next state only (or cancelled before shipping), else 409
 * naming the current one. The move is ONE UPDATE guarded by the state it was read in, so of
 * two concurrent moves one finds the state gone (409). A frozen shipment's doses leave the
 * batch as it is prepared (not enough → 409, the move undone with the transaction) and come
 * back if a prepared one is cancelled. Once shipped, its shipping fee and extra doses are owed
 * (B.4).
 */
export async function moveShipment(
  db: Database,
  stud: Organization,
  shipmentId: string,
  input: ShipmentStatusFields,
): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const [current] = isUuid(shipmentId)
      ? await tx.select().from(semenShipments).where(ofShipment(stud.id, shipmentId))
      : [];
    if (!current) throw notFound('Shipment');
    const to = input.status;
    const allowed =
      to === 'cancelled'
        ? CANCELLABLE_SHIPMENT_STATUSES.includes(current.status)
        : NEXT_SHIPMENT_STATUS[current.status] === to;
    if (!allowed) throw stateConflict(current.status, `become ${STATUS_LABEL[to]}`);
    const values = moveValues(stud, current, to, input);
    const [moved] = await tx
      .update(semenShipments)
      .set({ ...values, status: to, updatedAt: sql`now()` })
      .where(and(ofShipment(stud.id, shipmentId), eq(semenShipments.status, current.status)))
      .returning();
    if (!moved) {
      const [now] = await tx
        .select({ status: semenShipments.status })
        .from(semenShipments)
        .where(ofShipment(stud.id, shipmentId));
      if (!now) throw notFound('Shipment');
      throw stateConflict(now.status, `become ${STATUS_LABEL[to]}`);
    }
    if (moved.batchId && to === 'prepared')
      await takeDoses(tx, stud.id, moved.batchId, moved.doses);
    if (moved.batchId && to === 'cancelled' && current.status === 'prepared')
      await returnDoses(tx, stud.id, moved.batchId, moved.doses);
    if (to === 'shipped') await writeShipmentReceivables(tx, stud.id, shipmentId);
    return getShipment(tx, stud, shipmentId);
  });
}
