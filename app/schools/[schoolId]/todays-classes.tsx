'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Badge, Card, CardTitle, Empty, plural, QueryState } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { todayIn, useSchool } from './school-context';

/** Today's lessons, each with whether its attendance was taken and a link to take it. */
export function TodaysClasses() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const today = todayIn(school.timezone);
  const weekly = useQuery(trpc.schedules.weekly.queryOptions({ schoolId, week: today }));
  const schedules = weekly.data?.data.days.find((day) => day.date === today)?.schedules ?? [];
  return (
    <Card aria-labelledby="today-heading">
      <CardTitle id="today-heading">Today&apos;s classes</CardTitle>
      <QueryState what="today's classes" query={weekly} />
      {weekly.data && schedules.length === 0 && <Empty>No classes are scheduled today.</Empty>}
      {schedules.length > 0 && (
        <ul className="m-0 list-none p-0">
          {schedules.map((schedule) => (
            <li
              key={schedule.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-border py-2"
            >
              <span>
                <strong>
                  {schedule.start_time}–{schedule.end_time}
                </strong>{' '}
                {schedule.class.name}
              </span>
              <span className="text-muted-foreground">
                {schedule.instructor.full_name} · {plural(schedule.enrolled_count, 'student')}
              </span>
              <AttendanceStatus scheduleId={schedule.id} date={today} />
              {may('attendance.create') && (
                <Link href={`/schools/${schoolId}/attendance?schedule=${schedule.id}`}>
                  Take attendance
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function AttendanceStatus({ scheduleId, date }: { scheduleId: string; date: string }) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const recorded = useQuery({
    ...trpc.attendance.show.queryOptions({ schoolId, schedule_id: scheduleId, date }),
    enabled: may('attendance.view'),
  });
  if (!recorded.data) return null;
  const count = recorded.data.data.records.length;
  return count > 0 ? (
    <Badge status="sent">Attendance taken ({count})</Badge>
  ) : (
    <Badge>Not taken yet</Badge>
  );
}
