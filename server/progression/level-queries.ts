import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { levels } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { timestampsOut } from '../kernel/records';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import type { Level } from './level-schema';

type LevelRow = typeof levels.$inferSelect;

export function toLevel(row: LevelRow, studentsCount: number): Level {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    position: row.position,
    base_level: row.baseLevel,
    requirements: row.requirements,
    min_attended_classes: row.minAttendedClasses,
    active: row.active,
    students_count: studentsCount,
    ...timestampsOut(row),
  };
}

/** How many students stand on the level: its students count, in the same statement. */
// Qualified by hand: drizzle leaves the columns of a one-table select unqualified.
const studentsOnLevel = sql<number>`(select count(*)::int from students s
  where s.school_id = "levels"."school_id" and s.current_level_id = "levels"."id")`;

function selectLevels(db: Database, school: School, levelId?: string) {
  return db
    .select({ level: levels, studentsCount: studentsOnLevel })
    .from(levels)
    .where(and(eq(levels.schoolId, school.id), levelId ? eq(levels.id, levelId) : undefined))
    .orderBy(asc(levels.position));
}

/** The school's ladder, first rung first. */
export async function listLevels(db: Database, school: School): Promise<Level[]> {
  const rows = await selectLevels(db, school);
  return rows.map((row) => toLevel(row.level, row.studentsCount));
}

export async function getLevel(db: Database, school: School, levelId: string): Promise<Level> {
  const [row] = isUuid(levelId) ? await selectLevels(db, school, levelId) : [];
  if (!row) throw notFound('Level');
  return toLevel(row.level, row.studentsCount);
}
