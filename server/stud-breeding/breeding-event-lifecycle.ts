import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { breedingEvents, pregnancies, semenBatches, semenShipments } from '@/db/schema';
import { conflict, notFound, validationError } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import type { Organization } from '../kernel/trpc/init';
import { isUuid, type FieldErrors } from '../kernel/validation';
import { breedingPair, type BreedingPair } from './breeding-pair';
import { getBreedingEvent } from './breeding-event-queries';
import type {
  BreedingEvent,
  BreedingEventEdit,
  BreedingEventFields,
} from './breeding-event-schema';
import {
  deletePregnancyRow,
  hasChecks,
  openPregnancy,
  openPregnancyOf,
  rebasePregnancy,
} from './pregnancy-flow';
import { returnDoses, takeDoses } from './semen-doses';

type EventRow = typeof breedingEvents.$inferSelect;

/** The rules that need no record (422 on each field): dates, and what each kind takes. */
function formErrors(stud: Organization, input: BreedingEventFields): FieldErrors {
  const errors: FieldErrors = {};
  const today = todayIn(stud.timezone);
  if (input.date > today) errors.date = ['The date must not be in the future.'];
  if (input.ovulation_on && input.ovulation_on > today)
    errors.ovulation_on = ['The ovulation date must not be in the future.'];
  if (input.kind === 'natural_cover') {
    for (const field of ['semen', 'batch_id', 'shipment_id', 'doses_used'] as const)
      if (input[field] !== undefined && input[field] !== null)
        errors[field] = [`The ${field.replace('_', ' ')} field must be empty for a natural cover.`];
    return errors;
  }
  if (!input.semen) errors.semen = ['The semen field is required for an insemination.'];
  if (input.batch_id && input.shipment_id)
    errors.shipment_id = [
      'The shipment id must be empty when a batch is named (semen used on site).',
    ];
  else if (input.batch_id && input.semen && input.semen !== 'frozen')
    errors.batch_id = ['The batch id is for frozen semen only.'];
  return errors;
}

/**
 * The batch or shipment the doses come from (422 on the field): a batch of the stallion, or
 * a shipment of the same reservation that has left the stud, of the event's semen and with
 * doses enough.
 */
async function sourceErrors(
  tx: Database,
  studId: string,
  input: BreedingEventFields,
  pair: BreedingPair,
  errors: FieldErrors,
) {
  if (input.batch_id) {
    const [batch] = isUuid(input.batch_id)
      ? await tx
          .select({ stallionId: semenBatches.stallionId })
          .from(semenBatches)
          .where(and(eq(semenBatches.studId, studId), eq(semenBatches.id, input.batch_id)))
      : [];
    if (!batch) errors.batch_id = ['The selected batch id is invalid.'];
    else if (batch.stallionId !== pair.stallionId)
      errors.batch_id = ['The batch must be of the event’s stallion.'];
  }
  if (input.shipment_id) {
    const [shipment] = isUuid(input.shipment_id)
      ? await tx
          .select()
          .from(semenShipments)
          .where(and(eq(semenShipments.studId, studId), eq(semenShipments.id, input.shipment_id)))
      : [];
    if (!shipment) errors.shipment_id = ['The selected shipment id is invalid.'];
    else if (shipment.reservationId !== pair.reservation?.id)
      errors.shipment_id = ['The shipment must be one of the event’s reservation.'];
    else if (shipment.status !== 'shipped' && shipment.status !== 'delivered')
      errors.shipment_id = ['The shipment must be shipped or delivered.'];
    else {
      if (input.semen !== shipment.type)
        errors.semen = [`The semen must be the shipment’s (${shipment.type}).`];
      if ((input.doses_used ?? 1) > shipment.doses)
        errors.doses_used = [`The shipment holds ${shipment.doses} doses.`];
    }
  }
}

/**
 * The pregnancy a new event of the mare bears on (B.5): none open → the event opens one; one
 * checking with no check yet → the event moves it, when not earlier than its base date (an
 * earlier cover recorded late leaves it); checks recorded or a confirmed pregnancy → 409.
 */
async function placePregnancy(tx: Database, stud: Organization, event: EventRow): Promise<void> {
  const opening = {
    mareId: event.mareId,
    stallionId: event.stallionId,
    reservationId: event.reservationId,
    breedingEventId: event.id,
    baseDate: event.ovulationOn ?? event.date,
  };
  const open = await openPregnancyOf(tx, stud.id, event.mareId);
  if (!open) {
    await openPregnancy(tx, stud, opening);
    return;
  }
  if (open.status === 'confirmed')
    throw conflict('The mare is in foal (a confirmed pregnancy): she cannot be bred.');
  if (open.hasChecks)
    throw conflict(
      'The mare’s pregnancy has checks: record a negative check before breeding her again.',
    );
  if (opening.baseDate >= open.baseDate) await rebasePregnancy(tx, stud.id, open.id, opening);
}

