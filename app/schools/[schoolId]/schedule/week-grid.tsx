'use client';

import type { CSSProperties } from 'react';
import { cn } from '../../../components/ui';
import {
  dayParts,
  dayTitle,
  hourRange,
  lessonLabel,
  lessonsOf,
  minutes,
  placesText,
  placeSideBySide,
  type Lesson,
  type Week,
} from './calendar';

// enroll-form.tsx takes its lesson's type from here.
export type { Lesson } from './calendar';

/** The height of an hour on the time axis. */
const HOUR_REM = 5;

/**
 * The week as a calendar from a tablet's width: a time axis down the left, the seven days
 * across in columns that share the width, each lesson a button placed by its hours, lessons
 * that overlap side by side. Today's column is tinted.
 */
export function WeekGrid({
  week,
  today,
  busy,
  onOpen,
}: {
  week: Week;
  today: string;
  busy: boolean;
  onOpen: (lesson: Lesson) => void;
}) {
  const { first, last } = hourRange(week.days.flatMap((day) => day.schedules));
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const rem = (minutesFromFirst: number) => `${(minutesFromFirst / 60) * HOUR_REM}rem`;
  // One line at the top of every hour.
  const hourLines: CSSProperties = {
    height: rem((last - first) * 60),
    backgroundImage: 'linear-gradient(to bottom, var(--border) 1px, transparent 1px)',
    backgroundSize: `100% ${HOUR_REM}rem`,
  };
  return (
    <div
      aria-busy={busy}
      className="mb-3 hidden grid-cols-[3rem_repeat(7,minmax(0,1fr))] overflow-hidden rounded-lg border border-border bg-card md:grid"
    >
      <div aria-hidden>
        <div className="h-14 border-b border-border" />
        <div className="relative" style={{ height: hourLines.height }}>
          {hours.map((hour, i) => (
            <span
              key={hour}
              className={cn(
                'absolute right-1.5 text-xs text-muted-foreground tabular-nums',
                i === 0 ? '' : i === hours.length - 1 ? '-translate-y-full' : '-translate-y-1/2',
              )}
              style={{ top: rem(i * 60) }}
            >
              {String(hour).padStart(2, '0')}:00
            </span>
          ))}
        </div>
      </div>
      {week.days.map((day) => {
        const parts = dayParts(day);
        const isToday = day.date === today;
        const headingId = `week-day-${day.date}`;
        return (
          <div key={day.date} className="min-w-0 border-l border-border">
            <h2
              id={headingId}
              aria-label={dayTitle(day)}
              aria-current={isToday ? 'date' : undefined}
              className="m-0 flex h-14 flex-col items-center justify-center border-b border-border text-sm font-semibold"
            >
              <span className={cn(isToday && 'text-primary')}>{parts.short}</span>
              <span
                className={cn(
                  'grid size-7 place-items-center rounded-full text-base tabular-nums',
                  isToday && 'bg-primary text-primary-foreground',
                )}
              >
                {parts.number}
              </span>
            </h2>
            <ol
              aria-labelledby={headingId}
              className={cn('relative m-0 list-none p-0', isToday && 'bg-primary/5')}
              style={hourLines}
            >
              {placeSideBySide(lessonsOf(day)).map(({ lesson, lane, lanes }) => (
                <li
                  key={lesson.id}
                  className="absolute p-0.5"
                  style={{
                    top: rem(minutes(lesson.start_time) - first * 60),
                    height: `max(1.5rem, ${rem(minutes(lesson.end_time) - minutes(lesson.start_time))})`,
                    left: `${(lane / lanes) * 100}%`,
                    width: `${100 / lanes}%`,
                  }}
                >
                  <LessonBlock lesson={lesson} onOpen={onOpen} />
                </li>
              ))}
            </ol>
          </div>
        );
      })}
    </div>
  );
}

/** A lesson in its column: hours, class, instructor and places, cut short to its width. */
function LessonBlock({ lesson, onOpen }: { lesson: Lesson; onOpen: (lesson: Lesson) => void }) {
  const label = lessonLabel(lesson);
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => onOpen(lesson)}
      className="flex size-full cursor-pointer flex-col overflow-hidden rounded-md border border-l-4 border-border border-l-primary bg-background px-1.5 py-1 text-left text-xs leading-4 text-foreground hover:bg-card focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
    >
      <span className="truncate font-semibold tabular-nums">
        {lesson.start_time}–{lesson.end_time}
      </span>
      <span className="truncate">{lesson.class.name}</span>
      <span className="truncate text-muted-foreground">{lesson.instructor.full_name}</span>
      <span
        className={cn('truncate', lesson.available_spots === 0 && 'font-semibold text-destructive')}
      >
        {placesText(lesson)}
      </span>
    </button>
  );
}
