'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button, Dialog, Empty, QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, todayIn, useSchool } from '../school-context';
import { findLesson, weekLabel, weekNumber, type Lesson } from './calendar';
import { DayView } from './day-view';
import { LessonDialog, type LessonMode } from './lesson-dialog';
import { LessonForm } from './lesson-form';
import { WeekGrid } from './week-grid';

/** A date `days` days after another (`YYYY-MM-DD`, calendar arithmetic in UTC). */
function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The week's schedule as a calendar: the whole week from a tablet's width, one day at a time
 * on a phone. A lesson opens in a dialog with its roster, where it is enrolled in, changed or
 * removed, as the role allows.
 */
export default function SchedulePage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const today = todayIn(school.timezone);
  const [week, setWeek] = useState(today);
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<{ id: string; mode: LessonMode } | null>(null);
  const weekly = useQuery({
    ...trpc.schedules.weekly.queryOptions({ schoolId, week }),
    placeholderData: keepPreviousData,
    enabled: may('schedules.view'),
  });
  if (!may('schedules.view')) return <NotAllowed />;
  const data = weekly.data?.data;
  const empty = data?.days.every((day) => day.schedules.length === 0);
  // Another week's data stays on screen until the asked week's arrives.
  const busy = weekly.isPlaceholderData;
  const thisWeek = data && data.start_date <= today && today <= data.end_date;
  const lesson = data && opened ? findLesson(data, opened.id) : undefined;
  const open = (l: Lesson) => setOpened({ id: l.id, mode: 'details' });
  const newLesson = may('schedules.create') && (
    <Button size="sm" onClick={() => setCreating(true)}>
      New lesson
    </Button>
  );

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Schedule</h1>
        {!(data && empty) && newLesson}
      </div>
      <nav className="my-3 flex flex-wrap items-center gap-2" aria-label="Weeks">
        <Button variant="outline" size="sm" onClick={() => setWeek((w) => addDays(w, -7))}>
          <ChevronLeft aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">Previous week</span>
        </Button>
        <p
          className="m-0 min-w-0 flex-1 text-center sm:flex-none sm:px-2"
          aria-live="polite"
          aria-busy={busy}
        >
          {data && (
            <>
              <strong>{weekLabel(data.start_date, data.end_date)}</strong>{' '}
              <span className="text-sm text-muted-foreground">
                {busy ? 'Loading…' : weekNumber(data.week)}
              </span>
            </>
          )}
        </p>
        <Button variant="outline" size="sm" onClick={() => setWeek((w) => addDays(w, 7))}>
          <span className="sr-only sm:not-sr-only">Next week</span>
          <ChevronRight aria-hidden className="size-4" />
        </Button>
        {data && !thisWeek && (
          <Button variant="ghost" size="sm" onClick={() => setWeek(today)}>
            This week
          </Button>
        )}
      </nav>
      <QueryState what="the schedule" query={weekly} />
      {data && empty && (
        <Empty>
          No lessons are scheduled this week.
          {newLesson && <span className="mt-3 block">{newLesson}</span>}
        </Empty>
      )}
      {data && !empty && (
        <>
          <WeekGrid week={data} today={today} busy={busy} onOpen={open} />
          <DayView key={data.start_date} week={data} today={today} busy={busy} onOpen={open} />
        </>
      )}
      <Dialog title="New lesson" open={creating} onClose={() => setCreating(false)}>
        <LessonForm onDone={() => setCreating(false)} />
      </Dialog>
      <LessonDialog
        lesson={lesson}
        mode={opened?.mode ?? 'details'}
        onMode={(mode) => setOpened((o) => o && { ...o, mode })}
        onClose={() => setOpened(null)}
      />
    </>
  );
}
