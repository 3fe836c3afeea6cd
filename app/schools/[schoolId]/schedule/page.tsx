'use client';

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useDeferredValue, useState, type FormEvent } from 'react';
import type { AppRouter } from '@/server/router';
import { scheduleFields } from '@/server/schools/schedule-schema';
import { useTRPC } from '../../../trpc';
import {
  ConfirmButton,
  DAY_NAMES,
  Dialog,
  Empty,
  fieldErrorsOf,
  FormActions,
  FormErrorSummary,
  numberOr,
  QueryState,
  SelectField,
  TableWrap,
  TextField,
  useErrorToast,
  useSchemaForm,
} from '../../../ui';
import { useAfterWrite } from '../record-list';
import { NotAllowed, todayIn, useSchool } from '../school-context';

type Week = inferRouterOutputs<AppRouter>['schedules']['weekly']['data'];
/** A lesson of the grid with its weekday. */
type Lesson = Week['days'][number]['schedules'][number] & { day_of_week: number };

/** A date `days` days after another (`YYYY-MM-DD`, calendar arithmetic in UTC). */
function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const lessonTitle = (lesson: Lesson) =>
  `${lesson.class.name}, ${DAY_NAMES[lesson.day_of_week]} ${lesson.start_time}`;

/**
 * The week's schedule as a grid: days across, hours down, each lesson with its free places;
 * lessons are added, changed, removed and enrolled in from here, as the role allows.
 */
