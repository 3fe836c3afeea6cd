import { z } from 'zod';

/** GET /test/dashboard: platform counts for a quick check. Client-safe (zod only). */

const count = z.number().int();

export const testDashboardSchema = z.object({
  users: z.object({ total: count, active: count, new_this_month: count }),
  publications: z.object({ total: count, active: count, pending: count }),
  organizations: z.object({ total: count, verified: count }),
});

export type TestDashboard = z.infer<typeof testDashboardSchema>;
