'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import { Empty, Label, NativeSelect, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, todayIn, useSchool } from '../school-context';
import { Roll } from './roll';

export default function AttendancePage() {
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      <Attendance />
    </Suspense>
  );
}

/** Attendance: pick one of today's classes and mark each student. */
function Attendance() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const scheduleId = useSearchParams().get('schedule');
  const today = todayIn(school.timezone);
  const weekly = useQuery({
    ...trpc.schedules.weekly.queryOptions({ schoolId, week: today }),
    enabled: may('attendance.view'),
  });
  const schedules = weekly.data?.data.days.find((day) => day.date === today)?.schedules ?? [];
  const schedule = schedules.find((s) => s.id === scheduleId);

  if (!may('attendance.view')) return <NotAllowed />;
  return (
    <>
      <h1>Attendance</h1>
      <p className="text-muted-foreground">Today, {today}</p>
      <QueryState what="today's classes" query={weekly} />
      {weekly.data && schedules.length === 0 && <Empty>No classes are scheduled today.</Empty>}
      {schedules.length > 0 && (
        <div className="mb-4">
          <Label htmlFor="attendance-class">Class</Label>
          <NativeSelect
            id="attendance-class"
            value={scheduleId ?? ''}
            onChange={(event) =>
              router.replace(`/schools/${schoolId}/attendance?schedule=${event.target.value}`)
            }
          >
            <option value="">Choose one of today&apos;s classes</option>
            {schedules.map((s) => (
              <option key={s.id} value={s.id}>
                {s.start_time}–{s.end_time} {s.class.name} ({s.instructor.full_name})
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {schedule && (
        <Roll
          key={schedule.id}
          scheduleId={schedule.id}
          date={today}
          students={schedule.students}
        />
      )}
    </>
  );
}
