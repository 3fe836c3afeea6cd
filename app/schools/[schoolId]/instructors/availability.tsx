'use client';

import { useQuery } from '@tanstack/react-query';
import { Badge, Card, CardTitle, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { todayIn, useSchool } from '../school-context';
import { dayTitle, weekLabel } from '../schedule/calendar';

/** An instructor's week: per day the busy hours with their class, or free all day. */
export function Availability({ instructorId }: { instructorId: string }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const availability = useQuery(
    trpc.instructors.availability.queryOptions({
      schoolId,
      instructorId,
      week: todayIn(school.timezone),
    }),
  );
  if (!availability.data) return <QueryState what="the availability" query={availability} />;
  const a = availability.data.data;
  return (
    <Card aria-labelledby="availability-heading">
      <CardTitle id="availability-heading">Week of {weekLabel(a.start_date, a.end_date)}</CardTitle>
      <ul className="m-0 list-none p-0">
        {a.days.map((day) => (
          <li
            key={day.date}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-border py-1.5"
          >
            <strong>{dayTitle(day)}</strong>
            {day.busy.length === 0 ? (
              <span className="text-muted-foreground">Free all day</span>
            ) : (
              day.busy.map((b) => (
                <Badge key={b.schedule_id}>
                  {b.start_time}–{b.end_time} {b.class_name}
                </Badge>
              ))
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
