import { and, eq, ne, sql } from 'drizzle-orm';
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

/**
 * An organization always keeps an owner. Changes to its memberships take the
 * organization's row lock first, so two owners removing each other at once cannot both
 * succeed.
 */
async function assertAnotherOwner(
  db: Database,
  kind: OrganizationKind,
  organizationId: string,
  memberId: string,
) {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  const [others] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.role, 'owner'),
        ne(memberships.id, memberId),
        sql`${memberships.userId} is not null`,
      ),
    );
  if ((others?.count ?? 0) === 0)
    throw conflict(`The last owner of a ${kind} cannot be removed or demoted.`);
}

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
    const member = await findMember(tx, organizationId, memberId);
    if (member.role === 'owner' && role !== 'owner')
      await assertAnotherOwner(tx, kind, organizationId, member.id);
    await tx
      .update(memberships)
      .set({ role, updatedAt: sql`now()` })
      .where(and(eq(memberships.id, member.id), eq(memberships.organizationId, organizationId)));
  });
}

/** Removes a member or withdraws an invitation; the last owner stays (409). */
export async function removeMember(
  db: Database,
  kind: OrganizationKind,
  organizationId: string,
  memberId: string,
) {
  await db.transaction(async (tx) => {
    const member = await findMember(tx, organizationId, memberId);
    if (member.role === 'owner') await assertAnotherOwner(tx, kind, organizationId, member.id);
    await tx
      .delete(memberships)
      .where(and(eq(memberships.id, member.id), eq(memberships.organizationId, organizationId)));
  });
}
