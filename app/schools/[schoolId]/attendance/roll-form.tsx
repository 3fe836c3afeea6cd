'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ATTENDANCE_STATUSES } from '@/db/schema/school-values';
import {
  Button,
  cardClass,
  fieldErrorsOf,
  humanize,
  Label,
  NativeSelect,
  useErrorToast,
  useToast,
} from '../../../components/ui';
import { fieldMessages, rowOf, type FieldName } from '../../../components/ui/errors';
import { useTRPC } from '../../../trpc';
import { useSchool } from '../school-context';

export type Mark = {
  status: (typeof ATTENDANCE_STATUSES)[number];
  horse_id: string;
  rating: string;
};
export type Student = { enrollment_id: string; full_name: string; horse_id: string | null };

const RATINGS = [1, 2, 3, 4, 5];

/** A rider's marks as the roll's columns name them; the enrolment is the rider's place. */
const MARK_LABELS: Record<string, string> = {
  enrollment_id: 'Enrolment',
  status: 'Attendance',
  horse_id: 'Horse',
  performance_rating: 'Rating',
};

/**
 * How the roll's refusals name a field: a rider's mark (`attendance.2.horse_id`) by the
 * rider's name and the column's label ("Ana Torres: Not enrolled in this class on 20 Nov
 * 2026."), the schedule as the page's picker calls it: the class.
 */
function rollNames(students: Student[]) {
  return (path: string): FieldName | undefined => {
    if (path === 'schedule_id') return { label: 'Class' };
    const mark = rowOf(path);
    if (mark?.list !== 'attendance') return undefined;
    return { label: MARK_LABELS[mark.field], row: students[mark.index]?.full_name };
  };
}

/** The roll of one class on one day: each student's status, horse and rating, saved at once. */
export function RollForm({
  scheduleId,
  date,
  when,
  students,
  initial,
  alreadyRecorded,
  horses,
  editable,
}: {
  scheduleId: string;
  date: string;
  /** The day in words: `today`, `on Fri 27 Nov`. */
  when: string;
  students: Student[];
  /** A mark per student, in the same order. */
  initial: Mark[];
  alreadyRecorded: boolean;
  horses: { id: string; name: string }[];
  editable: boolean;
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  // A 422 (a day still to come, an enrollment not running that day) is said in the form.
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const form = useForm({ defaultValues: { marks: initial } });
  const submit = useMutation(
    trpc.attendance.record.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.attendance.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() });
        toast('success', 'Attendance saved.');
      },
      onError: showError,
    }),
  );
  const refused = fieldMessages(fieldErrorsOf(submit.error), rollNames(students));
  const save = form.handleSubmit(({ marks }) =>
    submit.mutate({
      schoolId,
      schedule_id: scheduleId,
      date,
      attendance: students.map((s, i) => ({
        enrollment_id: s.enrollment_id,
        status: marks[i]!.status,
        horse_id: marks[i]!.horse_id || null,
        performance_rating: marks[i]!.rating ? Number(marks[i]!.rating) : null,
      })),
    }),
  );

  return (
    <form className={cardClass} onSubmit={save} aria-label="Attendance">
      {alreadyRecorded && (
        <p className="inline-block rounded-full bg-ok px-2 py-0.5 text-sm" role="note">
          Attendance was taken for this class {when}; saving again replaces it.
        </p>
      )}
      <ul className="m-0 list-none p-0">
        {students.map((s, i) => (
          <li key={s.enrollment_id} className="border-b border-border py-3">
            <fieldset className="m-0 flex flex-wrap gap-1 border-0 p-0" disabled={!editable}>
              <legend className="mb-1">
                <strong>{s.full_name}</strong>
              </legend>
              {ATTENDANCE_STATUSES.map((status) => (
                <label key={status} className="mb-0 font-normal">
                  <input
                    type="radio"
                    className="peer sr-only"
                    value={status}
                    {...form.register(`marks.${i}.status`)}
                  />
                  <span className="inline-block cursor-pointer rounded-md border border-border bg-card px-3 py-2 peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring">
                    {humanize(status)}
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="mt-2 grid grid-cols-2 gap-2">
              <div>
                <Label htmlFor={`horse-${s.enrollment_id}`}>
                  Horse<span className="sr-only"> for {s.full_name}</span>
                </Label>
                <NativeSelect
                  id={`horse-${s.enrollment_id}`}
                  disabled={!editable}
                  {...form.register(`marks.${i}.horse_id`)}
                >
                  <option value="">No horse</option>
                  {horses.map((h) => (
                    <option key={h.id} value={h.id}>
                      {h.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div>
                <Label htmlFor={`rating-${s.enrollment_id}`}>
                  Rating<span className="sr-only"> for {s.full_name}</span>
                </Label>
                <NativeSelect
                  id={`rating-${s.enrollment_id}`}
                  disabled={!editable}
                  {...form.register(`marks.${i}.rating`)}
                >
                  <option value="">No rating</option>
                  {RATINGS.map((n) => (
                    <option key={n} value={n}>
                      {'★'.repeat(n)} ({n})
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {refused.length > 0 && (
        <p role="alert" className="mt-3 mb-0 text-destructive">
          Not saved. {refused.join(' ')}
        </p>
      )}
      {editable && (
        <Button type="submit" className="mt-3" disabled={submit.isPending}>
          {submit.isPending ? 'Saving…' : 'Save attendance'}
        </Button>
      )}
    </form>
  );
}
