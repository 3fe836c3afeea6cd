import type { Database } from '@/db/client';
import { platformFigures } from '../platform/test-dashboard-queries';
import type { AdminDashboard } from './dashboard-schema';

/** The admin dashboard (DESIGN-MODULES E.1) from the shared platform figures: one statement. */
export async function adminDashboard(db: Database, timezone: string): Promise<AdminDashboard> {
  const f = await platformFigures(db, timezone);
  return {
    users: { total: f.users_total, active: f.users_active, new_this_month: f.users_new },
    organizations: {
      total: f.organizations_total,
      verified: f.organizations_verified,
      schools: f.organizations_schools,
      studs: f.organizations_studs,
      pending_verification: f.verifications_pending,
    },
    publications: {
      total: f.publications_total,
      active: f.publications_active,
      pending: f.publications_pending,
    },
    marketplace: {
      orders_this_month: f.orders_this_month,
      gmv_this_month: f.gmv_this_month,
      commission_this_month: f.commission_this_month,
      open_disputes: f.open_disputes,
    },
    queues: {
      pending_publications: f.publications_pending,
      pending_corrections: f.corrections_pending,
      pending_verifications: f.verifications_pending,
    },
    mail: { queued: f.mail_queued, failed: f.mail_failed },
  };
}
