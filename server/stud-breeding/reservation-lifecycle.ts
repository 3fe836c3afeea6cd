import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { studClients, studHorses, studReservations, studServices } from '@/db/schema';
import { BOOKED_RESERVATION_STATUSES, type CONTRACT_KINDS } from '@/db/schema/stud-breeding-values';
import { conflict, notFound, uniqueViolation, validationError } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { referenceInStud } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid, type FieldErrors } from '../kernel/validation';
import { insertContract, type Actor, type ContractRow } from '../stud-contracts/contract-flow';
import { clientDisplayName } from '../stud-crm/client-name';
import { roleSql } from '../stud-herd/horse-queries';
import {
  cancelReservationReceivables,
  writeReservationReceivables,
} from '../stud-finance/receivable-flow';
import {
  failReservation,
  moveReservation,
  reservationStateConflict,
  type ReservationRow,
  type ReservationStatus,
} from './reservation-flow';
import { getReservation } from './reservation-queries';
import type {
  CLOSE_OUTCOMES,
  ReservationDetail,
  ReservationFields,
  ReservationUpdateFields,
} from './reservation-schema';

type Draft = {
  template_id: string;
  kind: (typeof CONTRACT_KINDS)[number];
  body: string;
  stallion: string;
  mare: string;
  season: string;
  client_id: string;
  client_name: string;
  client_email: string | null;
};

const KIND_TITLE: Record<Draft['kind'], string> = {
  breeding: 'Breeding contract',
  boarding: 'Boarding contract',
  sale: 'Sale contract',
  other: 'Contract',
};

/**
 * A confirmed reservation's contract (B.3, B.7): a draft from its service's template, when the
 * service names one, the reservation has a client (the stud's own mare has no other party to
 * sign with) and no contract yet, signed by its client when the
 * client has an e-mail (else the draft needs a signer before it is sent). One read, then
 * `insertContract` (which makes it the reservation's contract), in the caller's transaction.
 * Answers the draft, or null when none was drafted.
 */
export async function draftReservationContract(
  tx: Database,
  stud: Organization,
  reservationId: string,
  actor: Actor,
): Promise<ContractRow | null> {
  const [draft] = await queryRows<Draft>(
    tx,
    sql`select t.id as template_id, t.kind, t.body, si.name as stallion, mi.name as mare,
               r.season, r.client_id,
               ${clientDisplayName} as client_name,
               nullif(trim(c.email), '') as client_email
          from stud_reservations r
          join stud_services s on s.stud_id = r.stud_id and s.id = r.service_id
          join contract_templates t on t.stud_id = s.stud_id and t.id = s.contract_template_id
          join stud_horses st on st.stud_id = r.stud_id and st.id = r.stallion_id
          join horse_identities si on si.id = st.horse_identity_id
          join stud_horses m on m.stud_id = r.stud_id and m.id = r.mare_id
          join horse_identities mi on mi.id = m.horse_identity_id
              join stud_clients c on c.stud_id = r.stud_id and c.id = r.client_id
         where r.stud_id = ${stud.id} and r.id = ${reservationId} and r.contract_id is null`,
  );
  if (!draft) return null;
  const title = `${KIND_TITLE[draft.kind]}: ${draft.stallion} × ${draft.mare} (${draft.season})`;
  return insertContract(
    tx,
    stud,
    {
      kind: draft.kind,
      title: title.slice(0, 200),
      body: draft.body,
      clientId: draft.client_id,
      reservationId,
      templateId: draft.template_id,
    },
    draft.client_email
      ? [
          {
            name: draft.client_name.slice(0, 120),
            email: draft.client_email,
            role: 'client',
            order: 1,
          },
        ]
      : [],
    actor,
  );
}

const OPEN_TAKEN = 'The mare already has an open reservation in this season.';
const RETURN_USED = 'The return privilege of that reservation was already used.';
const CLIENT_REQUIRED = 'The client id field is required unless the mare is the stud’s own.';

/**
 * Runs a write whose unique indexes answer 409 with their own words: one open reservation of
 * a mare per season, one use of a return privilege (two requests racing past the checks).
 */
