import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, users } from '@/db/schema';
import { notFound } from '../kernel/errors';
import { isUuid } from '../kernel/validation';
import type { Role } from '../kernel/auth/permissions';
import type { Member } from './member-schema';

/** A membership with its account's e-mail, or the invited e-mail while it is an invitation. */
const memberColumns = {
  id: memberships.id,
  email: sql<string>`coalesce(${users.email}, ${memberships.invitedEmail})`,
  role: memberships.role,
  userId: memberships.userId,
  displayName: users.displayName,
  createdAt: memberships.createdAt,
  updatedAt: memberships.updatedAt,
};

export type MemberRow = {
  id: string;
  email: string;
  role: Role;
  userId: string | null;
  displayName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    user_id: row.userId,
    display_name: row.displayName,
    status: row.userId ? 'active' : 'invited',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The organization's member of a path id, or 404. */
export async function findMember(
  db: Database,
  organizationId: string,
  memberId: string,
): Promise<MemberRow> {
  const [row] = isUuid(memberId)
    ? await db
        .select(memberColumns)
        .from(memberships)
        .leftJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.id, memberId), eq(memberships.organizationId, organizationId)))
    : [];
  if (!row) throw notFound('Member');
  return row;
}

export async function getMember(db: Database, organizationId: string, memberId: string) {
  return toMember(await findMember(db, organizationId, memberId));
}

/** Members and invitations by role, in the order of `roles` (owners first), then e-mail. */
export async function listMembers(
  db: Database,
  organizationId: string,
  roles: readonly Role[],
): Promise<Member[]> {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(
      sql`array_position(${sql.param(roles)}::text[], ${memberships.role})`,
      asc(sql`lower(coalesce(${users.email}, ${memberships.invitedEmail}))`),
    );
  return rows.map(toMember);
}
