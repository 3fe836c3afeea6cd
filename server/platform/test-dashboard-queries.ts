import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import type { TestDashboard } from './test-dashboard-schema';

/** Every platform figure of the admin dashboard (DESIGN-MODULES E.1), counted at once. */
export type PlatformFigures = {
  users_total: number;
  users_active: number;
  users_new: number;
  publications_total: number;
  publications_active: number;
  publications_pending: number;
  organizations_total: number;
  organizations_verified: number;
  organizations_schools: number;
  organizations_studs: number;
  verifications_pending: number;
  corrections_pending: number;
  mail_queued: number;
  mail_failed: number;
  orders_this_month: number;
  gmv_this_month: number;
  commission_this_month: number;
  open_disputes: number;
};

/**
 * Users, publications, organizations, marketplace orders, the admin queues and the mail outbox
 * counted in one statement; "this month" in `timezone`. The test dashboard (spec 2.1) and the
 * admin dashboard both read these. The marketplace's takings of the month are the sub-orders
 * paid this month and not cancelled or refunded since: what buyers paid (items and shipping)
 * and the commission kept on it.
 */
export async function platformFigures(db: Database, timezone: string): Promise<PlatformFigures> {
  const [row] = await queryRows<PlatformFigures>(
    db,
    sql`
      with month as (select date_trunc('month', now() at time zone ${timezone}) at time zone ${timezone} as start)
      select
        u.total as users_total, u.active as users_active, u.new as users_new,
        p.total as publications_total, p.active as publications_active, p.pending as publications_pending,
        o.total as organizations_total, o.verified as organizations_verified,
        o.schools as organizations_schools, o.studs as organizations_studs,
        (select count(*)::int from verification_requests where status = 'pending') as verifications_pending,
        (select count(*)::int from pedigree_corrections where status = 'pending') as corrections_pending,
        m.queued as mail_queued, m.failed as mail_failed,
        (select count(*)::int from orders where created_at >= (select start from month))
          as orders_this_month,
        mk.gmv as gmv_this_month, mk.commission as commission_this_month,
        mk.disputes as open_disputes
      from
        (select count(*)::int as total,
                (count(*) filter (where status = 'active'))::int as active,
                (count(*) filter (where created_at >= (select start from month)))::int as new
           from users) u,
        (select (count(*) filter (where status <> 'removed'))::int as total,
                (count(*) filter (where status = 'active'))::int as active,
                (count(*) filter (where status = 'pending'))::int as pending
           from publications) p,
        (select count(*)::int as total, (count(*) filter (where verified))::int as verified,
                (count(*) filter (where type = 'school'))::int as schools,
                (count(*) filter (where type = 'stud'))::int as studs
           from organizations) o,
        (select (count(*) filter (where status = 'pending'))::int as queued,
                (count(*) filter (where status = 'failed'))::int as failed
           from email_outbox) m,
        (select coalesce(sum(items_total + shipping_amount) filter (where taken), 0)::float8 as gmv,
                coalesce(sum(commission_amount) filter (where taken), 0)::float8 as commission,
                (count(*) filter (where status = 'disputed'))::int as disputes
           from (select *, paid_at >= (select start from month)
                             and status not in ('cancelled', 'refunded') as taken
                   from sub_orders) so) mk`,
  );
  return row!;
}

/** The test dashboard's subset of the platform figures. */
export async function platformCounts(db: Database, timezone: string): Promise<TestDashboard> {
  const c = await platformFigures(db, timezone);
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
