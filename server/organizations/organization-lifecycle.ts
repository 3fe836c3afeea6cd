import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { organizations } from '@/db/schema';
import { toProfile, type OrganizationProfile } from './schema';

/**
 * Changes an organization's profile (name, time zone, currency; a school's waiting list open
 * or closed) and answers it.
 */
export async function updateOrganizationProfile(
  db: Database,
  organizationId: string,
  { waitlist_open: waitlistOpen, ...changes }: OrganizationProfile,
) {
  const [row] = await db
    .update(organizations)
    .set({ ...changes, waitlistOpen, updatedAt: sql`now()` })
    .where(eq(organizations.id, organizationId))
    .returning();
  return toProfile(row!);
}
