'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { z } from 'zod';
import { CLASS_LEVELS } from '@/db/schema/school-values';
import { enrollmentFields } from '@/server/schools/enrollment-schema';
import type { AppRouter } from '@/server/router';
import {
  Badge,
  blankAs,
  Button,
  Card,
  CardTitle,
  ConfirmButton,
  DAY_NAMES,
  Dialog,
  FormActions,
  FormErrorSummary,
  FormField,
  formatDate,
  humanize,
  NativeSelect,
  QueryState,
  TextInputField,
  useErrorToast,
  useRecordForm,
  useToast,
} from '../../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { LessonHorseField } from '../../pickers';
import { todayIn, useSchool } from '../../school-context';

type Outputs = inferRouterOutputs<AppRouter>;
type Enrollment = Outputs['enrollments']['list']['data'][number];
type Schedule = Outputs['schedules']['list']['data'][number];
type Rider = Pick<Outputs['students']['get']['data'], 'id' | 'full_name' | 'level'>;

const lessonOf = (e: Enrollment) =>
  `${e.class.name} · ${DAY_NAMES[e.schedule.day_of_week]} ${e.schedule.start_time}–${e.schedule.end_time}`;

/**
 * The student's enrollments: the current ones (active or paused) with pause, resume and end
 * as the role allows (DESIGN 6: ended is final and kept as history), and the ended ones.
 */