export default function SchedulePage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast();
  const [week, setWeek] = useState(() => todayIn(school.timezone));
  const [editing, setEditing] = useState<Lesson | 'new' | null>(null);
  const [enrolling, setEnrolling] = useState<Lesson | null>(null);
  const weekly = useQuery({
    ...trpc.schedules.weekly.queryOptions({ schoolId, week }),
    placeholderData: keepPreviousData,
    enabled: may('schedules.view'),
  });
  const remove = useMutation(trpc.schedules.remove.mutationOptions({ onError: showError }));
  if (!may('schedules.view')) return <NotAllowed />;
  const data = weekly.data?.data;
  const hours = [
    ...new Set(data?.days.flatMap((d) => d.schedules.map((s) => s.start_time.slice(0, 2))) ?? []),
  ].sort();

  return (
    <>
      <div className="page-head">
        <h1>Schedule</h1>
        {may('schedules.create') && (
          <button type="button" onClick={() => setEditing('new')}>
            New lesson
          </button>
        )}
      </div>
      <nav className="pager" aria-label="Weeks">
        <button
          type="button"
          className="plain-button small"
          onClick={() => setWeek(addDays(data?.start_date ?? week, -7))}
        >
          Previous week
        </button>
        <span>{data ? `${data.week}: ${data.start_date} – ${data.end_date}` : week}</span>
        <button
          type="button"
          className="plain-button small"
          onClick={() => setWeek(addDays(data?.start_date ?? week, 7))}
        >
          Next week
        </button>
      </nav>
      <QueryState what="the schedule" query={weekly} />
      {data && hours.length === 0 && <Empty>No lessons are scheduled.</Empty>}
      {data && hours.length > 0 && (
        <TableWrap className="card">
          <table className="week-grid" aria-busy={weekly.isFetching}>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Hour</span>
                </th>
                {data.days.map((day) => (
                  <th key={day.date} scope="col">
                    {DAY_NAMES[day.day_of_week]}
                    <br />
                    <span className="muted">{day.date.slice(5)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {hours.map((hour) => (
                <tr key={hour}>
                  <th scope="row">{hour}:00</th>
                  {data.days.map((day) => (
                    <td key={day.date}>
                      {day.schedules
                        .filter((s) => s.start_time.startsWith(hour))
                        .map((s) => {
                          const lesson = { ...s, day_of_week: day.day_of_week };
                          const title = lessonTitle(lesson);
                          return (
                            <div key={s.id} className="lesson">
                              <strong>{s.class.name}</strong>
                              <span>
                                {s.start_time}–{s.end_time}
                              </span>
                              <span className="muted">{s.instructor.full_name}</span>
                              <span className={s.available_spots === 0 ? 'badge failed' : 'badge'}>
                                {s.available_spots === 0 ? 'Full' : `${s.available_spots} free`}
                              </span>
                              <div className="actions">
                                {may('enrollments.create') && s.available_spots > 0 && (
                                  <button
                                    type="button"
                                    className="plain-button small"
                                    onClick={() => setEnrolling(lesson)}
                                  >
                                    Enroll<span className="visually-hidden"> in {title}</span>
                                  </button>
                                )}
                                {may('schedules.edit') && (
                                  <button
                                    type="button"
                                    className="plain-button small"
                                    onClick={() => setEditing(lesson)}
                                  >
                                    Edit<span className="visually-hidden"> {title}</span>
                                  </button>
                                )}
                                {may('schedules.delete') && (
                                  <ConfirmButton
                                    label="Delete"
                                    what={title}
                                    question={`Delete ${title} from the schedule?`}
                                    disabled={remove.isPending}
                                    onConfirm={() =>
                                      remove.mutate(
                                        { schoolId, scheduleId: s.id },
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
                        })}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
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

/** A new lesson, or changes to one: its class, instructor, weekday, hours and places. */
function LessonForm({ lesson, onDone }: { lesson?: Lesson; onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast({ inline: true });
  const classes = useQuery(trpc.classes.list.queryOptions({ schoolId, status: 'active' }));
  const instructors = useQuery(trpc.instructors.list.queryOptions({ schoolId, status: 'active' }));
  const options = { onError: showError };
  const create = useMutation(trpc.schedules.create.mutationOptions(options));
  const update = useMutation(trpc.schedules.update.mutationOptions(options));
  const save = lesson ? update : create;
  const form = useSchemaForm({
    initial: {
      class_id: lesson?.class.id ?? '',
      instructor_id: lesson?.instructor.id ?? '',
      day_of_week: String(lesson?.day_of_week ?? 1),
      start_time: lesson?.start_time ?? '',
      end_time: lesson?.end_time ?? '',
      location: lesson?.location ?? '',
      max_students: lesson?.max_students.toString() ?? '',
    },
    schema: scheduleFields,
    toInput: (v) => ({
      ...v,
      class_id: v.class_id || undefined,
      instructor_id: v.instructor_id || undefined,
      start_time: v.start_time || undefined,
      end_time: v.end_time || undefined,
      day_of_week: Number(v.day_of_week),
      // Left empty, a new lesson takes its class's number of places.
      max_students: numberOr(v.max_students, undefined),
    }),
    serverError: save.error,
    send: (input) => {
      const done = {
        onSuccess: afterWrite(
          trpc.schedules.pathKey(),
          lesson ? 'The lesson was saved.' : 'The lesson was added to the schedule.',
          onDone,
        ),
      };
      if (lesson) update.mutate({ schoolId, scheduleId: lesson.id, ...input }, done);
      else create.mutate({ schoolId, ...input }, done);
    },
  });
  const { bind } = form;
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <SelectField
        label="Class"
        required
        options={[
          { value: '', label: classes.isPending ? 'Loading…' : 'Choose a class' },
          ...(classes.data?.data.map((c) => ({ value: c.id, label: c.name })) ?? []),
        ]}
        {...bind('class_id')}
      />
      <SelectField
        label="Instructor"
        required
        options={[
          { value: '', label: instructors.isPending ? 'Loading…' : 'Choose an instructor' },
          ...(instructors.data?.data.map((i) => ({ value: i.id, label: i.full_name })) ?? []),
        ]}
        {...bind('instructor_id')}
      />
      <SelectField
        label="Day"
        options={DAY_NAMES.map((d, i) => ({ value: String(i), label: d }))}
        {...bind('day_of_week')}
      />
      <div className="form-grid">
        <TextField label="Starts" type="time" required {...bind('start_time')} />
        <TextField label="Ends" type="time" required {...bind('end_time')} />
        <TextField
          label="Places"
          type="number"
          inputMode="numeric"
          hint={lesson ? undefined : "Empty: the class's"}
          {...bind('max_students')}
        />
        <TextField label="Location" {...bind('location')} />
      </div>
      <FormErrorSummary errors={form.errors} />
      <FormActions
        label={lesson ? 'Save lesson' : 'Add lesson'}
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

/** Enrolls a student, found by name, in a lesson from a date, with a horse if one is chosen. */
function EnrollForm({ lesson, onDone }: { lesson: Lesson; onDone: () => void }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const afterWrite = useAfterWrite();
  const showError = useErrorToast({ inline: true });
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const students = useQuery({
    ...trpc.students.list.queryOptions({
      schoolId,
      status: 'active',
      search: deferredSearch || undefined,
      per_page: 50,
    }),
    placeholderData: keepPreviousData,
  });
  const horses = useQuery(trpc.horses.list.queryOptions({ schoolId, status: 'active' }));
  const [studentId, setStudentId] = useState('');
  const [startDate, setStartDate] = useState(() => todayIn(school.timezone));
  const [horseId, setHorseId] = useState('');
  const [unchosen, setUnchosen] = useState(false);
  const enroll = useMutation(trpc.enrollments.create.mutationOptions({ onError: showError }));
  const errors = unchosen
    ? { student_id: ['The student id field is required.'] }
    : fieldErrorsOf(enroll.error);
  const found = students.data?.data ?? [];
  function submit(event: FormEvent) {
    event.preventDefault();
    setUnchosen(!studentId);
    if (!studentId) return;
    enroll.mutate(
      {
        schoolId,
        student_id: studentId,
        class_id: lesson.class.id,
        schedule_id: lesson.id,
        start_date: startDate,
        horse_id: horseId || null,
      },
      {
        onSuccess: (result) =>
          afterWrite(
            trpc.schedules.pathKey(),
            `${result.data.student.full_name} was enrolled.`,
            onDone,
          )(),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Find by name"
        name="search"
        type="search"
        autoComplete="off"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setStudentId('');
        }}
      />
      <SelectField
        label="Student"
        name="student_id"
        required
        errors={errors}
        value={studentId}
        onChange={(e) => setStudentId(e.target.value)}
        hint={
          students.data && students.data.meta.total > found.length
            ? `The first ${found.length} of ${students.data.meta.total}: type a name to narrow.`
            : undefined
        }
        options={[
          {
            value: '',
            label: students.isPending
              ? 'Loading…'
              : found.length === 0
                ? 'No active student matches'
                : 'Choose a student',
          },
          ...found.map((s) => ({ value: s.id, label: s.full_name })),
        ]}
      />
      <TextField
        label="Start date"
        name="start_date"
        type="date"
        required
        errors={errors}
        value={startDate}
        onChange={(e) => setStartDate(e.target.value)}
      />
      <SelectField
        label="Horse"
        name="horse_id"
        errors={errors}
        value={horseId}
        onChange={(e) => setHorseId(e.target.value)}
        options={[
          { value: '', label: 'No horse' },
          ...(horses.data?.data.map((h) => ({ value: h.id, label: h.name })) ?? []),
        ]}
      />
      {[...(errors.schedule_id ?? []), ...(errors.class_id ?? [])].map((message) => (
        <p key={message} className="error" role="alert">
          {message}
        </p>
      ))}
      <FormErrorSummary errors={errors} />
      <FormActions label="Enroll" pending={enroll.isPending} onCancel={onDone} />
    </form>
  );
}
