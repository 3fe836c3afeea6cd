import { adminProcedure, router } from '../kernel/trpc/init';
import { paginatedSchema } from '../kernel/trpc/pagination';
import { adminDashboard } from './dashboard-queries';
import { adminDashboardSchema } from './dashboard-schema';
import { listAdminActions } from './audit-queries';
import { adminActionSchema, auditLogFilters } from './audit-schema';
import { z } from 'zod';

const tags = ['Administration'];

/** The admin console's overview: its figures and the log of every admin write (E.1). */
export const adminOverviewRouter = router({
  dashboard: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/dashboard',
        tags,
        summary: 'Platform figures, queues and mail',
        description: '"This month" is the calendar month in APP_TIMEZONE.',
      },
    })
    .input(z.object({}))
    .output(z.object({ data: adminDashboardSchema }))
    .query(async ({ ctx }) => ({ data: await adminDashboard(ctx.db, ctx.config.appTimezone) })),

  auditLog: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/audit-log',
        tags,
        summary: 'Every admin write, newest first: who, what, before and after',
        description: 'Filter by `subject_type` and `subject_id`, `actor_id` or `action`.',
      },
    })
    .input(auditLogFilters)
    .output(paginatedSchema(adminActionSchema))
    .query(({ ctx, input }) => listAdminActions(ctx.db, input, ctx.url)),
});
