import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from '@/db/schema';
import type { Config } from '../kernel/config';
import { notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import { toAdminUser } from './user-queries';
import type { UserUpdateInput } from './user-schema';

/** Suspends or reactivates a user, or flags a platform administrator; 404 for an unknown id. */
export async function updateUser(db: Database, config: Config, input: UserUpdateInput) {
  const [row] = isUuid(input.id)
    ? await db
        .update(users)
        .set({
          ...(input.status !== undefined && { status: input.status }),
          ...(input.is_platform_admin !== undefined && {
            isPlatformAdmin: input.is_platform_admin,
          }),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, input.id))
        .returning()
    : [];
  if (!row) throw notFound('User');
  return toAdminUser(config, row);
}