async function withReservationConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'stud_reservations_open_mare_key') throw conflict(OPEN_TAKEN);
    if (constraint === 'stud_reservations_return_key') throw conflict(RETURN_USED);
    throw error;
  }
}

type Mare = { role: string | null; ownership: string; owner_client_id: string | null };

/** The stud horse `mareId` with its role on the stud's today, or undefined. */
async function findMare(tx: Database, stud: Organization, mareId: string) {
  const [mare] = await queryRows<Mare>(
    tx,
    sql`select ${roleSql(todayIn(stud.timezone))} as role, h.ownership, h.owner_client_id
          from stud_horses h join horse_identities i on i.id = h.horse_identity_id
         where h.stud_id = ${stud.id} and h.id = ${mareId}`,
  );
  return mare;
}

/**
 * The client a reservation of `mare` names: the one given (a client of the stud), else her
 * owner; none only for the stud's own mare. Adds its 422 to `errors`.
 */
async function resolveClient(
  tx: Database,
  studId: string,
  mare: Mare,
  given: string | null | undefined,
  errors: FieldErrors,
): Promise<string | null> {
  if (given) {
    const found = await tx
      .select({ id: studClients.id })
      .from(studClients)
      .where(and(eq(studClients.studId, studId), eq(studClients.id, given)));
    if (found.length === 0) errors.client_id = ['The selected client id is invalid.'];
    return given;
  }
  const clientId = given === undefined ? mare.owner_client_id : null;
  if (clientId === null && mare.ownership !== 'own') errors.client_id = [CLIENT_REQUIRED];
  return clientId;
}

/**
 * Locks the stallion (his herd row; the profile may not exist) so that confirmations of his
 * book queue one after another, then counts the season's booked mares against his limit (no
 * profile or no limit: none). The count is its own statement, taken after the lock, so it sees
 * what the previous holder committed.
 */
async function checkBook(tx: Database, studId: string, stallionId: string, season: string) {
  await tx
    .select({ id: studHorses.id })
    .from(studHorses)
    .where(and(eq(studHorses.studId, studId), eq(studHorses.id, stallionId)))
    .for('no key update');
  const [book] = await queryRows<{ book_limit: number | null; booked: number }>(
    tx,
    sql`select (select p.book_limit from stallion_profiles p
                 where p.stud_id = ${studId} and p.horse_id = ${stallionId}) as book_limit,
               (select count(*)::int from stud_reservations r
                 where r.stud_id = ${studId} and r.stallion_id = ${stallionId}
                   and r.season = ${season}
                   and r.status in (${sql.join(
                     BOOKED_RESERVATION_STATUSES.map((status) => sql`${status}`),
                     sql`, `,
                   )})) as booked`,
  );
  if (book!.book_limit !== null && book!.booked >= book!.book_limit)
    throw conflict(
      `The stallion’s book for ${season} is full (${book!.booked} of ${book!.book_limit} mares).`,
    );
}

/**
 * A return of a failed reservation (B.3): one of the stud that failed with its privilege, of
 * the same stallion (a return is the stallion's guarantee), for the same mare unless its terms
 * allowed a substitute (422). The privilege is cleared by a guarded update in the caller's
 * transaction, so a second use is a 409.
 */
