'use client';

import { useState } from 'react';
import { Button, cn } from '../../../components/ui';
import {
  dayParts,
  dayTitle,
  lessonLabel,
  lessonsOf,
  placesText,
  type Lesson,
  type Week,
} from './calendar';

const lessonCount = (n: number) => (n === 0 ? 'no lessons' : n === 1 ? '1 lesson' : `${n} lessons`);

/**
 * The week on a phone: a button for each day, then the chosen day's lessons as cards in time
 * order. Today is chosen first when it is in the week, else Monday. Mounted again for each
 * week (`key`), so that another week starts on its own default day.
 */
export function DayView({
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
  const [chosen, setChosen] = useState<string | null>(null);
  const day =
    week.days.find((d) => d.date === chosen) ??
    week.days.find((d) => d.date === today) ??
    week.days[0]!;
  const lessons = lessonsOf(day);
  const headingId = `day-view-${day.date}`;
  return (
    <div aria-busy={busy} className="mb-3 md:hidden">
      <div role="group" aria-label="Days" className="grid grid-cols-7 gap-1">
        {week.days.map((d) => {
          const parts = dayParts(d);
          const pressed = d.date === day.date;
          const isToday = d.date === today;
          return (
            <Button
              key={d.date}
              variant={pressed ? 'default' : 'outline'}
              size="sm"
              aria-pressed={pressed}
              aria-current={isToday ? 'date' : undefined}
              aria-label={`${parts.long} ${parts.number}, ${lessonCount(d.schedules.length)}`}
              onClick={() => setChosen(d.date)}
              className={cn(
                'h-auto min-h-14 min-w-0 flex-col gap-0 px-0 py-1',
                isToday && !pressed && 'border-primary text-primary',
              )}
            >
              <span>{parts.short}</span>
              <span className="text-base font-semibold tabular-nums">{parts.number}</span>
              <span
                aria-hidden
                className={cn(
                  'size-1.5 rounded-full',
                  d.schedules.length > 0 && (pressed ? 'bg-primary-foreground' : 'bg-primary'),
                )}
              />
            </Button>
          );
        })}
      </div>
      <h2 id={headingId} className="mt-4 mb-2 text-lg">
        {dayTitle(day)}
      </h2>
      {lessons.length === 0 ? (
        <p className="rounded-lg border border-border bg-card p-4 text-center text-muted-foreground">
          No lessons on this day.
        </p>
      ) : (
        <ol aria-labelledby={headingId} className="m-0 flex list-none flex-col gap-2 p-0">
          {lessons.map((lesson) => (
            <li key={lesson.id}>
              <LessonCard lesson={lesson} onOpen={onOpen} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A lesson as a card: its hours down the left, class, instructor, place and free places. */
function LessonCard({ lesson, onOpen }: { lesson: Lesson; onOpen: (lesson: Lesson) => void }) {
  return (
    <button
      type="button"
      aria-label={lessonLabel(lesson)}
      onClick={() => onOpen(lesson)}
      className="flex w-full cursor-pointer gap-3 rounded-lg border border-border bg-card p-3 text-left text-foreground hover:bg-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="flex w-12 shrink-0 flex-col text-sm tabular-nums">
        <span className="font-semibold">{lesson.start_time}</span>
        <span className="text-muted-foreground">{lesson.end_time}</span>
      </span>
      <span className="flex min-w-0 flex-1 flex-col border-l-4 border-primary pl-3">
        <span className="font-semibold break-words">{lesson.class.name}</span>
        <span className="text-sm break-words text-muted-foreground">
          {lesson.instructor.full_name}
          {lesson.location && ` · ${lesson.location}`}
        </span>
        <span
          className={cn(
            'text-sm',
            lesson.available_spots === 0 && 'font-semibold text-destructive',
          )}
        >
          {placesText(lesson)}
        </span>
      </span>
    </button>
  );
}
