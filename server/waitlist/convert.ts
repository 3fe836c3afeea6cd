import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { schedules, waitlistEntries } from '@/db/schema';
import { conflict, invalidField, notFound } from '../kernel/errors';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { createEnrollment } from '../schools/enrollment-lifecycle';
import { createStudent } from '../schools/student-lifecycle';
import type { Student, StudentFields } from '../schools/student-schema';
import type { ConvertFields } from './entry-schema';

/** Entries already settled cannot be converted again. */
const SETTLED = new Set(['enrolled', 'withdrawn', 'declined']);

/**
 * Converts an entry (DESIGN-MODULES A.4 rule 4), one transaction: the student from the rider
 * (the registrant as emergency contact, `student` overriding any field), with `schedule_id`
 * an enrollment under every rule of DESIGN 6, and the entry enrolled. A full schedule (or
 * any other refusal) is a 422 and nothing is written; the entry's row lock makes two
 * conversions of one entry queue up, the schedule's lock two conversions into one place.
 */
export async function convertEntry(
  db: Database,
  school: School,
  entryId: string,
  input: ConvertFields,
): Promise<{ student: Student; enrollmentId: string | null }> {
  return db.transaction(async (tx) => {
    const [entry] = isUuid(entryId)
      ? await tx
          .select()
          .from(waitlistEntries)
          .where(and(eq(waitlistEntries.schoolId, school.id), eq(waitlistEntries.id, entryId)))
          .for('update')
      : [];
    if (!entry) throw notFound('Waitlist entry');
    if (SETTLED.has(entry.status)) throw conflict(`The entry is already ${entry.status}.`);
    const [schedule] =
      input.schedule_id && isUuid(input.schedule_id)
        ? await tx
            .select({ classId: schedules.classId })
            .from(schedules)
            .where(and(eq(schedules.schoolId, school.id), eq(schedules.id, input.schedule_id)))
        : [];
    if (input.schedule_id && !schedule)
      throw invalidField('schedule_id', 'The selected schedule id is invalid.');
    const fields: StudentFields = {
      first_name: entry.riderFirstName,
      last_name: entry.riderLastName,
      birth_date: entry.riderBirthDate,
      email: entry.relationship === 'self' ? entry.registrantEmail : null,
      phone: entry.relationship === 'self' ? entry.registrantPhone : null,
      level: entry.riderLevel ?? undefined,
      emergency_contact:
        entry.relationship === 'self'
          ? null
          : {
              name: entry.registrantName,
              relationship: entry.relationship === 'parent' ? 'parent' : null,
              phone: entry.registrantPhone,
            },
      notes: entry.message,
      ...input.student,
    };
    const student = await createStudent(tx, school, fields);
    const enrollmentId =
      input.schedule_id && schedule
        ? await createEnrollment(tx, school, {
            student_id: student.id,
            class_id: schedule.classId,
            schedule_id: input.schedule_id,
            start_date: input.start_date,
          })
        : null;
    await tx
      .update(waitlistEntries)
      .set({
        status: 'enrolled',
        studentId: student.id,
        statusChangedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(waitlistEntries.schoolId, school.id), eq(waitlistEntries.id, entry.id)));
    return { student, enrollmentId };
  });
}
