import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { classes } from '@/db/schema';
import type { School } from '../kernel/trpc/init';
import { findInSchool, timestampsOut, toMoney } from '../kernel/records';
import type { ClassListFilters, SchoolClass } from './class-schema';

export type ClassRow = typeof classes.$inferSelect;

export function toClass(row: ClassRow): SchoolClass {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    level: row.level,
    discipline: row.discipline,
    max_students: row.maxStudents,
    duration_minutes: row.durationMinutes,
    price: toMoney(row.price)!,
    price_type: row.priceType,
    status: row.status,
    ...timestampsOut(row),
  };
}

/** The school's classes by name. */
export async function listClasses(
  db: Database,
  school: School,
  input: ClassListFilters,
): Promise<SchoolClass[]> {
  const rows = await db
    .select()
    .from(classes)
    .where(
      and(
        eq(classes.schoolId, school.id),
        input.type ? eq(classes.type, input.type) : undefined,
        input.level ? eq(classes.level, input.level) : undefined,
        // Disciplines are free text: "Dressage" and "dressage" are one discipline.
        input.discipline
          ? sql`lower(${classes.discipline}) = lower(${input.discipline})`
          : undefined,
        input.status ? eq(classes.status, input.status) : undefined,
      ),
    )
    .orderBy(asc(classes.name), asc(classes.id));
  return rows.map(toClass);
}

export async function getClass(
  db: Database,
  school: School,
  classId: string,
): Promise<SchoolClass> {
  return toClass(await findInSchool(db, classes, school.id, classId, 'Class'));
}