async function useReturn(
  tx: Database,
  studId: string,
  returnOfId: string,
  next: { stallionId: string; mareId: string },
) {
  const original = await referenceInStud(tx, studReservations, studId, returnOfId, 'return_of_id');
  if (original.status === 'failed' && !original.returnPrivilege) {
    const [used] = await tx
      .select({ id: studReservations.id })
      .from(studReservations)
      .where(and(eq(studReservations.studId, studId), eq(studReservations.returnOfId, returnOfId)))
      .limit(1);
    if (used) throw conflict(RETURN_USED);
  }
  const errors: FieldErrors = {};
  if (original.status !== 'failed' || !original.returnPrivilege)
    errors.return_of_id = ['The reservation must have failed with a return privilege.'];
  else if (original.stallionId !== next.stallionId)
    errors.return_of_id = ['A return must be a service of the same stallion.'];
  if (original.mareId !== next.mareId && !original.substituteMareAllowed)
    errors.mare_id = ['A return is for the same mare: its terms allow no substitute.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const [cleared] = await tx
    .update(studReservations)
    .set({ returnPrivilege: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(studReservations.studId, studId),
        eq(studReservations.id, returnOfId),
        eq(studReservations.returnPrivilege, true),
      ),
    )
    .returning({ id: studReservations.id });
  if (!cleared) throw conflict(RETURN_USED);
}

/**
 * POST /reservations: an active service of the stud, a mare of the stud and her owner (422
 * on each at once); the service's stallion, season and terms are copied. One open reservation
 * per mare and season (409); `confirm` books the stallion at once, under his limit (409), and
 * drafts the contract from the service's template.
 */
export async function createReservation(
  db: Database,
  stud: Organization,
  actor: Actor,
  input: ReservationFields,
): Promise<ReservationDetail> {
  return withReservationConflicts(() =>
    db.transaction(async (tx) => {
      const errors: FieldErrors = {};
      const [service] = await tx
        .select()
        .from(studServices)
        .where(and(eq(studServices.studId, stud.id), eq(studServices.id, input.service_id)));
      if (!service) errors.service_id = ['The selected service id is invalid.'];
      else if (!service.active) errors.service_id = ['The service must be active.'];
      const mare = await findMare(tx, stud, input.mare_id);
      if (!mare) errors.mare_id = ['The selected mare id is invalid.'];
      else if (mare.role !== 'mare') errors.mare_id = ['The mare id must be a mare of the stud.'];
      const clientId = mare
        ? await resolveClient(tx, stud.id, mare, input.client_id, errors)
        : null;
      if (Object.keys(errors).length > 0) throw validationError(errors);

      const terms = service!;
      // The stallion is locked before the insert, whose foreign key would share-lock him.
      if (input.confirm) await checkBook(tx, stud.id, terms.stallionId, terms.season);
      if (input.return_of_id)
        await useReturn(tx, stud.id, input.return_of_id, {
          stallionId: terms.stallionId,
          mareId: input.mare_id,
        });
      const [row] = await tx
        .insert(studReservations)
        .values({
          studId: stud.id,
          serviceId: terms.id,
          stallionId: terms.stallionId,
          season: terms.season,
          mareId: input.mare_id,
          clientId,
          status: input.confirm ? 'confirmed' : 'requested',
          source: input.source,
          returnOfId: input.return_of_id ?? null,
          notes: input.notes ?? null,
          method: terms.method,
          delivery: terms.delivery,
          // A return is the guarantee's: no fee again; doses beyond and shipping still cost.
          studFee: input.return_of_id ? '0.00' : terms.studFee,
          bookingFee: input.return_of_id ? '0.00' : terms.bookingFee,
          dosesIncluded: terms.dosesIncluded,
          extraDosePrice: terms.extraDosePrice,
          shippingFee: terms.shippingFee,
          guarantee: terms.guarantee,
          balanceDueOn: terms.balanceDueOn,
          balanceDueDate: terms.balanceDueDate,
          confirmationDay: terms.confirmationDay,
          substituteMareAllowed: terms.substituteMareAllowed,
          requiresSignedContract: terms.requiresSignedContract,
          confirmedAt: input.confirm ? sql`now()` : null,
          createdBy: actor.userId,
        })
        .returning({ id: studReservations.id });
      if (input.confirm) {
        await draftReservationContract(tx, stud, row!.id, actor);
        await writeReservationReceivables(tx, stud.id, row!.id, 'confirmed');
      }
      return getReservation(tx, stud, row!.id);
    }),
  );
}

/** The reservation of a path id, locked for the transaction; 404 when not the stud's. */
async function lockReservation(tx: Database, studId: string, id: string): Promise<ReservationRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(studReservations)
        .where(and(eq(studReservations.studId, studId), eq(studReservations.id, id)))
        .for('update')
    : [];
  if (!row) throw notFound('Reservation');
  return row;
}

/**
 * PUT /reservations/{id}: the notes at any time; the client while requested or confirmed
 * (409 after). The terms are the service's when booked and never change here.
 */
