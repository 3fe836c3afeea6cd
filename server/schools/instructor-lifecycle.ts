import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { instructors } from '@/db/schema';
import { notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { moneyValue } from '../kernel/fields/record-fields';
import { toInstructor } from './instructor-queries';
import type { Instructor, InstructorFields } from './instructor-schema';

/** Columns of the given fields; absent ones stay undefined (column default, or unchanged). */
function instructorValues(input: Partial<InstructorFields>) {
  return {
    firstName: input.first_name,
    lastName: input.last_name,
    documentType: input.document_type,
    documentNumber: input.document_number,
    phone: input.phone,
    email: input.email,
    specialties: input.specialties,
    experienceYears: input.experience_years,
    bio: input.bio,
    hourlyRate: moneyValue(input.hourly_rate),
    status: input.status,
  };
}

export async function createInstructor(
  db: Database,
  school: School,
  input: InstructorFields,
): Promise<Instructor> {
  const [row] = await db
    .insert(instructors)
    .values({
      schoolId: school.id,
      ...instructorValues(input),
      firstName: input.first_name,
      lastName: input.last_name,
    })
    .returning();
  return toInstructor(row!);
}

export async function updateInstructor(
  db: Database,
  school: School,
  instructorId: string,
  input: Partial<InstructorFields>,
): Promise<Instructor> {
  const [row] = isUuid(instructorId)
    ? await db
        .update(instructors)
        .set({ ...instructorValues(input), updatedAt: sql`now()` })
        .where(and(eq(instructors.schoolId, school.id), eq(instructors.id, instructorId)))
        .returning()
    : [];
  if (!row) throw notFound('Instructor');
  return toInstructor(row);
}

/** An instructor with schedules is kept by the foreign keys (409). */
export async function deleteInstructor(
  db: Database,
  school: School,
  instructorId: string,
): Promise<void> {
  const [row] = isUuid(instructorId)
    ? await db
        .delete(instructors)
        .where(and(eq(instructors.schoolId, school.id), eq(instructors.id, instructorId)))
        .returning({ id: instructors.id })
    : [];
  if (!row) throw notFound('Instructor');
}
