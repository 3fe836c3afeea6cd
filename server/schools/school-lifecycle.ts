import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { organizations } from '@/db/schema';
import { toOrganization, type SchoolProfile } from '../organizations/schema';

/** Changes the school's profile (name, time zone, currency) and answers the school. */
export async function updateSchoolProfile(db: Database, schoolId: string, changes: SchoolProfile) {
  const [row] = await db
    .update(organizations)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(organizations.id, schoolId))
    .returning();
  return toOrganization(row!);
}
