import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from '@/db/schema';
import type { Config } from '../kernel/config';
import { conflict, notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { toAdminUser } from './user-queries';
import type { UserUpdateInput } from './user-schema';

/**
 * Suspends or reactivates a user, flags a platform administrator or vouches for the person
 * (`verified`: their seller profile shows verified); 404 for an unknown id.
 * The flag of an administrator named in `PLATFORM_ADMIN_EMAILS` is the environment's (409),
 * and nobody suspends or unflags themselves (409): the platform keeps an administrator.
 */
export async function updateUser(
  db: Database,
  config: Config,
  input: UserUpdateInput,
  actorId: string,
) {
  const [current] = isUuid(input.id)
    ? await db.select().from(users).where(eq(users.id, input.id))
    : [];
  if (!current) throw notFound('User');
  if (
    input.is_platform_admin !== undefined &&
    current.emailVerified &&
    current.email !== null &&
    config.platformAdminEmails.has(current.email.toLowerCase())
  ) {
    throw conflict('This administrator is named in PLATFORM_ADMIN_EMAILS: change it there.');
  }
  if (
    current.id === actorId &&
    (input.status === 'suspended' || input.is_platform_admin === false)
  ) {
    throw conflict('You cannot suspend yourself or remove your own administrator flag.');
  }
  const [row] = await db
    .update(users)
    .set({
      ...(input.status !== undefined && { status: input.status }),
      ...(input.is_platform_admin !== undefined && { isPlatformAdmin: input.is_platform_admin }),
      ...(input.verified !== undefined && { verified: input.verified }),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, current.id))
    .returning();
  return toAdminUser(config, row!);
}
