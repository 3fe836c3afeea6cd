import { z } from 'zod';

/** GET /admin/dashboard (DESIGN-MODULES E.1). Client-safe (zod only). */

const count = z.number().int();

export const adminDashboardSchema = z.object({
  users: z.object({ total: count, active: count, new_this_month: count }),
  organizations: z.object({
    total: count,
    verified: count,
    schools: count,
    studs: count,
    pending_verification: count,
  }),
  publications: z.object({ total: count, active: count, pending: count }),
  marketplace: z.object({
    orders_this_month: count,
    gmv_this_month: z.number(),
    commission_this_month: z.number(),
    open_disputes: count,
  }),
  queues: z.object({
    pending_publications: count,
    pending_corrections: count,
    pending_verifications: count,
  }),
  mail: z.object({ queued: count, failed: count }),
});

export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
