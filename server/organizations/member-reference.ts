import { and, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships } from '@/db/schema';
import { invalidField } from '../kernel/errors';
import { isUuid } from '../kernel/validation';

/**
 * A body field naming a user (`assigned_to`, `default_assignee_id`) must name a member of the
 * organization (an accepted membership), else 422 on that field. The composite foreign key to
 * memberships holds the same rule in the database.
 */
export async function memberReference(
  db: Database,
  organizationId: string,
  userId: string,
  field: string,
): Promise<void> {
  const [row] = isUuid(userId)
    ? await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
        .for('key share')
        .limit(1)
    : [];
  if (!row) throw invalidField(field, `The selected ${field.replace(/_/g, ' ')} is not a member.`);
}
