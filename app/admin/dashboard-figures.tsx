import type { ReactNode } from 'react';
import type { AdminDashboard } from '@/server/admin/dashboard-schema';
import { Card, CardTitle, DetailList } from '../components/ui';

const amount = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** One area of the platform: its headline figure (value, what it counts) and the details. */
function FigureCard({
  title,
  figure: [value, what],
  details,
}: {
  title: string;
  figure: [ReactNode, string];
  details: [string, ReactNode][];
}) {
  const id = `figures-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card aria-labelledby={id} className="m-0">
      <CardTitle id={id} className="mb-1 text-lg">
        {title}
      </CardTitle>
      <p className="mt-0">
        <strong className="text-2xl">{value}</strong>{' '}
        <span className="text-muted-foreground">{what}</span>
      </p>
      <DetailList>
        {details.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </DetailList>
    </Card>
  );
}

/** The platform's figures (E.1); "this month" is the platform's calendar month. */
export function DashboardFigures({ dashboard }: { dashboard: AdminDashboard }) {
  const { users, organizations, publications, marketplace, mail } = dashboard;
  return (
    <div className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <FigureCard
        title="Users"
        figure={[users.total, 'in total']}
        details={[
          ['Active', users.active],
          ['New this month', users.new_this_month],
        ]}
      />
      <FigureCard
        title="Organizations"
        figure={[organizations.total, 'in total']}
        details={[
          ['Schools', organizations.schools],
          ['Studs', organizations.studs],
          ['Verified', organizations.verified],
          ['Awaiting verification', organizations.pending_verification],
        ]}
      />
      <FigureCard
        title="Publications"
        figure={[publications.total, 'in total']}
        details={[
          ['Active', publications.active],
          ['Pending review', publications.pending],
        ]}
      />
      <FigureCard
        title="Marketplace"
        figure={[marketplace.orders_this_month, 'orders this month']}
        details={[
          ['Sales this month', amount.format(marketplace.gmv_this_month)],
          ['Commission this month', amount.format(marketplace.commission_this_month)],
          ['Open disputes', marketplace.open_disputes],
        ]}
      />
      <FigureCard
        title="Mail"
        figure={[mail.queued, 'e-mails queued']}
        details={[['Failed', mail.failed]]}
      />
    </div>
  );
}