/** POST /breeding-events: the reservation starts, doses leave the batch, a pregnancy opens. */
export async function createBreedingEvent(
  db: Database,
  stud: Organization,
  input: BreedingEventFields,
  userId: string,
): Promise<BreedingEvent> {
  const errors = formErrors(stud, input);
  return db.transaction(async (tx) => {
    const pair = await breedingPair(tx, stud, input, errors);
    if (pair) await sourceErrors(tx, stud.id, input, pair, errors);
    if (Object.keys(errors).length > 0 || !pair) throw validationError(errors);
    const insemination = input.kind === 'insemination';
    const dosesUsed = insemination ? (input.doses_used ?? 1) : null;
    if (input.batch_id) await takeDoses(tx, stud.id, input.batch_id, dosesUsed!);
    const [event] = await tx
      .insert(breedingEvents)
      .values({
        studId: stud.id,
        reservationId: pair.reservation?.id ?? null,
        mareId: pair.mareId,
        stallionId: pair.stallionId,
        date: input.date,
        kind: input.kind,
        semen: insemination ? input.semen : null,
        batchId: input.batch_id ?? null,
        shipmentId: input.shipment_id ?? null,
        dosesUsed,
        ovulationOn: input.ovulation_on ?? null,
        performedBy: input.performed_by ?? null,
        notes: input.notes ?? null,
        createdBy: userId,
      })
      .returning();
    await placePregnancy(tx, stud, event!);
    return getBreedingEvent(tx, stud, event!.id);
  });
}

/** The event, locked for the caller's transaction, and the pregnancy it opened or moved. */
async function lockedEvent(tx: Database, studId: string, eventId: string) {
  const [event] = isUuid(eventId)
    ? await tx
        .select()
        .from(breedingEvents)
        .where(and(eq(breedingEvents.studId, studId), eq(breedingEvents.id, eventId)))
        .for('update')
    : [];
  if (!event) throw notFound('Breeding event');
  const [pregnancy] = await tx
    .select()
    .from(pregnancies)
    .where(and(eq(pregnancies.studId, studId), eq(pregnancies.breedingEventId, eventId)))
    .for('update');
  return { event, pregnancy };
}

/**
 * PUT /breeding-events/{id}: date, ovulation, notes, who bred her. A new base date moves the
 * event's pregnancy while it is checking with no check recorded; after that → 409.
 */
export async function updateBreedingEvent(
  db: Database,
  stud: Organization,
  eventId: string,
  input: BreedingEventEdit,
): Promise<BreedingEvent> {
  return db.transaction(async (tx) => {
    const { event, pregnancy } = await lockedEvent(tx, stud.id, eventId);
    const today = todayIn(stud.timezone);
    const errors: FieldErrors = {};
    if (input.date && input.date > today) errors.date = ['The date must not be in the future.'];
    if (input.ovulation_on && input.ovulation_on > today)
      errors.ovulation_on = ['The ovulation date must not be in the future.'];
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const date = input.date ?? event.date;
    const ovulationOn = input.ovulation_on === undefined ? event.ovulationOn : input.ovulation_on;
    const baseDate = ovulationOn ?? date;
    if (pregnancy && baseDate !== (event.ovulationOn ?? event.date)) {
      if (pregnancy.status !== 'checking' || (await hasChecks(tx, stud.id, pregnancy.id)))
        throw conflict(
          'Checks were recorded for the pregnancy of this event: its dates cannot move.',
        );
      await rebasePregnancy(tx, stud.id, pregnancy.id, { baseDate });
    }
    await tx
      .update(breedingEvents)
      .set({
        date: input.date,
        ovulationOn: input.ovulation_on,
        performedBy: input.performed_by,
        notes: input.notes,
        updatedAt: sql`now()`,
      })
      .where(and(eq(breedingEvents.studId, stud.id), eq(breedingEvents.id, eventId)));
    return getBreedingEvent(tx, stud, eventId);
  });
}

/**
 * DELETE /breeding-events/{id}: a mistaken entry. The pregnancy it opened (or moved) goes with
 * it while no check was recorded (else 409), and batch doses go back to the batch.
 */
export async function deleteBreedingEvent(
  db: Database,
  stud: Organization,
  eventId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { event, pregnancy } = await lockedEvent(tx, stud.id, eventId);
    if (pregnancy) {
      if (await hasChecks(tx, stud.id, pregnancy.id))
        throw conflict(
          'Checks were recorded for the pregnancy of this event: it cannot be deleted.',
        );
      await deletePregnancyRow(tx, stud.id, pregnancy.id);
    }
    await tx
      .delete(breedingEvents)
      .where(and(eq(breedingEvents.studId, stud.id), eq(breedingEvents.id, eventId)));
    if (event.batchId && event.dosesUsed)
      await returnDoses(tx, stud.id, event.batchId, event.dosesUsed);
  });
}
