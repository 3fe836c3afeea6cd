import { z } from 'zod';

/* The school's dashboard as the API answers it (spec 2.4). Client-safe (zod only). */

const count = z.number().int();

export const dashboardSchema = z.object({
  stats: z.object({
    students: z.object({ total: count, active: count, new_this_month: count }),
    instructors: z.object({ total: count, active: count }),
    horses: z.object({ total: count, active: count, resting: count }),
    classes: z.object({ total: count, active: count }),
  }),
  today: z.object({
    classes_count: count,
    students_expected: count,
    attendance_recorded: count,
    attendance_rate: z.number(),
  }),
  finances: z.object({
    month_income: z.number(),
    pending_payments: count,
    pending_amount: z.number(),
  }),
});

export type Dashboard = z.infer<typeof dashboardSchema>;
