import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, organizations, users } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { wakeOutboxWorker } from '../mail/worker';
import { DEFAULT_CURRENCY, toOrganization } from '../organizations/schema';
import { notifyOwners } from './owner-notices';
import type { CreateOrganizationInput, UpdateOrganizationInput } from './organization-schema';

/**
 * Creates a school or stud; `owner_email` becomes its owner at once when a user is known
 * with that verified e-mail, an invitation otherwise.
 */
export async function createOrganization(
  db: Database,
  input: CreateOrganizationInput,
  defaultTimezone: string,
) {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(organizations)
      .values({
        name: input.name,
        type: input.type,
        timezone: input.timezone ?? defaultTimezone,
        currency: input.currency ?? DEFAULT_CURRENCY,
      })
      .returning();
    if (input.owner_email) {
      // As an invitation would bind (server/kernel/auth/users.ts): only to a verified e-mail; of
      // two accounts with that address, the older.
      const [known] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = lower(${input.owner_email})`,
            eq(users.emailVerified, true),
          ),
        )
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(1);
      await tx.insert(memberships).values({
        organizationId: created!.id,
        role: 'owner',
        ...(known ? { userId: known.id } : { invitedEmail: input.owner_email.toLowerCase() }),
      });
    }
    return created!;
  });
  return toOrganization(row);
}

/**
 * Changes an organization's profile, verification or status; 404 for an unknown id. A
 * change of `verified` is a verification decision: its owners are notified
 * (`org.verification_decided`) in the same transaction.
 */
export async function updateOrganization(
  db: Database,
  id: string,
  changes: UpdateOrganizationInput,
  appUrl: string,
) {
  if (!isUuid(id)) throw notFound('Organization');
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ verified: organizations.verified })
      .from(organizations)
      .where(eq(organizations.id, id))
      .for('update');
    if (!before) throw notFound('Organization');
    const [updated] = await tx
      .update(organizations)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(organizations.id, id))
      .returning();
    if (changes.verified !== undefined && changes.verified !== before.verified) {
      await notifyOwners(
        tx,
        updated!,
        updated!.verified
          ? {
              title: `${updated!.name} is verified`,
              body: 'The platform verified your organization: its listings and certificates show it.',
            }
          : {
              title: `${updated!.name} is no longer verified`,
              body: 'The platform withdrew the verification of your organization.',
            },
        appUrl,
      );
    }
    return updated!;
  });
  wakeOutboxWorker();
  return toOrganization(row);
}
