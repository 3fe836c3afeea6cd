import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { horses } from '@/db/schema';
import type { School } from '../kernel/trpc/init';
import { todayIn } from '../kernel/fields/calendar';
import { findInSchool, timestampsOut } from '../kernel/records';
import { pedigreeTree } from '../pedigree/identity-queries';
import type { Horse, HorseListFilters, HorseUsage, HorseUsageFilters } from './horse-schema';
import { horseUsage, usagePeriod } from './horse-usage';

type HorseRow = typeof horses.$inferSelect;

export function toHorse(row: HorseRow): Horse {
  return {
    id: row.id,
    name: row.name,
    breed: row.breed,
    birth_year: row.birthYear,
    level: row.level,
    status: row.status,
    max_daily_classes: row.maxDailyClasses,
    notes: row.notes,
    horse_identity_id: row.horseIdentityId,
    ...timestampsOut(row),
  };
}

/** The school's horses by name; `level=X` keeps X and all-level horses. */
export async function listHorses(
  db: Database,
  school: School,
  input: HorseListFilters,
): Promise<Horse[]> {
  const rows = await db
    .select()
    .from(horses)
    .where(
      and(
        eq(horses.schoolId, school.id),
        input.status ? eq(horses.status, input.status) : undefined,
        input.level && input.level !== 'all'
          ? inArray(horses.level, [input.level, 'all'])
          : undefined,
      ),
    )
    .orderBy(asc(horses.name), asc(horses.id));
  return rows.map(toHorse);
}

export async function getHorse(db: Database, school: School, horseId: string): Promise<Horse> {
  return toHorse(await findInSchool(db, horses, school.id, horseId, 'Horse'));
}

/** A horse's classes and minutes per day over the period asked (today by default). */
export async function getHorseUsage(
  db: Database,
  school: School,
  horseId: string,
  input: HorseUsageFilters,
): Promise<HorseUsage> {
  const { start, end } = usagePeriod(input, todayIn(school.timezone));
  const horse = await findInSchool(db, horses, school.id, horseId, 'Horse');
  return horseUsage(db, horse, start, end);
}

/** The tree of the identity the horse links, or null while it links none. */
export async function getHorsePedigree(
  db: Database,
  school: School,
  horseId: string,
  generations: number,
) {
  const horse = await findInSchool(db, horses, school.id, horseId, 'Horse');
  return horse.horseIdentityId ? pedigreeTree(db, horse.horseIdentityId, generations) : null;
}
