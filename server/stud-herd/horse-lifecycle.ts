import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { studClients, studHorses } from '@/db/schema';
import { invalidField, notFound, registerUniqueField, validationError } from '../kernel/errors';
import { referenceInStud } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { identityForRecord } from '../pedigree/identity-lifecycle';
import { getStudHorse } from './horse-queries';
import type { StudHorse, StudHorseFields } from './horse-schema';

registerUniqueField(
  'stud_horses_identity_key',
  'horse_identity_id',
  'This horse is already in the herd.',
);

type Current = typeof studHorses.$inferSelect;

/**
 * The ownership fields as they will stand, checked: a client's or leased horse names a client
 * of the stud; the stud's own names none (choosing `own` clears it); departure after arrival.
 */
async function ownershipValues(
  tx: Database,
  stud: Organization,
  input: Partial<StudHorseFields>,
  current: Current | null,
) {
  const ownership = input.ownership ?? current?.ownership ?? 'own';
  const owner =
    input.owner_client_id !== undefined
      ? input.owner_client_id
      : input.ownership === 'own'
        ? null
        : (current?.ownerClientId ?? null);
  const arrival = input.arrival_date !== undefined ? input.arrival_date : current?.arrivalDate;
  const departure =
    input.departure_date !== undefined ? input.departure_date : current?.departureDate;
  const errors: Record<string, string[]> = {};
  if (ownership === 'own' && owner)
    errors.owner_client_id = ["The stud's own horse has no owner client."];
  if (ownership !== 'own' && !owner)
    errors.owner_client_id = [
      `A ${ownership === 'client' ? "client's" : 'leased'} horse names its owner client.`,
    ];
  if (arrival && departure && departure < arrival)
    errors.departure_date = ['The departure date must not be before the arrival date.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  if (owner && owner !== current?.ownerClientId)
    await referenceInStud(tx, studClients, stud.id, owner, 'owner_client_id');
  return { ownership, ownerClientId: owner };
}

function horseValues(input: Partial<StudHorseFields>) {
  return {
    onPremises: input.on_premises,
    status: input.status,
    arrivalDate: input.arrival_date,
    departureDate: input.departure_date,
    location: input.location,
    notes: input.notes,
  };
}

/** POST /horses: links an identity or creates one (0.3), in one transaction. */
export async function createStudHorse(
  db: Database,
  stud: Organization,
  input: StudHorseFields,
): Promise<StudHorse> {
  return db.transaction(async (tx) => {
    // The owner is checked before an identity is created for the horse.
    const ownership = await ownershipValues(tx, stud, input, null);
    const horseIdentityId = await identityForRecord(tx, stud.id, input, null);
    if (!horseIdentityId)
      throw invalidField(
        'horse_identity_id',
        'Link a horse of the platform (horse_identity_id) or describe a new one (identity).',
      );
    const [row] = await tx
      .insert(studHorses)
      .values({ studId: stud.id, ...horseValues(input), ...ownership, horseIdentityId })
      .returning({ id: studHorses.id });
    return getStudHorse(tx, stud, row!.id);
  });
}

/** PUT /horses/{id}: the fields given; `identity` changes the linked one under the 0.3 rule. */
export async function updateStudHorse(
  db: Database,
  stud: Organization,
  horseId: string,
  input: Partial<StudHorseFields>,
): Promise<StudHorse> {
  return db.transaction(async (tx) => {
    const where = and(eq(studHorses.studId, stud.id), eq(studHorses.id, horseId));
    const [current] = isUuid(horseId)
      ? await tx.select().from(studHorses).where(where).for('update')
      : [];
    if (!current) throw notFound('Horse');
    const horseIdentityId = await identityForRecord(tx, stud.id, input, current.horseIdentityId);
    const ownership = await ownershipValues(tx, stud, input, current);
    await tx
      .update(studHorses)
      .set({
        ...horseValues(input),
        ...ownership,
        horseIdentityId: horseIdentityId ?? current.horseIdentityId,
        updatedAt: sql`now()`,
      })
      .where(where);
    return getStudHorse(tx, stud, horseId);
  });
}

/** A horse with history (medical records, later bookings) is kept by its foreign keys (409). */
export async function deleteStudHorse(
  db: Database,
  stud: Organization,
  horseId: string,
): Promise<void> {
  const [row] = isUuid(horseId)
    ? await db
        .delete(studHorses)
        .where(and(eq(studHorses.studId, stud.id), eq(studHorses.id, horseId)))
        .returning({ id: studHorses.id })
    : [];
  if (!row) throw notFound('Horse');
}
