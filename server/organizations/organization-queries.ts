import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, organizations } from '@/db/schema';
import type { OrganizationKind } from '../kernel/auth/permissions';
import { toProfile } from './schema';
import type { OrganizationListItem } from './organization-schema';

/** The active organizations of one kind a user is a member of, by name. */
export async function listOrganizationsOf(
  db: Database,
  kind: OrganizationKind,
  userId: string,
): Promise<OrganizationListItem[]> {
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
        eq(organizations.type, kind),
        eq(organizations.status, 'active'),
      ),
    )
    .orderBy(asc(organizations.name), asc(organizations.id));
}

/** One organization as the API answers it (its guard has found it already). */
export async function getOrganization(db: Database, organizationId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return toProfile(row!);
}
