import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { birthFoals, births, horseIdentities, pregnancies, studHorses } from '@/db/schema';
import { AppError, notFound, validationError } from '../kernel/errors';
import { todayIn } from '../kernel/fields/calendar';
import { referenceInStud } from '../kernel/records';
import type { Organization } from '../kernel/trpc/init';
import { isUuid, type FieldErrors } from '../kernel/validation';
import { createStudHorse } from '../stud-herd/horse-lifecycle';
import type { StudHorse } from '../stud-herd/horse-schema';
import { getBirth } from './birth-queries';
import type {
  Birth,
  BirthFields,
  BirthUpdateFields,
  FoalFields,
  RecordedBirth,
} from './birth-schema';
import { endPregnancy, type PregnancyRow } from './pregnancy-flow';
import { completeReservation, failReservation } from './reservation-flow';

const MAX_NAME = 120;

/** A stud horse of the pregnancy with what its foal inherits. */
async function parent(tx: Database, studId: string, horseId: string) {
  const [row] = await tx
    .select({
      identityId: studHorses.horseIdentityId,
      name: horseIdentities.name,
      breed: horseIdentities.breed,
      ownership: studHorses.ownership,
      ownerClientId: studHorses.ownerClientId,
      onPremises: studHorses.onPremises,
    })
    .from(studHorses)
    .innerJoin(horseIdentities, eq(horseIdentities.id, studHorses.horseIdentityId))
    .where(and(eq(studHorses.studId, studId), eq(studHorses.id, horseId)));
  return row!;
}

/** "<dam's name> <year> foal", the dam's name shortened to fit; a second twin's adds " 2". */
function defaultName(damName: string, year: string, position: number) {
  const tail = ` ${year} foal${position === 2 ? ' 2' : ''}`;
  return `${damName.slice(0, MAX_NAME - tail.length).trimEnd()}${tail}`;
}

/**
 * The identity's 422s, which the herd names `identity.<field>`, as this request names them:
 * a parent rule (sex, age, cycle) is the pregnancy's (`pregnancy_id`), the rest the foal's.
 */
async function asFoal<T>(index: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || !error.fieldErrors) throw error;
    const renamed: FieldErrors = {};
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const name = field.replace(/^identity\./, '');
      const key =
        name === 'sire_id' || name === 'dam_id' ? 'pregnancy_id' : `foals.${index}.${name}`;
      renamed[key] = [...(renamed[key] ?? []), ...messages];
    }
    throw validationError(renamed);
  }
}

/**
 * Each foal of a live birth: an identity of the shared pedigree (sire and dam the parents',
 * so the 0.3 parent rules apply; unverified, the stud's) and a stud horse owned and kept as
 * its dam, through the herd's own creation; then its birth record.
 */
async function recordFoals(
  tx: Database,
  stud: Organization,
  birthId: string,
  pregnancy: PregnancyRow,
  input: BirthFields,
): Promise<StudHorse[]> {
  const dam = await parent(tx, stud.id, pregnancy.mareId);
  const sire = await parent(tx, stud.id, pregnancy.stallionId);
  const year = input.born_on.slice(0, 4);
  const made: StudHorse[] = [];
  for (const [index, foal] of input.foals.entries()) {
    const position = index + 1;
    const horse = await asFoal(index, () =>
      createStudHorse(tx, stud, {
        identity: {
          name: foal.name ?? defaultName(dam.name, year, position),
          sex: foal.sex,
          birth_date: input.born_on,
          birth_year: Number(year),
          breed: foal.breed ?? dam.breed,
          colour: foal.colour,
          sire_id: sire.identityId,
          dam_id: dam.identityId,
        },
        ownership: dam.ownership,
        owner_client_id: dam.ownerClientId,
        on_premises: dam.onPremises,
        arrival_date: input.born_on,
      }),
    );
    await tx.insert(birthFoals).values({
      studId: stud.id,
      birthId,
      horseId: horse.id,
      position,
      markings: foal.markings,
      standsAndNurses: foal.stands_and_nurses,
      weightKg: typeof foal.weight_kg === 'number' ? foal.weight_kg.toFixed(1) : null,
    });
    made.push(horse);
  }
  return made;
}

/** The rules of the request against the pregnancy (422 on each field at once). */
function checkBirth(stud: Organization, pregnancy: PregnancyRow, input: BirthFields) {
  const errors: FieldErrors = {};
  if (input.born_on < pregnancy.baseDate)
    errors.born_on = ['The birth must not be before the pregnancy’s base date.'];
  else if (input.born_on > todayIn(stud.timezone))
    errors.born_on = ['The birth date must not be in the future.'];
  if (input.outcome === 'live' && input.foals.length === 0)
    errors.foals = ['The foals field needs the foal of a live birth (two for twins).'];
  if (input.outcome !== 'live' && input.foals.length > 0)
    errors.foals = ['The foals field must be empty: only a live birth records foals.'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** How the birth closes the reservation (B.3, B.6); a reservation already closed stays. */
async function closeReservation(
  tx: Database,
  studId: string,
  reservationId: string,
  outcome: BirthFields['outcome'],
  foals: FoalFields[],
) {
  if (outcome === 'live' && foals.some((foal) => foal.stands_and_nurses))
    await completeReservation(tx, studId, reservationId);
  else
    await failReservation(
      tx,
      studId,
      reservationId,
      outcome === 'aborted' ? 'pregnancy_lost' : 'foal_lost',
    );
}

/**
 * POST /births, in one transaction: the pregnancy ends (foaled, or lost without a live foal;
 * one not open → 409), the birth and, for a live one, its foals are recorded, and the
 * reservation closes.
 */
export async function recordBirth(
  db: Database,
  stud: Organization,
  input: BirthFields,
  userId: string,
): Promise<RecordedBirth> {
  return db.transaction(async (tx) => {
    const pregnancy = await referenceInStud(
      tx,
      pregnancies,
      stud.id,
      input.pregnancy_id,
      'pregnancy_id',
    );
    checkBirth(stud, pregnancy, input);
    await endPregnancy(
      tx,
      stud.id,
      pregnancy.id,
      input.outcome === 'live' ? 'foaled' : 'lost',
      input.born_on,
    );
    const [row] = await tx
      .insert(births)
      .values({
        studId: stud.id,
        pregnancyId: pregnancy.id,
        bornOn: input.born_on,
        outcome: input.outcome,
        vetName: input.vet_name,
        notes: input.notes,
        createdBy: userId,
      })
      .returning({ id: births.id });
    const foals =
      input.outcome === 'live' ? await recordFoals(tx, stud, row!.id, pregnancy, input) : [];
    if (pregnancy.reservationId)
      await closeReservation(tx, stud.id, pregnancy.reservationId, input.outcome, input.foals);
    return { birth: await getBirth(tx, stud, row!.id), foals };
  });
}

/** PUT /births/{id}: the vet's name and the notes. */
export async function updateBirth(
  db: Database,
  stud: Organization,
  birthId: string,
  input: BirthUpdateFields,
): Promise<Birth> {
  return db.transaction(async (tx) => {
    const [row] = isUuid(birthId)
      ? await tx
          .update(births)
          .set({ vetName: input.vet_name, notes: input.notes, updatedAt: sql`now()` })
          .where(and(eq(births.studId, stud.id), eq(births.id, birthId)))
          .returning({ id: births.id })
      : [];
    if (!row) throw notFound('Birth');
    return getBirth(tx, stud, birthId);
  });
}
