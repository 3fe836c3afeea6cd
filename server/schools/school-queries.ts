import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, organizations } from '@/db/schema';
import type { SchoolListItem } from './school-schema';

/** The active schools a user is a member of, by name. */
export async function listSchoolsOf(db: Database, userId: string): Promise<SchoolListItem[]> {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      role: memberships.role,
      timezone: organizations.timezone,
      currency: organizations.currency,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(organizations.type, 'school'),
        eq(organizations.status, 'active'),
      ),
    )
    .orderBy(asc(organizations.name), asc(organizations.id));
}
