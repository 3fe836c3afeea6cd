'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import { dateField } from '@/server/kernel/fields/record-fields';
import { Empty, Input, Label, NativeSelect, QueryState } from '../../../components/ui';
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

const DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const DAY_AND_YEAR = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date as `Fri 27 Nov`, with the year when it is not `today`'s. */
function dayLabel(date: string, today: string) {
  const noon = new Date(`${date}T12:00:00Z`);
  return (date.slice(0, 4) === today.slice(0, 4) ? DAY : DAY_AND_YEAR).format(noon);
}

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/**
 * Attendance: pick a day (today by default, in the school's time zone) and one of its classes,
 * and mark each student. The day and the class are in the address (`?date=&schedule=`), so a
 * class forgotten yesterday is one link away.
 */
function Attendance() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const params = useSearchParams();
  const today = todayIn(school.timezone);
  const asked = params.get('date');
  const date = asked && dateField.safeParse(asked).success ? asked : today;
  const scheduleId = params.get('schedule');
  // The weekly timetable takes any date of the week it is to show.
  const weekly = useQuery({
    ...trpc.schedules.weekly.queryOptions({ schoolId, week: date }),
    enabled: may('attendance.view'),
  });
  const schedules = weekly.data?.data.days.find((day) => day.date === date)?.schedules ?? [];
  const schedule = schedules.find((s) => s.id === scheduleId);

  function go(nextDate: string, nextSchedule: string | null) {
    const query = new URLSearchParams({ date: nextDate });
    if (nextSchedule) query.set('schedule', nextSchedule);
    router.replace(`/schools/${schoolId}/attendance?${query.toString()}`);
  }

  if (!may('attendance.view')) return <NotAllowed />;
  const isToday = date === today;
  const when = isToday ? 'today' : `on ${dayLabel(date, today)}`;
  return (
    <>
      <h1>Attendance</h1>
      <div className="mb-3 flex flex-wrap items-end gap-x-4 gap-y-3">
        <div>
          <Label htmlFor="attendance-date">Date</Label>
          <Input
            id="attendance-date"
            type="date"
            max={today}
            value={date}
            onChange={(event) => {
              const picked = event.target.value;
              if (!dateField.safeParse(picked).success) return;
              // The same weekday has the same classes: the chosen one stays.
              go(picked, weekday(picked) === weekday(date) ? scheduleId : null);
            }}
          />
        </div>
        {schedules.length > 0 && (
          <div className="min-w-0 flex-1 basis-64">
            <Label htmlFor="attendance-class">Class</Label>
            <NativeSelect
              id="attendance-class"
              value={schedule?.id ?? ''}
              onChange={(event) => go(date, event.target.value || null)}
            >
              <option value="">Choose one of the day&apos;s classes</option>
              {schedules.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.start_time}–{s.end_time} {s.class.name} ({s.instructor.full_name})
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </div>
      {!isToday && (
        <p className="mb-3 font-semibold">
          Taking attendance for {dayLabel(date, today)}
          {date > today && ': a day still to come, whose attendance cannot be recorded yet.'}
        </p>
      )}
      <QueryState what="the day's classes" query={weekly} />
      {weekly.data && schedules.length === 0 && <Empty>No classes are scheduled {when}.</Empty>}
      {schedule && (
        <Roll
          key={`${schedule.id}:${date}`}
          scheduleId={schedule.id}
          date={date}
          when={when}
          students={schedule.students}
        />
      )}
    </>
  );
}
