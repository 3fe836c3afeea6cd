import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { memberships, organizations, ROLES, users } from '@/db/schema';
import { conflict, invalidField, notFound, registerUniqueField } from '../kernel/errors';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { isUuid } from '../kernel/validation';
import { pathId, schoolIdInput } from '../kernel/fields/params';

const ALREADY_MEMBER = 'The email is already a member of this school.';
registerUniqueField('memberships_organization_user_key', 'email', ALREADY_MEMBER);
registerUniqueField('memberships_organization_invited_email_key', 'email', ALREADY_MEMBER);

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  user_id: z.string().nullable(),
  display_name: z.string().nullable(),
  status: z.enum(['active', 'invited']),
  created_at: z.string(),
  updated_at: z.string(),
});

export const memberInput = z.object({
  email: z.email().max(255),
  role: z.enum(ROLES),
});

const memberIdInput = schoolIdInput.extend({ memberId: pathId });

const memberColumns = {
  id: memberships.id,
  email: sql<string>`coalesce(${users.email}, ${memberships.invitedEmail})`,
  role: memberships.role,
  userId: memberships.userId,
  displayName: users.displayName,
  createdAt: memberships.createdAt,
  updatedAt: memberships.updatedAt,
};

type MemberRow = {
  id: string;
  email: string;
  role: (typeof ROLES)[number];
  userId: string | null;
  displayName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function toMember(row: MemberRow): z.infer<typeof memberSchema> {
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

async function findMember(db: Database, schoolId: string, memberId: string): Promise<MemberRow> {
  const [row] = isUuid(memberId)
    ? await db
        .select(memberColumns)
        .from(memberships)
        .leftJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.id, memberId), eq(memberships.organizationId, schoolId)))
    : [];
  if (!row) throw notFound('Member');
  return row;
}

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

export const membersRouter = router({
  list: schoolProcedure('members.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/members',
        tags: ['Members'],
        summary: "The school's members and invitations",
      },
    })
    .input(schoolIdInput)
    .output(z.object({ data: z.array(memberSchema) }))
    .query(async ({ ctx }) => {
      const rows = await ctx.db
        .select(memberColumns)
        .from(memberships)
        .leftJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.organizationId, ctx.school.id))
        .orderBy(
          sql`array_position(array['owner','manager','instructor','viewer']::text[], ${memberships.role})`,
          asc(sql`lower(coalesce(${users.email}, ${memberships.invitedEmail}))`),
        );
      return { data: rows.map(toMember) };
    }),

  create: schoolProcedure('members.create')
    .meta({
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/schools/{schoolId}/members',
        tags: ['Members'],
        summary: 'Invite a person by e-mail with a role',
        description:
          "The answer is the same whether or not the e-mail belongs to an account (an invitation, `user_id` and `display_name` null), so it tells nothing about people outside the school. The invitation binds at the invitee's next request with that verified e-mail; an e-mail that is already a member of the school is a 422.",
      },
    })
    .input(schoolIdInput.extend(memberInput.shape))
    .output(z.object({ data: memberSchema }))
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.transaction(async (tx) => {
        // Members are the school's own people: naming one reveals nothing new.
        const [member] = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(
            and(
              eq(memberships.organizationId, ctx.school.id),
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
            organizationId: ctx.school.id,
            role: input.role,
            invitedEmail: input.email.toLowerCase(),
          })
          .returning({ id: memberships.id });
        return created!.id;
      });
      return { data: toMember(await findMember(ctx.db, ctx.school.id, id)) };
    }),

  update: schoolProcedure('members.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}/members/{memberId}',
        tags: ['Members'],
        summary: "Change a member's role",
      },
    })
    .input(memberIdInput.extend({ role: z.enum(ROLES) }))
    .output(z.object({ data: memberSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction(async (tx) => {
        const member = await findMember(tx, ctx.school.id, input.memberId);
        if (member.role === 'owner' && input.role !== 'owner')
          await assertAnotherOwner(tx, ctx.school.id, member.id);
        await tx
          .update(memberships)
          .set({ role: input.role, updatedAt: sql`now()` })
          .where(and(eq(memberships.id, member.id), eq(memberships.organizationId, ctx.school.id)));
      });
      return { data: toMember(await findMember(ctx.db, ctx.school.id, input.memberId)) };
    }),

  remove: schoolProcedure('members.delete')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/schools/{schoolId}/members/{memberId}',
        tags: ['Members'],
        summary: 'Remove a member or withdraw an invitation',
      },
    })
    .input(memberIdInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction(async (tx) => {
        const member = await findMember(tx, ctx.school.id, input.memberId);
        if (member.role === 'owner') await assertAnotherOwner(tx, ctx.school.id, member.id);
        await tx
          .delete(memberships)
          .where(and(eq(memberships.id, member.id), eq(memberships.organizationId, ctx.school.id)));
      });
      return { message: 'Member removed.' };
    }),
});
