import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { classes } from '@/db/schema';
import { invalidField, notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { moneyValue } from '../kernel/fields/record-fields';
import { toClass } from './class-queries';
import { DEFAULT_MAX_STUDENTS, type ClassFields, type SchoolClass } from './class-schema';

function classValues(input: Partial<ClassFields>) {
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    level: input.level,
    discipline: input.discipline,
    maxStudents: input.max_students,
    durationMinutes: input.duration_minutes,
    price: moneyValue(input.price),
    priceType: input.price_type,
    status: input.status,
  };
}

/** An individual class teaches one student at a time. */
function assertCapacityFitsType(type: SchoolClass['type'], maxStudents: number) {
  if (type === 'individual' && maxStudents > 1) {
    throw invalidField('max_students', 'The max students field must be 1 for an individual class.');
  }
}

/** `max_students` defaults by type; an individual class has one place. */
export async function createClass(
  db: Database,
  school: School,
  input: ClassFields,
): Promise<SchoolClass> {
  const maxStudents = input.max_students ?? DEFAULT_MAX_STUDENTS[input.type];
  assertCapacityFitsType(input.type, maxStudents);
  const [row] = await db
    .insert(classes)
    .values({
      schoolId: school.id,
      ...classValues(input),
      name: input.name,
      type: input.type,
      level: input.level,
      maxStudents,
    })
    .returning();
  return toClass(row!);
}

/** The fields given; the resulting class must fit its type. */
export async function updateClass(
  db: Database,
  school: School,
  classId: string,
  input: Partial<ClassFields>,
): Promise<SchoolClass> {
  const row = await db.transaction(async (tx) => {
    const [current] = isUuid(classId)
      ? await tx
          .select({ type: classes.type, maxStudents: classes.maxStudents })
          .from(classes)
          .where(and(eq(classes.schoolId, school.id), eq(classes.id, classId)))
          .for('update')
      : [];
    if (!current) throw notFound('Class');
    assertCapacityFitsType(input.type ?? current.type, input.max_students ?? current.maxStudents);
    const [updated] = await tx
      .update(classes)
      .set({ ...classValues(input), updatedAt: sql`now()` })
      .where(and(eq(classes.schoolId, school.id), eq(classes.id, classId)))
      .returning();
    return updated!;
  });
  return toClass(row);
}

/** A class with schedules or enrollments is kept by the foreign keys (409). */
export async function deleteClass(db: Database, school: School, classId: string): Promise<void> {
  const [row] = isUuid(classId)
    ? await db
        .delete(classes)
        .where(and(eq(classes.schoolId, school.id), eq(classes.id, classId)))
        .returning({ id: classes.id })
    : [];
  if (!row) throw notFound('Class');
}
