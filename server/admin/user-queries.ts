import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from '@/db/schema';
import { isPlatformAdmin, type User } from '../kernel/auth/users';
import type { Config } from '../kernel/config';
import { escapeLike, withTotal } from '../kernel/records';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import type { AdminUser, UserListInput } from './user-schema';

export function toAdminUser(config: Config, user: User): AdminUser {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    display_name: user.displayName,
    status: user.status,
    is_platform_admin: isPlatformAdmin(config, user),
    issuer: user.issuer,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** A page of every user by name; `search` matches the name or the e-mail. */
export async function listUsers(db: Database, config: Config, input: UserListInput, url: URL) {
  const filters: SQL[] = [];
  if (input.search) {
    const pattern = `%${escapeLike(input.search)}%`;
    filters.push(or(ilike(users.displayName, pattern), ilike(users.email, pattern))!);
  }
  if (input.status) filters.push(eq(users.status, input.status));
  const where = and(...filters);
  const [rows, total] = await withTotal(
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.displayName), asc(users.id))
      .limit(input.per_page)
      .offset(pageOffset(input)),
    db,
    users,
    where,
  );
  return paginate(
    rows.map((user) => toAdminUser(config, user)),
    total,
    input,
    url,
  );
}
