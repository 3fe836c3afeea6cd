import { z } from 'zod';
import { adminProcedure, router } from '../kernel/trpc/init';
import { platformCounts } from './test-dashboard-queries';
import { testDashboardSchema } from './test-dashboard-schema';

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
    .query(async ({ ctx }) => platformCounts(ctx.db, ctx.config.appTimezone)),
});
