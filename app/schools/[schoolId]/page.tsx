'use client';

import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { Figures } from './figures';
import { IncomeChart } from './income-chart';
import { TodaysClasses } from './todays-classes';
import { useSchool } from './school-context';

/** The school's dashboard: the day's figures, today's classes and a year of income. */
export default function DashboardPage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const mayReport = may('reports.view');
  const dashboard = useQuery({
    ...trpc.dashboard.show.queryOptions({ schoolId }),
    enabled: mayReport,
  });

  return (
    <>
      <h1>{school.name}</h1>
      {mayReport && (
        <section aria-labelledby="figures-heading">
          <h2 id="figures-heading" className="sr-only">
            Figures
          </h2>
          <QueryState what="the figures" query={dashboard} />
          {dashboard.data && <Figures data={dashboard.data.data} currency={school.currency} />}
        </section>
      )}
      {may('schedules.view') && <TodaysClasses />}
      {mayReport && <IncomeChart />}
    </>
  );
}
