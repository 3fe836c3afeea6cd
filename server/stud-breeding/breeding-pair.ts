import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { Organization } from '../kernel/trpc/init';
import { isUuid, type FieldErrors } from '../kernel/validation';
import { stallionError } from '../stud-herd/horse-queries';
import { startReservation, type ReservationRow } from './reservation-flow';

/*
 * The mare and the stallion a breeding event or a pregnancy is about (B.4, B.5). With a
 * reservation they are its own (given ones must match, 422) and the reservation starts; without
 * one both must be the stud's own horses, a client's mare being always booked.
 */

export type BreedingPair = {
  mareId: string;
  stallionId: string;
  reservation: ReservationRow | null;
};

type PairInput = { reservation_id?: string | null; mare_id?: string; stallion_id?: string };

/**
 * The pair of `input`, with the reservation started (its 422s and 409 thrown at once); the
 * other problems are added to `errors` on their field, and the pair is null then.
 */
export async function breedingPair(
  tx: Database,
  stud: Organization,
  input: PairInput,
  errors: FieldErrors,
): Promise<BreedingPair | null> {
  if (input.reservation_id) {
    const reservation = await startReservation(tx, stud.id, input.reservation_id, {
      mareId: input.mare_id,
      stallionId: input.stallion_id,
    });
    return { mareId: reservation.mareId, stallionId: reservation.stallionId, reservation };
  }
  const found = new Map(
    (await horsesOf(tx, stud, [input.mare_id, input.stallion_id])).map((h) => [h.id, h]),
  );
  const before = Object.keys(errors).length;
  const mare = input.mare_id ? found.get(input.mare_id) : undefined;
  if (!input.mare_id) errors.mare_id = ['The mare id field is required.'];
  else if (!mare) errors.mare_id = ['The selected mare id is invalid.'];
  else if (mare.sex !== 'female')
    errors.mare_id = ['The mare id must be a female horse of the stud.'];
  if (!input.stallion_id) errors.stallion_id = ['The stallion id field is required.'];
  else {
    const problem = await stallionError(tx, stud, input.stallion_id, 'stallion_id');
    if (problem) errors.stallion_id = [problem];
  }
  if (Object.keys(errors).length > before) return null;
  const stallion = found.get(input.stallion_id!)!;
  if (mare!.ownership !== 'own' || stallion.ownership !== 'own') {
    errors.reservation_id = [
      'The reservation id field is required unless the mare and the stallion are both the stud’s own.',
    ];
    return null;
  }
  return { mareId: mare!.id, stallionId: stallion.id, reservation: null };
}

/** The stud's horses among `ids`, with their ownership and sex; one statement. */
function horsesOf(tx: Database, stud: Organization, ids: (string | undefined)[]) {
  const wanted = ids.filter((id): id is string => !!id && isUuid(id));
  if (wanted.length === 0) return Promise.resolve([]);
  return queryRows<{ id: string; ownership: string; sex: string | null }>(
    tx,
    sql`select h.id, h.ownership, i.sex
          from stud_horses h join horse_identities i on i.id = h.horse_identity_id
         where h.stud_id = ${stud.id}
           and h.id in (${sql.join(
             wanted.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
  );
}