export function Enrollments({ studentId }: { studentId: string }) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const enrollments = useQuery(
    trpc.enrollments.list.queryOptions({ schoolId, student_id: studentId }),
  );
  const onDone = (message: string) => async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.enrollments.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.students.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.schedules.pathKey() }),
    ]);
    toast('success', message);
  };
  const update = useMutation(trpc.enrollments.update.mutationOptions({ onError: showError }));
  const end = useMutation(trpc.enrollments.remove.mutationOptions({ onError: showError }));
  const busy = update.isPending || end.isPending;
  const all = enrollments.data?.data ?? [];
  const current = all.filter((e) => e.status !== 'ended');
  const ended = all.filter((e) => e.status === 'ended');
  const setStatus = (e: Enrollment, status: 'active' | 'paused') =>
    update.mutate(
      { schoolId, enrollmentId: e.id, status },
      {
        onSuccess: onDone(`${e.class.name}: ${status === 'paused' ? 'paused' : 'resumed'}.`),
      },
    );

  return (
    <Card aria-labelledby="enrollments-heading">
      <CardTitle id="enrollments-heading">Enrolments</CardTitle>
      <QueryState what="the enrolments" query={enrollments} />
      {enrollments.data && current.length === 0 && (
        <p className="text-muted-foreground">No active enrolments.</p>
      )}
      {current.length > 0 && (
        <ul className="m-0 list-none p-0">
          {current.map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap justify-between gap-2 border-b border-border py-1.5"
            >
              <div>
                <strong>{lessonOf(e)}</strong>
                {e.horse && <span className="text-muted-foreground"> · {e.horse.name}</span>}
                <br />
                <Badge status={e.status}>{humanize(e.status)}</Badge>{' '}
                <span className="text-muted-foreground">
                  {e.is_active || e.status === 'paused'
                    ? `since ${formatDate(e.start_date)}`
                    : `starts ${formatDate(e.start_date)}`}
                  {e.end_date && `, until ${formatDate(e.end_date)}`}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {may('enrollments.edit') && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() => setStatus(e, e.status === 'paused' ? 'active' : 'paused')}
                  >
                    {e.status === 'paused' ? 'Resume' : 'Pause'}
                    <span className="sr-only"> {lessonOf(e)}</span>
                  </Button>
                )}
                {may('enrollments.delete') && (
                  <ConfirmButton
                    label="End"
                    what={lessonOf(e)}
                    question="End this enrolment today? It is kept as history and cannot be reopened."
                    disabled={busy}
                    onConfirm={() =>
                      end.mutate(
                        { schoolId, enrollmentId: e.id },
                        { onSuccess: onDone(`${e.class.name}: enrolment ended.`) },
                      )
                    }
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {ended.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer">Ended enrolments ({ended.length})</summary>
          <ul className="m-0 list-none p-0">
            {ended.map((e) => (
              <li key={e.id}>
                {lessonOf(e)}{' '}
                <span className="text-muted-foreground">
                  {formatDate(e.start_date)} – {e.end_date ? formatDate(e.end_date) : ''}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}

const enrolForm = enrollmentFields.pick({ start_date: true }).extend({
  schedule_id: blankAs(z.uuid({ error: 'Choose a lesson.' })),
  horse_id: blankAs(enrollmentFields.shape.horse_id, null),
});

/** `YYYY-MM-DD` `days` later (calendar arithmetic in UTC). */
function addDays(date: string, days: number) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const SHORT_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A weekly lesson as a choice for the rider, by its next date, and why it cannot be one. */
type LessonChoice = { schedule: Schedule; next: string; label: string; refused: string | null };

function lessonChoices(
  schedules: Schedule[],
  activeClasses: Set<string>,
  openIn: Set<string>,
  rider: Rider,
  today: string,
): LessonChoice[] {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const rank = (level: string) => CLASS_LEVELS.indexOf(level as (typeof CLASS_LEVELS)[number]);
  return schedules
    .filter((s) => activeClasses.has(s.class_id))
    .map((schedule) => {
      const next = addDays(today, (schedule.day_of_week - weekday + 7) % 7);
      const { class: klass, instructor } = schedule;
      const full = schedule.available_spots === 0;
      // A class above the rider's level is not for them; one at or below it is.
      const reason = openIn.has(schedule.id)
        ? 'already enrolled'
        : rank(klass.level) > rank(rider.level)
          ? `for ${klass.level} riders`
          : null;
      const label = [
        `${SHORT_DATE.format(new Date(`${next}T12:00:00Z`))} ${schedule.start_time}–${schedule.end_time}`,
        `${klass.name} (${humanize(klass.level)})`,
        instructor.full_name,
        full ? 'full' : `${schedule.available_spots} of ${schedule.max_students} free`,
        ...(reason ? [reason] : []),
      ].join(' · ');
      return { schedule, next, label, refused: reason ?? (full ? 'full' : null) };
    })
    .sort(
      (a, b) =>
        a.next.localeCompare(b.next) ||
        a.schedule.start_time.localeCompare(b.schedule.start_time) ||
        a.schedule.class.name.localeCompare(b.schedule.class.name),
    );
}

/**
 * Enrolls the rider in a weekly lesson that has a place and suits their level, listed by its
 * next date, then on a horse free at its time: the lessons come from the schedules and
 * classes, the horses' availability from the server's own check.
 */
function EnrolForm({ rider, onDone }: { rider: Rider; onDone: () => void }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const today = todayIn(school.timezone);
  const schedules = useQuery(trpc.schedules.list.queryOptions({ schoolId }));
  const classes = useQuery(trpc.classes.list.queryOptions({ schoolId, status: 'active' }));
  const enrollments = useQuery(
    trpc.enrollments.list.queryOptions({ schoolId, student_id: rider.id }),
  );
  const choices =
    schedules.data && classes.data && enrollments.data
      ? lessonChoices(
          schedules.data.data,
          new Set(classes.data.data.map((c) => c.id)),
          new Set(
            enrollments.data.data.filter((e) => e.status !== 'ended').map((e) => e.schedule_id),
          ),
          rider,
          today,
        )
      : null;
  const { form, onSubmit, pending } = useRecordForm(enrolForm, {
    defaultValues: { schedule_id: '', start_date: today, horse_id: '' },
    save: (input) => {
      const lesson = choices?.find((c) => c.schedule.id === input.schedule_id)?.schedule;
      return client.enrollments.create.mutate({
        schoolId,
        student_id: rider.id,
        class_id: lesson?.class_id ?? '',
        ...input,
      });
    },
    onSaved: async (_, result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.enrollments.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.students.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.schedules.pathKey() }),
      ]);
      toast('success', `${rider.full_name} was enrolled in ${result.data.class.name}.`);
      onDone();
    },
  });
  // A preprocessed field's value is typed `unknown`; the select holds a string.
  const scheduleId = (form.watch('schedule_id') as string) || undefined;
  const open = choices?.filter((c) => !c.refused).length ?? 0;
  // Refusals about the lesson or the rider have no field of their own here.
  const errors = form.formState.errors as Record<string, { message?: unknown } | undefined>;
  const otherErrors = [errors.class_id, errors.student_id].flatMap((e) =>
    typeof e?.message === 'string' ? [e.message] : [],
  );
  const loading = [schedules, classes, enrollments].find((q) => !q.data);

  return (
    <form noValidate onSubmit={onSubmit}>
      {loading && <QueryState what="the lessons" query={loading} />}
      <FormField
        form={form}
        name="schedule_id"
        label="Lesson"
        hint={
          choices
            ? `${open} of ${choices.length} weekly lessons open to ${rider.full_name}, by their next date.`
            : undefined
        }
      >
        {(control) => (
          <NativeSelect {...control} {...form.register('schedule_id')}>
            <option value="">
              {!choices
                ? 'Loading…'
                : choices.length === 0
                  ? 'No lessons scheduled'
                  : 'Choose a lesson'}
            </option>
            {choices?.map((c) => (
              <option key={c.schedule.id} value={c.schedule.id} disabled={c.refused !== null}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <LessonHorseField
        form={form}
        name="horse_id"
        scheduleId={scheduleId}
        startDate={form.watch('start_date')}
        riderLevel={rider.level}
      />
      <TextInputField form={form} name="start_date" label="Start date" type="date" required />
      {otherErrors.map((message) => (
        <p key={message} className="text-destructive" role="alert">
          {message}
        </p>
      ))}
      <FormErrorSummary form={form} />
      <FormActions label="Enrol" pending={pending} onCancel={onDone} />
    </form>
  );
}

/** The dialog of "Enrol in a class": the rider's enrolment in one of the weekly lessons. */
export function EnrolDialog({
  rider,
  open,
  onClose,
}: {
  rider: Rider;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog title={`Enrol ${rider.full_name}`} open={open} onClose={onClose}>
      {open && <EnrolForm rider={rider} onDone={onClose} />}
    </Dialog>
  );
}
