'use client';

import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../components/ui';
import { useTRPC } from '../trpc';
import { AdminShell } from './admin-shell';
import { DashboardFigures } from './dashboard-figures';
import { DashboardQueues } from './dashboard-queues';

/** The platform at a glance (DESIGN-MODULES E.1): what waits for a decision, then the figures. */
export default function AdminOverviewPage() {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.admin.overview.dashboard.queryOptions({}));
  return (
    <AdminShell title="Administration">
      {!dashboard.data && <QueryState what="the platform figures" query={dashboard} />}
      {dashboard.data && (
        <>
          <DashboardQueues dashboard={dashboard.data.data} />
          <DashboardFigures dashboard={dashboard.data.data} />
        </>
      )}
    </AdminShell>
  );
}
