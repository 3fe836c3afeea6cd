import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { instructors } from '@/db/schema';
import { invalidField } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { resolveWeek } from '../kernel/fields/iso-week';
import { findInSchool, timestampsOut, toMoney } from '../kernel/records';
import { instructorAvailability } from './availability';
import type { AvailabilityFilters, Instructor, InstructorListFilters } from './instructor-schema';

type InstructorRow = typeof instructors.$inferSelect;

export function toInstructor(row: InstructorRow): Instructor {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`,
    document_type: row.documentType,
    document_number: row.documentNumber,
    phone: row.phone,
    email: row.email,
    specialties: row.specialties,
    experience_years: row.experienceYears,
    bio: row.bio,
    hourly_rate: toMoney(row.hourlyRate),
    status: row.status,
    ...timestampsOut(row),
  };
}

/** The school's instructors by last name, first name. */
export async function listInstructors(
  db: Database,
  school: School,
  input: InstructorListFilters,
): Promise<Instructor[]> {
  const rows = await db
    .select()
    .from(instructors)
    .where(
      and(
        eq(instructors.schoolId, school.id),
        input.status ? eq(instructors.status, input.status) : undefined,
      ),
    )
    .orderBy(asc(instructors.lastName), asc(instructors.firstName), asc(instructors.id));
  return rows.map(toInstructor);
}

export async function getInstructor(
  db: Database,
  school: School,
  instructorId: string,
): Promise<Instructor> {
  return toInstructor(await findInSchool(db, instructors, school.id, instructorId, 'Instructor'));
}

/** An instructor's classes and free time on a date or in an ISO week (the current one by default). */
export async function getInstructorAvailability(
  db: Database,
  school: School,
  instructorId: string,
  input: AvailabilityFilters,
) {
  if (input.date && input.week)
    throw invalidField('week', 'The week field cannot be given together with date.');
  const dates = input.date ? [input.date] : resolveWeek(input.week, school.timezone).dates;
  const instructor = await findInSchool(db, instructors, school.id, instructorId, 'Instructor');
  return instructorAvailability(db, school.id, instructor.id, dates);
}
