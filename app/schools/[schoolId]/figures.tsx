import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import { money, plural, Stat, StatGrid } from '../../components/ui';

type DashboardData = inferRouterOutputs<AppRouter>['dashboard']['show']['data'];

/** The day's figures: students, instructors, horses, classes, today's lessons and the money. */
export function Figures({ data, currency }: { data: DashboardData; currency: string }) {
  const { students, instructors, horses, classes } = data.stats;
  return (
    <StatGrid>
      <Stat
        label="Active students"
        value={students.active}
        note={`${students.total} in total · ${students.new_this_month} new this month`}
      />
      <Stat
        label="Instructors"
        value={instructors.active}
        note={`active of ${instructors.total}`}
      />
      <Stat
        label="Horses"
        value={horses.active}
        note={`active · ${horses.resting} resting · ${horses.total} in total`}
      />
      <Stat label="Classes" value={classes.active} note={`active of ${classes.total}`} />
      <Stat
        label="Today's classes"
        value={data.today.classes_count}
        note={`${plural(data.today.students_expected, 'student')} expected`}
      />
      <Stat
        label="Attendance today"
        value={`${data.today.attendance_rate}%`}
        note={`${plural(data.today.attendance_recorded, 'class', 'classes')} recorded`}
      />
      <Stat
        label="Income this month"
        value={money(data.finances.month_income, currency)}
        note="paid school and competition payments"
      />
      <Stat
        label="Unpaid charges"
        value={data.finances.pending_payments}
        note={`${money(data.finances.pending_amount, currency)} to collect, overdue included`}
      />
    </StatGrid>
  );
}
