import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { users } from '@/db/schema';
import { isPlatformAdmin, type User } from '../kernel/auth/users';
import type { Config } from '../kernel/config';
import { notFound } from '../kernel/errors';
import { escapeLike, withTotal } from '../kernel/records';
import { isUuid } from '../kernel/validation';
import { paginate, pageOffset } from '../kernel/trpc/pagination';
import type { AdminUser, AdminUserDetail, UserListInput } from './user-schema';

export function toAdminUser(config: Config, user: User): AdminUser {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    display_name: user.displayName,
    status: user.status,
    is_platform_admin: isPlatformAdmin(config, user),
    verified: user.verified,
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

/** A user as the audit log records it (the stored flags, not the e-mail list's); null when unknown. */
export async function findUserRecord(db: Database, id: string | null) {
  if (!id || !isUuid(id)) return null;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      display_name: users.displayName,
      status: users.status,
      is_platform_admin: users.isPlatformAdmin,
      verified: users.verified,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

type Belongings = Pick<
  AdminUserDetail,
  'memberships' | 'seller_profiles' | 'portal_links' | 'counts'
>;

/**
 * One user with their memberships, portal links and counts: the user row, then one
 * statement for the rest, whatever their number.
 */
export async function getUserDetail(
  db: Database,
  config: Config,
  id: string,
): Promise<AdminUserDetail> {
  const [user] = isUuid(id) ? await db.select().from(users).where(eq(users.id, id)) : [];
  if (!user) throw notFound('User');
  const [belongings] = await queryRows<Belongings>(
    db,
    sql`select
          coalesce((select json_agg(json_build_object(
                     'organization', json_build_object('id', o.id, 'name', o.name, 'type', o.type,
                                                       'status', o.status, 'verified', o.verified),
                     'role', m.role) order by o.name, o.id)
                      from memberships m join organizations o on o.id = m.organization_id
                     where m.user_id = ${id}), '[]'::json) as memberships,
          coalesce((select json_agg(json_build_object('id', sp.id))
                      from seller_profiles sp where sp.user_id = ${id}), '[]'::json) as seller_profiles,
          coalesce((select json_agg(json_build_object(
                     'id', l.id, 'student_id', l.student_id,
                     'school', json_build_object('id', o.id, 'name', o.name),
                     'relationship', l.relationship, 'status', l.status) order by l.created_at, l.id)
                      from portal_links l join organizations o on o.id = l.school_id
                     where l.user_id = ${id}), '[]'::json) as portal_links,
          json_build_object(
            'memberships', (select count(*)::int from memberships where user_id = ${id}),
            'portal_links', (select count(*)::int from portal_links where user_id = ${id}),
            'notifications', (select count(*)::int from notifications where user_id = ${id}),
            'unread_notifications',
              (select count(*)::int from notifications where user_id = ${id} and read_at is null),
            'access_code_redemptions',
              (select count(*)::int from access_code_redemptions where user_id = ${id})
          ) as counts`,
  );
  return { ...toAdminUser(config, user), ...belongings! };
}
