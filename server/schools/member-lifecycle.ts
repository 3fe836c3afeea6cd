import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, organizations, users } from '@/db/schema';
import { conflict, invalidField, registerUniqueField } from '../kernel/errors';
import { findMember } from './member-queries';
import type { MemberInput, Role } from './member-schema';

const ALREADY_MEMBER = 'The email is already a member of this school.';
registerUniqueField('memberships_organization_user_key', 'email', ALREADY_MEMBER);
registerUniqueField('memberships_organization_invited_email_key', 'email', ALREADY_MEMBER);

/**
 * A school always keeps an owner. Changes to its memberships take the school's row lock
 * first, so two owners removing each other at once cannot both succeed.
 */
async function assertAnotherOwner(db: Database, schoolId: string, memberId: string) {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, schoolId))
    .for('update');
  const [others] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, schoolId),
        eq(memberships.role, 'owner'),
        ne(memberships.id, memberId),
        sql`${memberships.userId} is not null`,
      ),
    );
  if ((others?.count ?? 0) === 0)
    throw conflict('The last owner of a school cannot be removed or demoted.');
}

/** Invites an e-mail with a role; answers the new membership's id. */
export async function inviteMember(
  db: Database,
  schoolId: string,
  input: MemberInput,
): Promise<string> {
  return db.transaction(async (tx) => {
    // Members are the school's own people: naming one reveals nothing new.
    const [member] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.organizationId, schoolId),
          sql`lower(${users.email}) = lower(${input.email})`,
        ),
      )
      .limit(1);
    if (member) throw invalidField('email', ALREADY_MEMBER);
    // Always an invitation, even for a known account: answering with its user id, name
    // or status would tell any school owner who has an account here (issue 13).
    const [created] = await tx
      .insert(memberships)
      .values({
        organizationId: schoolId,
        role: input.role,
        invitedEmail: input.email.toLowerCase(),
      })
      .returning({ id: memberships.id });
    return created!.id;
  });
}

/** Changes a member's role; the last owner is not demoted (409). */
export async function changeMemberRole(
  db: Database,
  schoolId: string,
  memberId: string,
  role: Role,
): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await findMember(tx, schoolId, memberId);
    if (member.role === 'owner' && role !== 'owner')
      await assertAnotherOwner(tx, schoolId, member.id);
    await tx
      .update(memberships)
      .set({ role, updatedAt: sql`now()` })
      .where(and(eq(memberships.id, member.id), eq(memberships.organizationId, schoolId)));
  });
}

/** Removes a member or withdraws an invitation; the last owner stays (409). */
export async function removeMember(db: Database, schoolId: string, memberId: string) {
  await db.transaction(async (tx) => {
    const member = await findMember(tx, schoolId, memberId);
    if (member.role === 'owner') await assertAnotherOwner(tx, schoolId, member.id);
    await tx
      .delete(memberships)
      .where(and(eq(memberships.id, member.id), eq(memberships.organizationId, schoolId)));
  });
}
