import { z } from 'zod';
import { tenantPrefix, type Permission, type TenantKind } from '../kernel/auth/permissions';
import { organizationIdInput, pathId } from '../kernel/fields/params';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { changeMemberRole, inviteMember, removeMember } from './member-lifecycle';
import { getMember, listMembers } from './member-queries';
import { memberSchemasFor, type Role } from './member-schema';

/**
 * The members routes of one tenant kind (`/schools/{schoolId}/members`,
 * `/studs/{studId}/members`): one implementation for every kind, with the kind's roles.
 */
export function membersRouterFor<
  const R extends readonly [Role, ...Role[]],
  const P extends string,
>(tenant: TenantKind & { roles: R; param: P }, tag: string) {
  const { kind } = tenant;
  const path = `${tenantPrefix(tenant)}/members` as const;
  const schemas = memberSchemasFor(tenant.roles);
  const organizationInput = organizationIdInput(tenant.param);
  const memberIdInput = organizationInput.extend({ memberId: pathId });
  const member = z.object({ data: schemas.member });
  // The generic `param` leaves the inputs' types opaque in here (they are exact for the
  // callers); the handlers name what they read.
  type Invitation = { email: string; role: R[number] };
  type RoleChange = { memberId: string; role: R[number] };
  const procedure = (permission: string) => organizationProcedure(kind, permission as Permission);

  return router({
    list: procedure('members.view')
      .meta({
        openapi: {
          method: 'GET',
          path,
          tags: [tag],
          summary: `The ${kind}'s members and invitations`,
        },
      })
      .input(organizationInput)
      .output(z.object({ data: z.array(schemas.member) }))
      .query(async ({ ctx }) => ({
        data: (await listMembers(ctx.db, ctx.organization.id, tenant.roles)) as z.infer<
          typeof schemas.member
        >[],
      })),

    create: procedure('members.create')
      .meta({
        successStatus: 201,
        openapi: {
          method: 'POST',
          path,
          tags: [tag],
          summary: 'Invite a person by e-mail with a role',
          description: `The answer is the same whether or not the e-mail belongs to an account (an invitation, \`user_id\` and \`display_name\` null), so it tells nothing about people outside the ${kind}. The invitation binds at the invitee's next request with that verified e-mail; an e-mail that is already a member of the ${kind} is a 422.`,
        },
      })
      .input(organizationInput.extend(schemas.input.shape))
      .output(member)
      .mutation(async ({ ctx, input }) => {
        const id = await inviteMember(
          ctx.db,
          kind,
          ctx.organization,
          input as Invitation,
          ctx.config.appUrl,
        );
        return { data: (await getMember(ctx.db, ctx.organization.id, id)) as never };
      }),

    update: procedure('members.edit')
      .meta({
        openapi: {
          method: 'PUT',
          path: `${path}/{memberId}`,
          tags: [tag],
          summary: "Change a member's role",
          description: `The last owner of the ${kind} keeps the role: demoting them is a 409.`,
        },
      })
      .input(memberIdInput.extend(schemas.roleInput.shape))
      .output(member)
      .mutation(async ({ ctx, input }) => {
        const { memberId, role } = input as RoleChange;
        await changeMemberRole(ctx.db, kind, ctx.organization.id, memberId, role);
        return { data: (await getMember(ctx.db, ctx.organization.id, memberId)) as never };
      }),

    remove: procedure('members.delete')
      .meta({
        openapi: {
          method: 'DELETE',
          path: `${path}/{memberId}`,
          tags: [tag],
          summary: 'Remove a member or withdraw an invitation',
          description: `The last owner of the ${kind} stays, and nobody removes themselves here: both are a 409.`,
        },
      })
      .input(memberIdInput)
      .output(z.object({ message: z.string() }))
      .mutation(async ({ ctx, input }) => {
        const { memberId } = input as RoleChange;
        await removeMember(ctx.db, kind, ctx.organization.id, memberId, ctx.caller.user.id);
        return { message: 'Member removed.' };
      }),
  });
}
