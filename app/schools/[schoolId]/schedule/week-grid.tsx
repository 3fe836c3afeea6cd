'use client';

import { useMutation } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import {
  Badge,
  Button,
  ConfirmButton,
  DataTable,
  DAY_NAMES,
  type ColumnDef,
  useErrorToast,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useAfterWrite } from '../record-list';
import { useSchool } from '../school-context';

export type Week = inferRouterOutputs<AppRouter>['schedules']['weekly']['data'];
/** A lesson of the grid with its weekday. */
export type Lesson = Week['days'][number]['schedules'][number] & { day_of_week: number };

export const lessonTitle = (lesson: Lesson) =>
  `${lesson.class.name}, ${DAY_NAMES[lesson.day_of_week]} ${lesson.start_time}`;

/** The week as a grid: days across, the hours that have lessons down. */
export function WeekGrid({
  week,
  busy,
  onEdit,
  onEnroll,
}: {
  week: Week;
  busy: boolean;
  onEdit: (lesson: Lesson) => void;
  onEnroll: (lesson: Lesson) => void;
}) {
  const hours = [
    ...new Set(week.days.flatMap((d) => d.schedules.map((s) => s.start_time.slice(0, 2)))),
  ].sort();
  const columns: ColumnDef<{ hour: string }>[] = [
    {
      id: 'hour',
      header: () => <span className="sr-only">Hour</span>,
      cell: ({ row }) => `${row.original.hour}:00`,
      meta: { rowHeader: true },
    },
    ...week.days.map((day): ColumnDef<{ hour: string }> => ({
      id: day.date,
      header: () => (
        <>
          {DAY_NAMES[day.day_of_week]}
          <br />
          <span className="font-normal text-muted-foreground">{day.date.slice(5)}</span>
        </>
      ),
      cell: ({ row }) =>
        day.schedules
          .filter((s) => s.start_time.startsWith(row.original.hour))
          .map((s) => (
            <LessonCard
              key={s.id}
              lesson={{ ...s, day_of_week: day.day_of_week }}
              onEdit={onEdit}
              onEnroll={onEnroll}
            />
          )),
      meta: { className: 'min-w-32' },
    })),
  ];
  return (
    <DataTable
      className="mb-3 rounded-lg border border-border bg-card p-4"
      columns={columns}
      data={hours.map((hour) => ({ hour }))}
      getRowId={(row) => row.hour}
      busy={busy}
    />
  );
}

/** One lesson in the grid: class, hours, instructor, free places, and its actions. */
function LessonCard({
  lesson,
  onEdit,
  onEnroll,
}: {
  lesson: Lesson;
  onEdit: (lesson: Lesson) => void;
  onEnroll: (lesson: Lesson) => void;
}) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const remove = useMutation(trpc.schedules.remove.mutationOptions({ onError: showError }));
  const title = lessonTitle(lesson);
  const full = lesson.available_spots === 0;
  return (
    <div className="mb-1 flex flex-col gap-0.5 rounded border-l-4 border-primary bg-background p-1.5 text-sm">
      <strong>{lesson.class.name}</strong>
      <span>
        {lesson.start_time}–{lesson.end_time}
      </span>
      <span className="text-muted-foreground">{lesson.instructor.full_name}</span>
      <Badge tone={full ? 'bad' : 'neutral'} className="self-start">
        {full ? 'Full' : `${lesson.available_spots} free`}
      </Badge>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        {may('enrollments.create') && !full && (
          <Button variant="outline" size="sm" onClick={() => onEnroll(lesson)}>
            Enroll<span className="sr-only"> in {title}</span>
          </Button>
        )}
        {may('schedules.edit') && (
          <Button variant="outline" size="sm" onClick={() => onEdit(lesson)}>
            Edit<span className="sr-only"> {title}</span>
          </Button>
        )}
        {may('schedules.delete') && (
          <ConfirmButton
            label="Delete"
            what={title}
            question={`Delete ${title} from the schedule?`}
            disabled={remove.isPending}
            onConfirm={() =>
              remove.mutate(
                { schoolId, scheduleId: lesson.id },
                {
                  onSuccess: afterWrite(
                    trpc.schedules.pathKey(),
                    `${title} was removed from the schedule.`,
                  ),
                },
              )
            }
          />
        )}
      </div>
    </div>
  );
}
