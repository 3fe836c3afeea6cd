import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { competitions, horses, students } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { findInSchool, joinInSchool } from '../kernel/records';
import { isUuid } from '../kernel/validation';

export type CompetitionRow = typeof competitions.$inferSelect;

/** Joins the student a row (entry, result, payment) names, within the row's school. */
export const studentOf = (row: { schoolId: AnyPgColumn; studentId: AnyPgColumn }) =>
  joinInSchool(students, row.schoolId, row.studentId);

/** Joins the horse a row (entry, result) names, within the row's school. */
export const horseOf = (row: { schoolId: AnyPgColumn; horseId: AnyPgColumn }) =>
  joinInSchool(horses, row.schoolId, row.horseId);

/** The competition of a path id in this school, or 404. */
export function findCompetition(
  db: Database,
  schoolId: string,
  id: string,
): Promise<CompetitionRow> {
  return findInSchool(db, competitions, schoolId, id, 'Competition');
}

/**
 * The competition of a path id, row-locked, or 404. Entry changes lock it with `no key
 * update`, so they run one after the other per competition (departure numbering, one entry
 * per student and category) while payments may still reference it; payment changes take
 * `key share`, so a competition cannot be deleted while one of its payments is being paid.
 */
export async function lockCompetition(
  tx: Database,
  schoolId: string,
  id: string,
  mode: 'update' | 'no key update' | 'key share',
): Promise<CompetitionRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(competitions)
        .where(and(eq(competitions.schoolId, schoolId), eq(competitions.id, id)))
        .for(mode)
    : [];
  if (!row) throw notFound('Competition');
  return row;
}
