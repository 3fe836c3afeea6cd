import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { students, waitlistEntries } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { referenceInSchool } from '../kernel/records';
import type { School } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { getEntry } from './entry-queries';
import type { Entry, entryUpdateFields } from './entry-schema';
import type { z } from 'zod';

/** PUT /waitlist/{id}: status, staff notes, the student the rider became (the school's). */
export async function updateEntry(
  db: Database,
  school: School,
  entryId: string,
  input: z.infer<typeof entryUpdateFields>,
): Promise<Entry> {
  if (input.student_id)
    await referenceInSchool(db, students, school.id, input.student_id, 'student_id');
  const [row] = isUuid(entryId)
    ? await db
        .update(waitlistEntries)
        .set({
          status: input.status,
          staffNotes: input.staff_notes,
          studentId: input.student_id,
          // The purge counts 12 months from the last change of status.
          ...(input.status && {
            statusChangedAt: sql`case when ${waitlistEntries.status} = ${input.status}
                                      then ${waitlistEntries.statusChangedAt} else now() end`,
          }),
          updatedAt: sql`now()`,
        })
        .where(and(eq(waitlistEntries.schoolId, school.id), eq(waitlistEntries.id, entryId)))
        .returning({ id: waitlistEntries.id })
    : [];
  if (!row) throw notFound('Waitlist entry');
  return getEntry(db, school, row.id);
}

/** DELETE /waitlist/{id}: the entry and the personal data in it are erased. */
export async function deleteEntry(db: Database, school: School, entryId: string): Promise<void> {
  const [row] = isUuid(entryId)
    ? await db
        .delete(waitlistEntries)
        .where(and(eq(waitlistEntries.schoolId, school.id), eq(waitlistEntries.id, entryId)))
        .returning({ id: waitlistEntries.id })
    : [];
  if (!row) throw notFound('Waitlist entry');
}
