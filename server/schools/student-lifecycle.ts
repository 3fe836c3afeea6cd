import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { students } from '@/db/schema';
import { invalidField, notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { todayIn } from '../kernel/fields/calendar';
import { studentValues } from './student-columns';
import { anonymizeProgression } from '../progression/certificate-lifecycle';
import { toStudent } from './student-queries';
import { futureBirthDateError, type Student, type StudentFields } from './student-schema';

/*
 * A student's changes (DESIGN 6): created, updated, deleted while without history, or
 * anonymized, keeping the history.
 */

function assertBirthDate(birthDate: string | null | undefined, today: string): void {
  const error = futureBirthDateError(birthDate, today);
  if (error) throw invalidField('birth_date', error);
}

export async function createStudent(
  db: Database,
  school: School,
  input: StudentFields,
): Promise<Student> {
  const today = todayIn(school.timezone);
  assertBirthDate(input.birth_date, today);
  // A duplicate document number, even from a concurrent request, is the unique index's 422.
  const [row] = await db
    .insert(students)
    .values({
      ...studentValues(input),
      firstName: input.first_name,
      lastName: input.last_name,
      schoolId: school.id,
    })
    .returning();
  return toStudent(row!, today);
}

/** Only the fields given change; `address` and `emergency_contact` merge field by field. */
export async function updateStudent(
  db: Database,
  school: School,
  studentId: string,
  input: Partial<StudentFields>,
): Promise<Student> {
  const today = todayIn(school.timezone);
  assertBirthDate(input.birth_date, today);
  const [row] = isUuid(studentId)
    ? await db
        .update(students)
        .set({ ...studentValues(input), updatedAt: sql`now()` })
        .where(and(eq(students.schoolId, school.id), eq(students.id, studentId)))
        .returning()
    : [];
  if (!row) throw notFound('Student');
  return toStudent(row, today);
}

export async function deleteStudent(db: Database, school: School, studentId: string) {
  // History is guarded by the foreign keys (ON DELETE RESTRICT → 409), whatever table holds it.
  const [row] = isUuid(studentId)
    ? await db
        .delete(students)
        .where(and(eq(students.schoolId, school.id), eq(students.id, studentId)))
        .returning({ id: students.id })
    : [];
  if (!row) throw notFound('Student');
}

/** Personal data erased, status inactive; calling it again changes nothing more. */
export async function anonymizeStudent(
  db: Database,
  school: School,
  studentId: string,
): Promise<Student> {
  const row = await db.transaction(async (tx) => {
    const [updated] = isUuid(studentId)
      ? await tx
          .update(students)
          .set({
            firstName: 'Anonymized',
            lastName: 'Student',
            birthDate: null,
            gender: null,
            documentType: null,
            documentNumber: null,
            phone: null,
            email: null,
            street: null,
            city: null,
            state: null,
            emergencyContactName: null,
            emergencyContactRelationship: null,
            emergencyContactPhone: null,
            notes: null,
            status: 'inactive',
            anonymizedAt: sql`coalesce(${students.anonymizedAt}, now())`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(students.schoolId, school.id), eq(students.id, studentId)))
          .returning()
      : [];
    // What progression keeps of the student goes too (initials on certificates).
    if (updated) await anonymizeProgression(tx, school.id, updated.id);
    return updated;
  });
  if (!row) throw notFound('Student');
  return toStudent(row, todayIn(school.timezone));
}
