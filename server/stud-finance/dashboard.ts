import { z } from 'zod';
import { organizationProcedure, router } from '../kernel/trpc/init';
import { studIdInput } from '../studs/tenant';
import { studDashboard } from './dashboard-queries';
import { studDashboardSchema } from './report-schema';

/** The stud's figures for today (DESIGN-MODULES B.10). */
export const dashboardRouter = router({
  get: organizationProcedure('stud', 'reports.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/studs/{studId}/dashboard',
        tags: ['Stud reports'],
        summary: "The stud's figures for today and this month",
        description: [
          "Today, this month and this season (the current year) are the stud's, in its time zone.",
          '`stats.horses`: active horses by role (geldings count in `total` only). `stats.reservations`: this season’s open reservations by state.',
          '`today.tasks_due`: open tasks due today or before; `checks_due`: those of them that are suggested pregnancy checks; `foalings_next_30_days`: open pregnancies due from today to 30 days ahead.',
          '`finances`: income entries dated this month; open (pending or partially paid) receivables and what is outstanding on them.',
        ].join('\n\n'),
      },
    })
    .input(studIdInput)
    .output(z.object({ data: studDashboardSchema }))
    .query(async ({ ctx }) => ({ data: await studDashboard(ctx.db, ctx.organization) })),
});
