import { and, eq, exists, isNotNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { memberships, organizations, users } from '@/db/schema';
import { conflict, invalidField, registerUniqueField } from '../kernel/errors';
import { queueEmail } from '../mail/outbox';
import { renderEmail } from '../mail/render';
import { wakeOutboxWorker } from '../mail/worker';
import { findMember } from './member-queries';
import type { OrganizationKind, Role } from '../kernel/auth/permissions';
import type { MemberInput } from './member-schema';

const alreadyMember = (kind: OrganizationKind) => `The email is already a member of this ${kind}.`;
// Two invitations of one e-mail at the same moment: the index refuses the second.
const ALREADY_MEMBER = 'The email is already a member of this organization.';
registerUniqueField('memberships_organization_user_key', 'email', ALREADY_MEMBER);
registerUniqueField('memberships_organization_invited_email_key', 'email', ALREADY_MEMBER);

const lastOwner = (kind: OrganizationKind) =>
  `The last owner of a ${kind} cannot be removed or demoted.`;

/**
 * Changes to an organization's memberships take its row lock first: the read of the member,
 * the owner check and the write then see one state, so two owners removing or demoting each
 * other at once cannot both succeed (a check alone would pass in both transactions).
 */
async function lockOrganization(db: Database, organizationId: string) {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

/** The organization's signed-in owners other than `memberId`; invitations do not count. */
function otherOwners(db: Database, organizationId: string, memberId: string) {
  const other = alias(memberships, 'other_owner');
  return db
    .select({ id: other.id })
    .from(other)
    .where(
      and(
        eq(other.organizationId, organizationId),
        eq(other.role, 'owner'),
        ne(other.id, memberId),
        isNotNull(other.userId),
      ),
    );
}

/** The write's own guard: the membership is not an owner, or another owner remains. */
const keepsAnOwner = (db: Database, organizationId: string, memberId: string) =>
  or(ne(memberships.role, 'owner'), exists(otherOwners(db, organizationId, memberId)));

/** Invites an e-mail with a role; answers the new membership's id. */
export async function inviteMember(
  db: Database,
  kind: OrganizationKind,
  organization: { id: string; name: string },
  input: MemberInput,
  appUrl: string,
): Promise<string> {
  const organizationId = organization.id;
  // The invitation e-mail (DESIGN-MODULES 0.5), outside the preferences: the invitee may
  // have no account yet.
  const email = await renderEmail('invitation', {
    organizationName: organization.name,
    organizationKind: kind,
    role: input.role,
    invitedEmail: input.email.toLowerCase(),
    signInUrl: `${appUrl}/signin`,
  });
  const id = await db.transaction(async (tx) => {
    // Members are the organization's own people: naming one reveals nothing new.
    const [member] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .leftJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.organizationId, organizationId),
          sql`lower(coalesce(${users.email}, ${memberships.invitedEmail})) = lower(${input.email})`,
        ),
      )
      .limit(1);
    if (member) throw invalidField('email', alreadyMember(kind));
    // Always an invitation, even for a known account: answering with its user id, name
    // or status would tell any owner who has an account here (issue 13).
    const [created] = await tx
      .insert(memberships)
      .values({
        organizationId: organizationId,
        role: input.role,
        invitedEmail: input.email.toLowerCase(),
      })
      .returning({ id: memberships.id });
    await queueEmail(tx, email, { to: input.email.toLowerCase() });
    return created!.id;
  });
  wakeOutboxWorker();
  return id;
}

/** Changes a member's role; the last owner is not demoted (409). */
export async function changeMemberRole(
  db: Database,
  kind: OrganizationKind,
  organizationId: string,
  memberId: string,
  role: Role,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const member = await findMember(tx, organizationId, memberId);
    const changed = await tx
      .update(memberships)
      .set({ role, updatedAt: sql`now()` })
      .where(
        and(
          eq(memberships.id, member.id),
          eq(memberships.organizationId, organizationId),
          role === 'owner' ? undefined : keepsAnOwner(tx, organizationId, member.id),
        ),
      )
      .returning({ id: memberships.id });
    if (changed.length === 0) throw conflict(lastOwner(kind));
  });
}

/**
 * Removes a member or withdraws an invitation. The last owner stays (409), and nobody removes
 * themselves through this route (409; docs/decisions.md, "Members: owners and leaving").
 */
export async function removeMember(
  db: Database,
  kind: OrganizationKind,
  organizationId: string,
  memberId: string,
  callerId: string,
) {
  await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const member = await findMember(tx, organizationId, memberId);
    if (member.userId === callerId) {
      const [another] =
        member.role === 'owner' ? await otherOwners(tx, organizationId, member.id).limit(1) : [];
      throw conflict(
        member.role === 'owner' && !another
          ? `You are the last owner of this ${kind}: you cannot remove yourself.`
          : `You cannot remove yourself from this ${kind}: another owner can remove you.`,
      );
    }
    const removed = await tx
      .delete(memberships)
      .where(
        and(
          eq(memberships.id, member.id),
          eq(memberships.organizationId, organizationId),
          keepsAnOwner(tx, organizationId, member.id),
        ),
      )
      .returning({ id: memberships.id });
    if (removed.length === 0) throw conflict(lastOwner(kind));
  });
}
