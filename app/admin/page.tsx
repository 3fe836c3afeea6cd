'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc';
import { AdminShell, QueryState } from './admin-shell';

function Counts({ label, counts }: { label: string; counts: Record<string, number> }) {
  return (
    <section className="card" aria-label={label}>
      <h2>{label}</h2>
      <dl className="counts">
        {Object.entries(counts).map(([name, value]) => (
          <div key={name}>
            <dt>{name.replace(/_/g, ' ')}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The platform at a glance (the test dashboard's counts). */
export default function AdminOverviewPage() {
  const trpc = useTRPC();
  const dashboard = useQuery(trpc.testDashboard.get.queryOptions({}));
  return (
    <AdminShell title="Administration">
      <QueryState what="the platform counts" query={dashboard} />
      {dashboard.data && (
        <div className="grid">
          <Counts label="Users" counts={dashboard.data.users} />
          <Counts label="Publications" counts={dashboard.data.publications} />
          <Counts label="Organizations" counts={dashboard.data.organizations} />
        </div>
      )}
    </AdminShell>
  );
}
