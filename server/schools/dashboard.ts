import { z } from 'zod';
import { router, schoolProcedure } from '../kernel/trpc/init';
import { schoolIdInput } from '../kernel/fields/params';
import { dashboardFigures } from './dashboard-queries';
import { dashboardSchema } from './dashboard-schema';

export const dashboardRouter = router({
  show: schoolProcedure('reports.view')
    .meta({
      openapi: {
        method: 'GET',
        path: '/schools/{schoolId}/dashboard',
        tags: ['Dashboard'],
        summary: "The school's figures for today and this month",
        description: "Today and this month are in the school's time zone.",
      },
    })
    .input(schoolIdInput)
    .output(z.object({ data: dashboardSchema }))
    .query(async ({ ctx }) => ({ data: await dashboardFigures(ctx.db, ctx.school) })),
});
