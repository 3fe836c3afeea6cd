'use client';

import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import {
  DetailList,
  Dialog,
  errorMessage,
  humanize,
  RowActions,
  type RowAction,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useAfterWrite } from '../record-list';
import { useSchool } from '../school-context';
import { dayTitle, lessonTitle, placesText, type Lesson } from './calendar';
import { EnrollForm } from './enroll-form';
import { LessonForm } from './lesson-form';

/** What the lesson's dialog shows: its details, the enrolment form or the lesson form. */
export type LessonMode = 'details' | 'enrol' | 'edit';

/**
 * One lesson in a dialog: its details and roster with the actions the role allows. Enrolling
 * and editing open their form in the same dialog, which closes when the form is done: the
 * toast that follows a write is hidden from assistive technology while a modal is open.
 * Closed while `lesson` is undefined, which is also how it closes once its lesson is deleted.
 */
export function LessonDialog({
  lesson,
  mode,
  onMode,
  onClose,
}: {
  lesson: Lesson | undefined;
  mode: LessonMode;
  onMode: (mode: LessonMode) => void;
  onClose: () => void;
}) {
  const title = lesson ? lessonTitle(lesson) : '';
  return (
    <Dialog
      title={mode === 'enrol' ? `Enrol in ${title}` : mode === 'edit' ? `Edit ${title}` : title}
      open={lesson !== undefined}
      onClose={onClose}
    >
      {lesson && <LessonDialogBody lesson={lesson} mode={mode} onMode={onMode} onClose={onClose} />}
    </Dialog>
  );
}

function LessonDialogBody({
  lesson,
  mode,
  onMode,
  onClose,
}: {
  lesson: Lesson;
  mode: LessonMode;
  onMode: (mode: LessonMode) => void;
  onClose: () => void;
}) {
  const body = useRef<HTMLDivElement>(null);
  const shown = useRef(mode);
  // The button that opened a form is gone: focus goes to the form's first field rather than
  // falling back to the dialog itself.
  useEffect(() => {
    if (shown.current === mode) return;
    shown.current = mode;
    body.current
      ?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button')
      ?.focus();
  }, [mode]);
  return (
    <div ref={body}>
      {mode === 'details' && (
        <LessonDetails
          lesson={lesson}
          onEnrol={() => onMode('enrol')}
          onEdit={() => onMode('edit')}
          onDeleted={onClose}
        />
      )}
      {mode === 'enrol' && <EnrollForm lesson={lesson} onDone={onClose} />}
      {mode === 'edit' && <LessonForm lesson={lesson} onDone={onClose} />}
    </div>
  );
}

/** When, what, who and how many; the actions; then who is enrolled, with their horses. */
function LessonDetails({
  lesson,
  onEnrol,
  onEdit,
  onDeleted,
}: {
  lesson: Lesson;
  onEnrol: () => void;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  // A refusal (a lesson with history) is said here: a toast would be hidden behind the modal.
  const remove = useMutation(trpc.schedules.remove.mutationOptions());
  const title = lessonTitle(lesson);
  const full = lesson.available_spots === 0;
  const mayEnrol = may('enrollments.create');
  const rosterId = `roster-${lesson.id}`;
  const actions: RowAction[] = [
    ...(mayEnrol && !full ? [{ label: 'Enrol a student', onSelect: onEnrol }] : []),
    ...(may('schedules.edit') ? [{ label: 'Edit', onSelect: onEdit }] : []),
    ...(may('schedules.delete')
      ? [
          {
            label: 'Delete',
            destructive: true,
            confirm: `Delete ${title} from the schedule?`,
            disabled: remove.isPending,
            onSelect: () =>
              remove.mutate(
                { schoolId, scheduleId: lesson.id },
                {
                  onSuccess: afterWrite(
                    trpc.schedules.pathKey(),
                    `${title} was removed from the schedule.`,
                    onDeleted,
                  ),
                },
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      <DetailList className="my-3">
        <dt>When</dt>
        <dd>
          {dayTitle(lesson)}, {lesson.start_time}–{lesson.end_time}
        </dd>
        <dt>Class</dt>
        <dd>
          {lesson.class.name} · {humanize(lesson.class.type)} class
        </dd>
        <dt>Instructor</dt>
        <dd>{lesson.instructor.full_name}</dd>
        <dt>Level</dt>
        <dd>{humanize(lesson.class.level)}</dd>
        {lesson.location && (
          <>
            <dt>Location</dt>
            <dd>{lesson.location}</dd>
          </>
        )}
        <dt>Places</dt>
        <dd className={full ? 'font-semibold text-destructive' : undefined}>
          {lesson.enrolled_count} enrolled, {placesText(lesson).toLowerCase()}
        </dd>
      </DetailList>
      {actions.length > 0 && (
        <div className="my-3">
          <RowActions what={title} actions={actions} />
        </div>
      )}
      {remove.error && (
        <p role="alert" className="text-destructive">
          {errorMessage(remove.error)}
        </p>
      )}
      <h3 id={rosterId} className="mt-4 mb-2">
        Enrolled students ({lesson.enrolled_count})
      </h3>
      {lesson.students.length === 0 ? (
        <p className="text-muted-foreground">No student is enrolled on this date.</p>
      ) : (
        <ul aria-labelledby={rosterId} className="m-0 flex list-none flex-col gap-1 p-0">
          {lesson.students.map((s) => (
            <li key={s.enrollment_id}>
              {may('students.view') ? (
                <Link href={`/schools/${schoolId}/students/${s.student_id}`}>{s.full_name}</Link>
              ) : (
                s.full_name
              )}
              {s.horse_name && <span className="text-muted-foreground"> on {s.horse_name}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
