import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, organizations, users } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { DEFAULT_CURRENCY, toOrganization } from '../organizations/schema';
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

/** Changes an organization's profile, verification or status; 404 for an unknown id. */
export async function updateOrganization(
  db: Database,
  id: string,
  changes: UpdateOrganizationInput,
) {
  const [row] = isUuid(id)
    ? await db
        .update(organizations)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(organizations.id, id))
        .returning()
    : [];
  if (!row) throw notFound('Organization');
  return toOrganization(row);
}
