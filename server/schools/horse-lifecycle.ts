import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { horses } from '@/db/schema';
import { notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { toHorse } from './horse-queries';
import type { Horse, HorseFields } from './horse-schema';
import { identityForRecord } from '../pedigree/identity-lifecycle';

function horseValues(input: Partial<HorseFields>) {
  return {
    name: input.name,
    breed: input.breed,
    birthYear: input.birth_year,
    level: input.level,
    status: input.status,
    maxDailyClasses: input.max_daily_classes,
    notes: input.notes,
  };
}

export async function createHorse(
  db: Database,
  school: School,
  input: HorseFields,
): Promise<Horse> {
  return db.transaction(async (tx) => {
    const horseIdentityId = await identityForRecord(tx, school.id, withHorseDefaults(input), null);
    const [row] = await tx
      .insert(horses)
      .values({ schoolId: school.id, ...horseValues(input), name: input.name, horseIdentityId })
      .returning();
    return toHorse(row!);
  });
}

export async function updateHorse(
  db: Database,
  school: School,
  horseId: string,
  input: Partial<HorseFields>,
): Promise<Horse> {
  return db.transaction(async (tx) => {
    const where = and(eq(horses.schoolId, school.id), eq(horses.id, horseId));
    const [current] = isUuid(horseId)
      ? await tx
          .select({ identity: horses.horseIdentityId })
          .from(horses)
          .where(where)
          .for('update')
      : [];
    if (!current) throw notFound('Horse');
    const horseIdentityId = await identityForRecord(
      tx,
      school.id,
      current.identity ? input : withHorseDefaults(input),
      current.identity,
    );
    const [row] = await tx
      .update(horses)
      .set({ ...horseValues(input), horseIdentityId, updatedAt: sql`now()` })
      .where(where)
      .returning();
    return toHorse(row!);
  });
}

/** A new identity takes what the horse already says of itself unless told otherwise. */
function withHorseDefaults<T extends Partial<HorseFields>>(input: T): T {
  if (!input.identity) return input;
  const { name, breed, birth_year } = input;
  return {
    ...input,
    identity: {
      ...(name && { name: name.slice(0, 120) }),
      ...(breed && { breed }),
      ...(birth_year && !input.identity.birth_date && { birth_year }),
      ...input.identity,
    },
  };
}

/** A horse with history (enrollments, attendance) is kept by the foreign keys (409). */
export async function deleteHorse(db: Database, school: School, horseId: string): Promise<void> {
  const [row] = isUuid(horseId)
    ? await db
        .delete(horses)
        .where(and(eq(horses.schoolId, school.id), eq(horses.id, horseId)))
        .returning({ id: horses.id })
    : [];
  if (!row) throw notFound('Horse');
}
