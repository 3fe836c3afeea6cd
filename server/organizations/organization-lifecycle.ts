import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { organizations } from '@/db/schema';
import { toOrganization, type OrganizationProfile } from './schema';

/** Changes an organization's profile (name, time zone, currency) and answers it. */
export async function updateOrganizationProfile(
  db: Database,
  organizationId: string,
  changes: OrganizationProfile,
) {
  const [row] = await db
    .update(organizations)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(organizations.id, organizationId))
    .returning();
  return toOrganization(row!);
}
