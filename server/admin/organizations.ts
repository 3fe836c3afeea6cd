import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  memberships,
  ORGANIZATION_STATUSES,
  ORGANIZATION_TYPES,
  organizations,
  users,
} from '@/db/schema';
import { notFound } from '../kernel/errors';
import { DEFAULT_CURRENCY, organizationSchema, toOrganization } from '../organizations/schema';
import { createOrganizationInput, updateOrganizationInput } from './organization-schema';
import { adminProcedure, router } from '../kernel/trpc/init';
import { paginate, paginatedSchema, paginationInput, pageOffset } from '../kernel/trpc/pagination';
import { isUuid } from '../kernel/validation';
import { pathId } from '../kernel/fields/params';

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
    .input(
      paginationInput(20).extend({
        search: z.string().trim().max(255).optional(),
        type: z.enum(ORGANIZATION_TYPES).optional(),
        status: z.enum(ORGANIZATION_STATUSES).optional(),
      }),
    )
    .output(paginatedSchema(organizationSchema))
    .query(async ({ ctx, input }) => {
      const filters: SQL[] = [];
      if (input.search)
        filters.push(ilike(organizations.name, `%${input.search.replace(/[\\%_]/g, '\\$&')}%`));
      if (input.type) filters.push(eq(organizations.type, input.type));
      if (input.status) filters.push(eq(organizations.status, input.status));
      const where = and(...filters);
      const [rows, [counted]] = await Promise.all([
        ctx.db
          .select()
          .from(organizations)
          .where(where)
          .orderBy(asc(organizations.name), asc(organizations.id))
          .limit(input.per_page)
          .offset(pageOffset(input)),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(organizations)
          .where(where),
      ]);
      return paginate(rows.map(toOrganization), counted?.total ?? 0, input, ctx.url);
    }),

  create: adminProcedure
    .meta({
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
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(organizations)
          .values({
            name: input.name,
            type: input.type,
            timezone: input.timezone ?? ctx.config.appTimezone,
            currency: input.currency ?? DEFAULT_CURRENCY,
          })
          .returning();
        if (input.owner_email) {
          // As an invitation would bind (server/kernel/auth/users.ts): only to a verified e-mail; of
          // two accounts with that address, the older.
          const [known] = await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                sql`lower(${users.email}) = lower(${input.owner_email})`,
                eq(users.emailVerified, true),
              ),
            )
            .orderBy(asc(users.createdAt), asc(users.id))
            .limit(1);
          await tx.insert(memberships).values({
            organizationId: created!.id,
            role: 'owner',
            ...(known ? { userId: known.id } : { invitedEmail: input.owner_email.toLowerCase() }),
          });
        }
        return created!;
      });
      return { data: toOrganization(row) };
    }),

  update: adminProcedure
    .meta({
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
      const [row] = isUuid(id)
        ? await ctx.db
            .update(organizations)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(eq(organizations.id, id))
            .returning()
        : [];
      if (!row) throw notFound('Organization');
      return { data: toOrganization(row) };
    }),
});
