'use client';

import { useQuery } from '@tanstack/react-query';
import type { StudDashboard } from '@/server/stud-finance/report-schema';
import {
  Card,
  CardTitle,
  Empty,
  money,
  plural,
  QueryState,
  Stat,
  StatGrid,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { IncomeExpenseChart, PregnancyRateChart } from './reports/charts';
import { useStud } from './stud-context';

/** The day's figures: the herd, this season's reservations, what is due, and the money. */
function Figures({ data, currency }: { data: StudDashboard; currency: string }) {
  const { horses, reservations } = data.stats;
  const booked =
    reservations.requested +
    reservations.confirmed +
    reservations.in_progress +
    reservations.pregnant;
  return (
    <StatGrid>
      <Stat
        label="Horses"
        value={horses.total}
        note={[
          plural(horses.stallions, 'stallion'),
          plural(horses.mares, 'mare'),
          plural(horses.foals, 'foal'),
        ].join(' · ')}
      />
      <Stat
        label="Reservations this season"
        value={booked}
        note={`${reservations.requested} requested · ${reservations.confirmed} confirmed · ${reservations.in_progress} in progress · ${reservations.pregnant} in foal`}
      />
      <Stat label="Tasks due" value={data.today.tasks_due} note="open, due today or before" />
      <Stat
        label="Pregnancy checks due"
        value={data.today.checks_due}
        note="suggested scans not yet done"
      />
      <Stat
        label="Foalings soon"
        value={data.today.foalings_next_30_days}
        note="expected in the next 30 days"
      />
      <Stat
        label="Income this month"
        value={money(data.finances.month_income, currency)}
        note="payments and other income"
      />
      <Stat
        label="Pending receivables"
        value={money(data.finances.pending_amount, currency)}
        note={`${plural(data.finances.pending_receivables, 'receivable')} not fully paid`}
      />
    </StatGrid>
  );
}

/** The season's pregnancy rate per stallion, and this year's income beside its expenses. */
function Charts() {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const season = useQuery(trpc.studReports.season.queryOptions({ studId }));
  const financial = useQuery(trpc.studReports.financial.queryOptions({ studId }));
  return (
    <div className="grid gap-x-3 lg:grid-cols-2">
      <Card aria-labelledby="rates-heading">
        <CardTitle id="rates-heading">
          Pregnancy rate per stallion{season.data && `, ${season.data.data.season}`}
        </CardTitle>
        <QueryState what="the season" query={season} />
        {season.data && <PregnancyRateChart report={season.data.data} />}
      </Card>
      <Card aria-labelledby="money-heading">
        <CardTitle id="money-heading">Income and expenses this year</CardTitle>
        <QueryState what="the income and expenses" query={financial} />
        {financial.data && (
          <IncomeExpenseChart
            months={financial.data.data.months}
            format={(value) => money(value, stud.currency)}
            label="Income and expenses per month"
          />
        )}
      </Card>
    </div>
  );
}

/**
 * The stud's overview: for members who may read the reports, the dashboard (figures of the
 * day, the season's pregnancy rates, the year's income and expenses); for the others, what
 * the stud is.
 */
export default function StudOverviewPage() {
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const mayReport = may('reports.view');
  const dashboard = useQuery({
    ...trpc.studDashboard.get.queryOptions({ studId }),
    enabled: mayReport,
  });
  if (!mayReport)
    return (
      <>
        <h1>{stud.name}</h1>
        <Card aria-labelledby="stud-overview">
          <h2 id="stud-overview">Overview</h2>
          <p className="text-muted-foreground">
            {stud.timezone} · {stud.currency}
          </p>
          <Empty>
            The stud’s figures and money are for its owners, managers and viewers. Your work is in
            the menu: the herd, the season, medical records and tasks.
          </Empty>
        </Card>
      </>
    );
  return (
    <>
      <h1>{stud.name}</h1>
      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="sr-only">
          Figures
        </h2>
        <QueryState what="the figures" query={dashboard} />
        {dashboard.data && <Figures data={dashboard.data.data} currency={stud.currency} />}
      </section>
      <Charts />
    </>
  );
}
