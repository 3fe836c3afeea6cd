import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { portalLinks, students } from '@/db/schema';
import { findInSchool, timestampsOut } from '../kernel/records';
import type { School } from '../kernel/trpc/init';
import type { PortalLink } from './link-schema';

export function toPortalLink(row: typeof portalLinks.$inferSelect): PortalLink {
  return {
    id: row.id,
    student_id: row.studentId,
    email: row.email,
    relationship: row.relationship,
    status: row.status,
    ...timestampsOut(row),
  };
}

/** Who follows the student in the portal, newest first, revoked links included. */
export async function listPortalLinks(
  db: Database,
  school: School,
  studentId: string,
): Promise<PortalLink[]> {
  const student = await findInSchool(db, students, school.id, studentId, 'Student');
  const rows = await db
    .select()
    .from(portalLinks)
    .where(and(eq(portalLinks.schoolId, school.id), eq(portalLinks.studentId, student.id)))
    .orderBy(desc(portalLinks.createdAt), desc(portalLinks.id));
  return rows.map(toPortalLink);
}