export async function updateReservation(
  db: Database,
  stud: Organization,
  reservationId: string,
  input: ReservationUpdateFields,
): Promise<ReservationDetail> {
  return db.transaction(async (tx) => {
    const current = await lockReservation(tx, stud.id, reservationId);
    const set: Partial<typeof studReservations.$inferInsert> = {};
    if (input.client_id !== undefined && input.client_id !== current.clientId) {
      if (current.status !== 'requested' && current.status !== 'confirmed')
        throw reservationStateConflict(current.status, 'change its client');
      const errors: FieldErrors = {};
      const mare = (await findMare(tx, stud, current.mareId))!;
      set.clientId = await resolveClient(tx, stud.id, mare, input.client_id, errors);
      if (Object.keys(errors).length > 0) throw validationError(errors);
    }
    if (input.notes !== undefined) set.notes = input.notes;
    await tx
      .update(studReservations)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(studReservations.studId, stud.id), eq(studReservations.id, reservationId)));
    return getReservation(tx, stud, reservationId);
  });
}

/**
 * An action on the reservation: locked (404), allowed only from `from` (409 naming its
 * state), then `move`; answers the reservation as it stands.
 */
function act(
  db: Database,
  stud: Organization,
  reservationId: string,
  from: readonly ReservationStatus[],
  action: string,
  move: (tx: Database, row: ReservationRow) => Promise<unknown>,
): Promise<ReservationDetail> {
  return db.transaction(async (tx) => {
    const row = await lockReservation(tx, stud.id, reservationId);
    if (!from.includes(row.status)) throw reservationStateConflict(row.status, action);
    await move(tx, row);
    return getReservation(tx, stud, reservationId);
  });
}

/**
 * POST …/confirm: requested → confirmed while the stallion's book has room (409); the contract
 * is drafted from the service's template and the booking fee (and a balance due on confirmation
 * or on a fixed date) written in the same transaction.
 */
export const confirmReservation = (db: Database, stud: Organization, id: string, actor: Actor) =>
  act(db, stud, id, ['requested'], 'be confirmed', async (tx, row) => {
    await checkBook(tx, stud.id, row.stallionId, row.season);
    await moveReservation(tx, stud.id, id, ['requested'], 'confirmed', { confirmedAt: sql`now()` });
    await draftReservationContract(tx, stud, id, actor);
    await writeReservationReceivables(tx, stud.id, id, 'confirmed');
  });

/** POST …/reject: requested → rejected, with the reason. */
export const rejectReservation = (db: Database, stud: Organization, id: string, reason: string) =>
  act(db, stud, id, ['requested'], 'be rejected', (tx) =>
    moveReservation(tx, stud.id, id, ['requested'], 'rejected', {
      reason,
      closedAt: sql`now()`,
    }),
  );

/**
 * POST …/cancel and DELETE: requested or confirmed → cancelled while the mare was neither
 * bred nor sent semen (409); DELETE gives no reason. Receivables nothing was paid on are
 * cancelled with it; a paid booking fee stays.
 */
export const cancelReservation = (
  db: Database,
  stud: Organization,
  id: string,
  reason: string | null,
) =>
  act(db, stud, id, ['requested', 'confirmed'], 'be cancelled', async (tx) => {
    const [history] = await queryRows<{ found: boolean }>(
      tx,
      sql`select exists (select 1 from breeding_events e
                          where e.stud_id = ${stud.id} and e.reservation_id = ${id})
              or exists (select 1 from semen_shipments s
                          where s.stud_id = ${stud.id} and s.reservation_id = ${id}) as found`,
    );
    if (history!.found)
      throw conflict('The reservation has breeding events or shipments: it cannot be cancelled.');
    await moveReservation(tx, stud.id, id, ['requested', 'confirmed'], 'cancelled', {
      reason,
      closedAt: sql`now()`,
    });
    await cancelReservationReceivables(tx, stud.id, id);
  });

/** POST …/close: in progress or pregnant → failed with the outcome (B.3, `failReservation`). */
export const closeReservation = (
  db: Database,
  stud: Organization,
  id: string,
  outcome: (typeof CLOSE_OUTCOMES)[number],
) =>
  act(db, stud, id, ['in_progress', 'pregnant'], 'be closed', (tx) =>
    failReservation(tx, stud.id, id, outcome),
  );
