import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { memberships, organizations, users } from '@/db/schema';
import type { Config } from '../config';
import type { TokenClaims } from './tokens';

export type User = typeof users.$inferSelect;

export type Identity = {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** The name the provider sent (`name`, else `preferred_username`); null when it sent none. */
  displayName: string | null;
};

export function identityFromClaims(claims: TokenClaims): Identity {
  const email = typeof claims.email === 'string' && claims.email ? claims.email.trim() : null;
  const name =
    (typeof claims.name === 'string' && claims.name.trim()) ||
    (typeof claims.preferred_username === 'string' && claims.preferred_username.trim()) ||
    null;
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email,
    emailVerified: claims.email_verified === true,
    displayName: name,
  };
}

/**
 * The user of an identity, created on first sight and updated when the provider's e-mail or
 * name changes; a sign-in without a name keeps the one the user has (a new user is named by
 * their e-mail). Invitations to that e-mail are bound only when the provider vouches for it,
 * on the first request after the invitation: the same query that reads the user says whether
 * one is waiting (an index probe on `memberships_invited_email_idx`).
 */
export async function resolveUser(db: Database, identity: Identity): Promise<User> {
  return (await resolveUserWithAccess(db, identity)).user;
}

/**
 * An organization as the caller's membership sees it, read in the caller's own statement
 * (issue 27: one statement for the user and the membership instead of two): the row the
 * school guard (`schoolProcedure`) would read, `role` null when the user is not a member,
 * `row` null when no organization has that id.
 */
export type OrganizationAccess = {
  id: string;
  row: {
    id: string;
    name: string;
    timezone: string;
    currency: string;
    status: string;
    type: string;
    role: (typeof memberships.$inferSelect)['role'] | null;
  } | null;
};

/** The organization `organizationId` with the role of the user of the outer query's `"users"` row. */
export function organizationAccessSql(organizationId: string) {
  return sql<OrganizationAccess['row']>`(
    select json_build_object('id', o.id, 'name', o.name, 'timezone', o.timezone,
      'currency', o.currency, 'status', o.status, 'type', o.type, 'role', m.role)
    from ${organizations} o
    left join ${memberships} m on m.organization_id = o.id and m.user_id = "users"."id"
    where o.id = ${organizationId})`;
}

/**
 * Whether an invitation waits for the e-mail of the outer query's `"users"` row, in an
 * organization the user is not yet a member of (an index probe on
 * `memberships_invited_email_idx`). Qualified by hand: Drizzle writes a one-table select's
 * columns unqualified, and inside the subquery "id" would be the membership's.
 */
function invitationWaitingSql() {
  return sql<boolean>`exists (
    select 1 from ${memberships} m
    where m.user_id is null and lower(m.invited_email) = lower("users"."email")
      and not exists (
        select 1 from ${memberships} held
        where held.organization_id = m.organization_id and held.user_id = "users"."id"))`;
}

/**
 * The user of a web session (the id its cookie holds), and with `organizationId` that
 * organization with the user's role, in one statement. An invitation sent after the session
 * was opened is bound here as on a token's first request after it, so the invited school
 * shows without signing in again; `access` is then left out and the guard reads it anew.
 */
export async function resolveSessionUser(
  db: Database,
  userId: string,
  organizationId?: string,
): Promise<{ user?: User; access?: OrganizationAccess }> {
  const [found] = await db
    .select({
      ...(organizationId !== undefined && { organization: organizationAccessSql(organizationId) }),
      user: users,
      invited: invitationWaitingSql(),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!found) return {};
  const { user } = found;
  if (found.invited && user.emailVerified && user.email) {
    await bindInvitations(db, user);
    return { user };
  }
  return {
    user,
    ...(organizationId !== undefined && {
      access: { id: organizationId, row: found.organization ?? null },
    }),
  };
}

/**
 * `resolveUser`, and with `organizationId` (a UUID) that organization with the user's role in
 * the same statement. `access` is left out when the user was created or changed, or had an
 * invitation bound, by this call: the guard then reads the membership itself.
 */
export async function resolveUserWithAccess(
  db: Database,
  identity: Identity,
  organizationId?: string,
): Promise<{ user: User; access?: OrganizationAccess }> {
  const [found] = await db
    .select({
      ...(organizationId !== undefined && { organization: organizationAccessSql(organizationId) }),
      user: users,
      invited: invitationWaitingSql(),
    })
    .from(users)
    .where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)));
  const known = found?.user;
  // The token's name names the user until they edit it (DESIGN-MODULES D, rule 3).
  const displayName = known?.displayNameEdited
    ? known.displayName
    : (identity.displayName ?? known?.displayName ?? identity.email ?? identity.subject);
  if (
    known &&
    known.email === identity.email &&
    known.emailVerified === identity.emailVerified &&
    known.displayName === displayName
  ) {
    if (found.invited && known.emailVerified && known.email) {
      await bindInvitations(db, known);
      return { user: known };
    }
    return {
      user: known,
      ...(organizationId !== undefined && {
        access: { id: organizationId, row: found.organization ?? null },
      }),
    };
  }
  const user = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        issuer: identity.issuer,
        subject: identity.subject,
        email: identity.email,
        emailVerified: identity.emailVerified,
        displayName,
      })
      .onConflictDoUpdate({
        target: [users.issuer, users.subject],
        set: {
          email: identity.email,
          emailVerified: identity.emailVerified,
          // A concurrent first request may have named the user: without a name, keep theirs.
          ...(identity.displayName !== null
            ? {
                displayName: sql`case when ${users.displayNameEdited} then ${users.displayName} else ${identity.displayName} end`,
              }
            : {}),
          updatedAt: sql`now()`,
        },
      })
      .returning();
    if (user!.emailVerified && user!.email) await bindInvitations(tx, user!);
    return user!;
  });
  return { user };
}

/** Turns pending invitations to the user's verified e-mail into memberships of the user. */
export async function bindInvitations(db: Database, user: User): Promise<void> {
  await db
    .update(memberships)
    .set({ userId: user.id, invitedEmail: null, updatedAt: sql`now()` })
    .where(
      and(
        isNull(memberships.userId),
        sql`lower(${memberships.invitedEmail}) = lower(${user.email})`,
        sql`not exists (select 1 from ${memberships} m where m.organization_id = ${memberships.organizationId} and m.user_id = ${user.id})`,
      ),
    );
}

export function isPlatformAdmin(config: Config, user: User): boolean {
  if (user.isPlatformAdmin) return true;
  return (
    user.emailVerified &&
    user.email !== null &&
    config.platformAdminEmails.has(user.email.toLowerCase())
  );
}

/** The users who administer the platform: flagged, or named by verified e-mail in the config. */
export async function platformAdminIds(db: Database, config: Config): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from users
         where status = 'active'
           and (is_platform_admin
                or (email_verified and lower(email) = any(${sql.param([...config.platformAdminEmails])}::text[])))`,
  );
  return rows.map((row) => row.id);
}
