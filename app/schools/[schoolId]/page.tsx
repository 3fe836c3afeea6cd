'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Button, QueryState } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { Figures } from './figures';
import { IncomeChart } from './income-chart';
import { TodaysClasses } from './todays-classes';
import { useSchool } from './school-context';

/**
 * The school's dashboard: the office's daily tasks one tap away, the day's figures, today's
 * classes and a year of income.
 */
export default function DashboardPage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const mayReport = may('reports.view');
  const mayAddStudent = may('students.create');
  const mayTakeAttendance = may('attendance.create');
  const dashboard = useQuery({
    ...trpc.dashboard.show.queryOptions({ schoolId }),
    enabled: mayReport,
  });

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1>{school.name}</h1>
        {(mayAddStudent || mayTakeAttendance) && (
          <div className="flex flex-wrap items-center gap-2">
            {mayAddStudent && (
              <Button asChild size="sm">
                <Link href={`/schools/${schoolId}/students/new`}>New student</Link>
              </Button>
            )}
            {/* Not "Take attendance": today's classes below each have a link of that name. */}
            {mayTakeAttendance && (
              <Button asChild size="sm">
                <Link href={`/schools/${schoolId}/attendance`}>Take attendance for a class</Link>
              </Button>
            )}
          </div>
        )}
      </div>
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
