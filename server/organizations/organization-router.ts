import { z } from 'zod';
import { tenantPrefix, type Permission, type TenantKind } from '../kernel/auth/permissions';
import { organizationIdInput } from '../kernel/fields/params';
import { authedProcedure, organizationProcedure, router } from '../kernel/trpc/init';
import { updateOrganizationProfile } from './organization-lifecycle';
import { getOrganization, listOrganizationsOf } from './organization-queries';
import { organizationListItem } from './organization-schema';
import {
  organizationProfileInput,
  organizationProfileSchema,
  schoolProfileInput,
  type OrganizationProfile,
} from './schema';

/**
 * The routes of a tenant kind's organizations themselves: `GET /schools` (the caller's
 * schools), `GET` and `PUT /schools/{schoolId}` (the profile); the same for studs.
 */
export function organizationRouterFor<const P extends string>(
  tenant: TenantKind & { param: P },
  tag: string,
) {
  const { kind } = tenant;
  const prefix = tenantPrefix(tenant);
  const organizationInput = organizationIdInput(tenant.param);
  const procedure = (permission: string) => organizationProcedure(kind, permission as Permission);
  const answer = z.object({ data: organizationProfileSchema });
  // A stud's input has no `waitlist_open` at run time (nor in its OpenAPI document); the
  // one static type keeps the generic router's callers simple.
  const profileInput = (
    kind === 'school' ? schoolProfileInput : organizationProfileInput
  ) as typeof schoolProfileInput;

  return router({
    list: authedProcedure
      .meta({
        openapi: {
          method: 'GET',
          path: `/${tenant.collection}` as const,
          tags: [tag],
          summary: `The ${tenant.collection} the signed-in user is a member of`,
        },
      })
      .input(z.object({}))
      .output(z.object({ data: z.array(organizationListItem) }))
      .query(async ({ ctx }) => ({
        data: await listOrganizationsOf(ctx.db, kind, ctx.caller.user.id),
      })),

    get: procedure('profile.view')
      .meta({
        openapi: {
          method: 'GET',
          path: prefix,
          tags: [tag],
          summary: `The ${kind}'s profile (name, time zone, currency)`,
        },
      })
      .input(organizationInput)
      .output(answer)
      .query(async ({ ctx }) => ({ data: await getOrganization(ctx.db, ctx.organization.id) })),

    update: procedure('profile.edit')
      .meta({
        openapi: {
          method: 'PUT',
          path: prefix,
          tags: [tag],
          summary: `Update the ${kind}'s profile (name, time zone, currency)`,
          ...(kind === 'school'
            ? { description: '`waitlist_open` opens or closes the public waiting list.' }
            : {}),
        },
      })
      .input(organizationInput.extend(profileInput.shape))
      .output(answer)
      .mutation(async ({ ctx, input }) => {
        // The generic `param` leaves the input's type opaque in here; it is exact for callers.
        const { name, timezone, currency, waitlist_open } = input as OrganizationProfile;
        return {
          data: await updateOrganizationProfile(ctx.db, ctx.organization.id, {
            name,
            timezone,
            currency,
            waitlist_open,
          }),
        };
      }),
  });
}
