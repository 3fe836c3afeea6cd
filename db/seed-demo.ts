import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { memberships, organizations } from './schema';

export const DEMO_OWNER_EMAIL = 'owner@demo.school';

/**
 * Demo data for an empty database (DESIGN 2): a school whose staff sign in with the
 * development issuer. Each module adds its records here as its tables land.
 */
export async function seedDemo(db: Database, options: { timezone: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One seeder at a time, and only into a database that has no organization yet.
    await tx.execute(sql`select pg_advisory_xact_lock(7253002)`);
    const [existing] = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    if (existing) return false;
    const [school] = await tx
      .insert(organizations)
      .values({ type: 'school', name: 'Demo Riding School', timezone: options.timezone, currency: 'EUR', verified: true })
      .returning({ id: organizations.id });
    await tx.insert(memberships).values([
      { organizationId: school!.id, invitedEmail: DEMO_OWNER_EMAIL, role: 'owner' },
      { organizationId: school!.id, invitedEmail: 'manager@demo.school', role: 'manager' },
      { organizationId: school!.id, invitedEmail: 'instructor@demo.school', role: 'instructor' },
      { organizationId: school!.id, invitedEmail: 'viewer@demo.school', role: 'viewer' },
    ]);
    return true;
  });
}
