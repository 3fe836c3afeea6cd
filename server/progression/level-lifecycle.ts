import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { levels } from '@/db/schema';
import { invalidField, notFound, registerUniqueField } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { getLevel, listLevels } from './level-queries';
import type { Level, LevelFields } from './level-schema';

registerUniqueField('levels_school_name_key', 'name', 'The name has already been taken.');
registerUniqueField(
  'levels_school_position_key',
  'position',
  'Another level already holds this position; reorder the ladder instead.',
);

function levelValues(input: Partial<LevelFields>) {
  return {
    name: input.name,
    description: input.description,
    position: input.position,
    baseLevel: input.base_level,
    requirements: input.requirements,
    minAttendedClasses: input.min_attended_classes,
    active: input.active,
  };
}

/** Serializes the school's ladder writes, so that "the end of the ladder" is one rung. */
async function lockLadder(tx: Database, school: School): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`levels:${school.id}`}))`);
}

export async function createLevel(db: Database, school: School, input: LevelFields) {
  const id = await db.transaction(async (tx) => {
    await lockLadder(tx, school);
    const [row] = await tx
      .insert(levels)
      .values({
        schoolId: school.id,
        ...levelValues(input),
        name: input.name,
        baseLevel: input.base_level,
        position:
          input.position ??
          sql`(select coalesce(max(${levels.position}), 0) + 1 from ${levels} where ${levels.schoolId} = ${school.id})`,
      })
      .returning({ id: levels.id });
    return row!.id;
  });
  return getLevel(db, school, id);
}

export async function updateLevel(
  db: Database,
  school: School,
  levelId: string,
  input: Partial<LevelFields>,
): Promise<Level> {
  const [row] = isUuid(levelId)
    ? await db
        .update(levels)
        .set({ ...levelValues(input), updatedAt: sql`now()` })
        .where(and(eq(levels.schoolId, school.id), eq(levels.id, levelId)))
        .returning({ id: levels.id })
    : [];
  if (!row) throw notFound('Level');
  return getLevel(db, school, row.id);
}

/** A level that students stand on, or that history names, is kept by the foreign keys (409). */
export async function deleteLevel(db: Database, school: School, levelId: string): Promise<void> {
  const [row] = isUuid(levelId)
    ? await db
        .delete(levels)
        .where(and(eq(levels.schoolId, school.id), eq(levels.id, levelId)))
        .returning({ id: levels.id })
    : [];
  if (!row) throw notFound('Level');
}

/**
 * Puts the ladder in the order of `ids`, which must name every level of the school once.
 * Positions move out of the way first (negative), so that no step collides with the
 * unique position of another rung.
 */
export async function reorderLevels(db: Database, school: School, ids: string[]) {
  await db.transaction(async (tx) => {
    await lockLadder(tx, school);
    const current = await tx
      .select({ id: levels.id })
      .from(levels)
      .where(eq(levels.schoolId, school.id));
    const known = new Set(current.map((level) => level.id));
    if (
      new Set(ids).size !== ids.length ||
      ids.length !== known.size ||
      ids.some((id) => !known.has(id))
    )
      throw invalidField('ids', 'The ids field must list every level of the school exactly once.');
    await tx
      .update(levels)
      .set({ position: sql`-${levels.position}` })
      .where(eq(levels.schoolId, school.id));
    await tx.execute(sql`
      update ${levels} set position = o.position, updated_at = now()
        from unnest(${sql.param(ids)}::uuid[]) with ordinality as o(id, position)
       where ${levels.schoolId} = ${school.id} and ${levels.id} = o.id`);
  });
  return listLevels(db, school);
}
