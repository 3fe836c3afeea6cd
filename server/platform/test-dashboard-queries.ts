import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { TestDashboard } from './test-dashboard-schema';

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

/** Users, publications and organizations counted in one statement; "this month" in `timezone`. */
export async function platformCounts(db: Database, timezone: string): Promise<TestDashboard> {
  const [row] = await queryRows<Counts>(
    db,
    sql`
      with month as (select date_trunc('month', now() at time zone ${timezone}) at time zone ${timezone} as start)
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
}
