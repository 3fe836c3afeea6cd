'use client';

import { useQuery } from '@tanstack/react-query';
import { BarChart, Card, CardTitle, plural, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { todayIn, useSchool } from '../school-context';

const DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_AND_MONTH = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A horse's next seven days of work against its daily limit. */
export function HorseUsage({ horseId }: { horseId: string }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const today = todayIn(school.timezone);
  const usage = useQuery(
    trpc.horses.usage.queryOptions({
      schoolId,
      horseId,
      start_date: today,
      end_date: addDays(today, 6),
    }),
  );
  if (!usage.data) return <QueryState what="the usage" query={usage} />;
  const u = usage.data.data;
  return (
    <Card aria-labelledby="usage-heading">
      <CardTitle id="usage-heading">{u.horse_name}: the next 7 days</CardTitle>
      <p className="text-muted-foreground">
        {plural(u.total_classes, 'class', 'classes')}, {plural(u.total_minutes, 'minute')}
        {u.overloaded_days > 0 && (
          <strong className="text-destructive">
            {' '}
            · {plural(u.overloaded_days, 'day')} over the limit
          </strong>
        )}
      </p>
      <BarChart
        label="Classes per day"
        description={`Classes per day against the limit of ${u.max_daily_classes}`}
        bars={u.days.map((d) => ({
          key: DAY_AND_MONTH.format(noon(d.date)),
          label: DAY.format(noon(d.date)),
          value: d.classes_count,
          over: d.overloaded,
        }))}
        format={(count) => plural(count, 'class', 'classes')}
        limit={u.max_daily_classes}
        table={false}
        barWidth={44}
        height={120}
      />
    </Card>
  );
}
