import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '@/db/client';
import { adminProcedure, router } from '../kernel/trpc/init';

const count = z.number().int();

export const testDashboardSchema = z.object({
  users: z.object({ total: count, active: count, new_this_month: count }),
  publications: z.object({ total: count, active: count, pending: count }),
  organizations: z.object({ total: count, verified: count }),
});

type Counts = {
  users_total: number;
  users_active: number;
  users_new: number;
  publications_total: number;
  publications_active: number;
  publications_pending: number;
  organizations_total: number;
  organizations_verified: number;
};

export const testDashboardRouter = router({
  get: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/test/dashboard',
        tags: ['General'],
        summary: 'Platform counts for a quick check (platform administrators)',
        description: '"This month" is the calendar month in APP_TIMEZONE.',
      },
    })
    .input(z.object({}))
    .output(testDashboardSchema)
    .query(async ({ ctx }) => {
      const tz = ctx.config.appTimezone;
      const [row] = await queryRows<Counts>(
        ctx.db,
        sql`
          with month as (select date_trunc('month', now() at time zone ${tz}) at time zone ${tz} as start)
          select
            u.total as users_total, u.active as users_active, u.new as users_new,
            p.total as publications_total, p.active as publications_active, p.pending as publications_pending,
            o.total as organizations_total, o.verified as organizations_verified
          from
            (select count(*)::int as total,
                    (count(*) filter (where status = 'active'))::int as active,
                    (count(*) filter (where created_at >= (select start from month)))::int as new
               from users) u,
            (select count(*)::int as total,
                    (count(*) filter (where status = 'active'))::int as active,
                    (count(*) filter (where status = 'pending'))::int as pending
               from publications) p,
            (select count(*)::int as total, (count(*) filter (where verified))::int as verified
               from organizations) o`,
      );
      const c = row!;
      return {
        users: { total: c.users_total, active: c.users_active, new_this_month: c.users_new },
        publications: {
          total: c.publications_total,
          active: c.publications_active,
          pending: c.publications_pending,
        },
        organizations: { total: c.organizations_total, verified: c.organizations_verified },
      };
    }),
});
