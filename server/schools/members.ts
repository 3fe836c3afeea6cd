import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { schoolIdInput } from '../kernel/fields/params';
import { changeMemberRole, inviteMember, removeMember } from './member-lifecycle';
import { getMember, listMembers } from './member-queries';
import { memberIdInput, memberInput, memberRoleInput, memberSchema } from './member-schema';

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
    .query(async ({ ctx }) => ({ data: await listMembers(ctx.db, ctx.school.id) })),

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
      const id = await inviteMember(ctx.db, ctx.school.id, input);
      return { data: await getMember(ctx.db, ctx.school.id, id) };
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
    .input(memberIdInput.extend(memberRoleInput.shape))
    .output(z.object({ data: memberSchema }))
    .mutation(async ({ ctx, input }) => {
      await changeMemberRole(ctx.db, ctx.school.id, input.memberId, input.role);
      return { data: await getMember(ctx.db, ctx.school.id, input.memberId) };
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
      await removeMember(ctx.db, ctx.school.id, input.memberId);
      return { message: 'Member removed.' };
    }),
});
