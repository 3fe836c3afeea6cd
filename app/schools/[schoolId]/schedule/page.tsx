'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Dialog, Empty, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, todayIn, useSchool } from '../school-context';
import { EnrollForm } from './enroll-form';
import { LessonForm } from './lesson-form';
import { lessonTitle, WeekGrid, type Lesson } from './week-grid';

/** A date `days` days after another (`YYYY-MM-DD`, calendar arithmetic in UTC). */
function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The week's schedule as a grid: days across, hours down, each lesson with its free places;
 * lessons are added, changed, removed and enrolled in from here, as the role allows.
 */
export default function SchedulePage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const [week, setWeek] = useState(() => todayIn(school.timezone));
  const [editing, setEditing] = useState<Lesson | 'new' | null>(null);
  const [enrolling, setEnrolling] = useState<Lesson | null>(null);
  const weekly = useQuery({
    ...trpc.schedules.weekly.queryOptions({ schoolId, week }),
    placeholderData: keepPreviousData,
    enabled: may('schedules.view'),
  });
  if (!may('schedules.view')) return <NotAllowed />;
  const data = weekly.data?.data;
  const empty = data?.days.every((day) => day.schedules.length === 0);
  const step = (days: number) => setWeek(addDays(data?.start_date ?? week, days));

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Schedule</h1>
        {may('schedules.create') && (
          <Button size="sm" onClick={() => setEditing('new')}>
            New lesson
          </Button>
        )}
      </div>
      <nav className="my-3 flex flex-wrap items-center gap-x-4 gap-y-2" aria-label="Weeks">
        <Button variant="outline" size="sm" onClick={() => step(-7)}>
          Previous week
        </Button>
        <span>{data ? `${data.week}: ${data.start_date} – ${data.end_date}` : week}</span>
        <Button variant="outline" size="sm" onClick={() => step(7)}>
          Next week
        </Button>
      </nav>
      <QueryState what="the schedule" query={weekly} />
      {data && empty && <Empty>No lessons are scheduled.</Empty>}
      {data && !empty && (
        <WeekGrid
          week={data}
          busy={weekly.isFetching}
          onEdit={setEditing}
          onEnroll={setEnrolling}
        />
      )}
      <Dialog
        title={
          editing === 'new' || editing === null ? 'New lesson' : `Edit ${lessonTitle(editing)}`
        }
        open={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <LessonForm
            lesson={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
      <Dialog
        title={`Enroll in ${enrolling ? lessonTitle(enrolling) : ''}`}
        open={enrolling !== null}
        onClose={() => setEnrolling(null)}
      >
        {enrolling && <EnrollForm lesson={enrolling} onDone={() => setEnrolling(null)} />}
      </Dialog>
    </>
  );
}
