import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { memberships, organizations, ROLES } from '@/db/schema';
import { organizationSchema, schoolProfileInput, toOrganization } from '../organizations/schema';
import { authedProcedure, router, schoolProcedure } from '../kernel/trpc/init';
import { schoolIdInput } from '../kernel/fields/params';

const schoolListItem = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  timezone: z.string(),
  currency: z.string(),
});

export const schoolsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools',
        tags: ['Schools'],
        summary: 'The schools the signed-in user is a member of',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: z.array(schoolListItem) }))
    .query(async ({ ctx }) => {
      const rows = await ctx.db
        .select({
          id: organizations.id,
          name: organizations.name,
          role: memberships.role,
          timezone: organizations.timezone,
          currency: organizations.currency,
        })
        .from(memberships)
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(
          and(
            eq(memberships.userId, ctx.caller.user.id),
            eq(organizations.type, 'school'),
            eq(organizations.status, 'active'),
          ),
        )
        .orderBy(asc(organizations.name), asc(organizations.id));
      return { data: rows };
    }),

  update: schoolProcedure('members.edit')
    .meta({
      openapi: {
        method: 'PUT',
        path: '/schools/{schoolId}',
        tags: ['Schools'],
        summary: "Update the school's profile (name, time zone, currency)",
      },
    })
    .input(schoolIdInput.extend(schoolProfileInput.shape))
    .output(z.object({ data: organizationSchema }))
    .mutation(async ({ ctx, input }) => {
      const { schoolId, ...changes } = input;
      const [row] = await ctx.db
        .update(organizations)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(organizations.id, schoolId))
        .returning();
      return { data: toOrganization(row!) };
    }),
});
