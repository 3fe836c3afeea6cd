import { z } from 'zod';
import { organizationSchema } from '../organizations/schema';
import { adminProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { pathId } from '../kernel/fields/params';
import { createOrganization, updateOrganization } from './organization-lifecycle';
import { findOrganization, listOrganizations } from './organization-queries';
import {
  createOrganizationInput,
  organizationListInput,
  updateOrganizationInput,
} from './organization-schema';

const audit = { subject: 'organization', read: findOrganization };

export const adminOrganizationsRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/organizations',
        tags: ['Administration'],
        summary: 'All organizations, by name',
      },
    })
    .input(organizationListInput)
    .output(paginatedSchema(organizationSchema))
    .query(async ({ ctx, input }) => listOrganizations(ctx.db, input, ctx.url)),

  create: adminProcedure
    .meta({
      audit,
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/admin/organizations',
        tags: ['Administration'],
        summary: 'Create a school or stud',
        description:
          '`owner_email` names the first owner: a user known with that verified e-mail becomes the owner at once; otherwise an invitation binds at their first sign-in with that verified e-mail.',
      },
    })
    .input(createOrganizationInput)
    .output(z.object({ data: organizationSchema }))
    .mutation(async ({ ctx, input }) => ({
      data: await createOrganization(ctx.db, input, ctx.config.appTimezone),
    })),

  update: adminProcedure
    .meta({
      audit,
      openapi: {
        method: 'PUT',
        path: '/admin/organizations/{id}',
        tags: ['Administration'],
        summary: 'Update an organization (profile, verified, status)',
      },
    })
    .input(updateOrganizationInput.extend({ id: pathId }))
    .output(z.object({ data: organizationSchema }))
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return { data: await updateOrganization(ctx.db, id, changes, ctx.config.appUrl) };
    }),
});
