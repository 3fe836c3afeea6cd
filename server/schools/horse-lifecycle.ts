import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { horses } from '@/db/schema';
import { notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { toHorse } from './horse-queries';
import type { Horse, HorseFields } from './horse-schema';

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
  const [row] = await db
    .insert(horses)
    .values({ schoolId: school.id, ...horseValues(input), name: input.name })
    .returning();
  return toHorse(row!);
}

export async function updateHorse(
  db: Database,
  school: School,
  horseId: string,
  input: Partial<HorseFields>,
): Promise<Horse> {
  const [row] = isUuid(horseId)
    ? await db
        .update(horses)
        .set({ ...horseValues(input), updatedAt: sql`now()` })
        .where(and(eq(horses.schoolId, school.id), eq(horses.id, horseId)))
        .returning()
    : [];
  if (!row) throw notFound('Horse');
  return toHorse(row);
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
