'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../../trpc';
import {
  DAY_NAMES,
  Dialog,
  Empty,
  fieldErrorsOf,
  FormErrorSummary,
  QueryState,
  SelectField,
  TextField,
  useErrorToast,
  useToast,
} from '../../../ui';
import { NotAllowed, todayIn, useSchool } from '../school-context';

/** A date `days` days after another (`YYYY-MM-DD`, calendar arithmetic in UTC). */
function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The week's schedule as a grid: days across, hours down, each lesson with its free places. */
export default function SchedulePage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const [week, setWeek] = useState(() => todayIn(school.timezone));
  const [creating, setCreating] = useState(false);
  const [enrolling, setEnrolling] = useState<Lesson | null>(null);
  const weekly = useQuery({
    ...trpc.schedules.weekly.queryOptions({ schoolId, week }),
    placeholderData: keepPreviousData,
    enabled: may('schedules.view'),
  });
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
          <button type="button" onClick={() => setCreating(true)}>
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
        <div className="card table-wrap">
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
                        .map((s) => (
                          <div key={s.id} className="lesson">
                            <strong>{s.class.name}</strong>
                            <span>
                              {s.start_time}–{s.end_time}
                            </span>
                            <span className="muted">{s.instructor.full_name}</span>
                            <span className={s.available_spots === 0 ? 'badge failed' : 'badge'}>
                              {s.available_spots === 0 ? 'Full' : `${s.available_spots} free`}
                            </span>
                            {may('enrollments.create') && s.available_spots > 0 && (
                              <button
                                type="button"
                                className="plain-button small"
                                onClick={() =>
                                  setEnrolling({
                                    id: s.id,
                                    classId: s.class.id,
                                    title: `${s.class.name}, ${DAY_NAMES[day.day_of_week]} ${s.start_time}`,
                                  })
                                }
                              >
                                Enroll
                                <span className="visually-hidden">
                                  {' '}
                                  in {s.class.name}, {DAY_NAMES[day.day_of_week]} {s.start_time}
                                </span>
                              </button>
                            )}
                          </div>
                        ))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog title="New lesson" open={creating} onClose={() => setCreating(false)}>
        <LessonForm onDone={() => setCreating(false)} />
      </Dialog>
      <Dialog
        title={`Enroll in ${enrolling?.title ?? ''}`}
        open={enrolling !== null}
        onClose={() => setEnrolling(null)}
      >
        {enrolling && <EnrollForm lesson={enrolling} onDone={() => setEnrolling(null)} />}
      </Dialog>
    </>
  );
}

type Lesson = { id: string; classId: string; title: string };

function LessonForm({ onDone }: { onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const classes = useQuery(trpc.classes.list.queryOptions({ schoolId, status: 'active' }));
  const instructors = useQuery(trpc.instructors.list.queryOptions({ schoolId, status: 'active' }));
  const [values, setValues] = useState({
    class_id: '',
    instructor_id: '',
    day_of_week: '1',
    start_time: '',
    end_time: '',
    location: '',
  });
  const create = useMutation(
    trpc.schedules.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.schedules.pathKey() });
        toast('success', 'The lesson was added to the schedule.');
        onDone();
      },
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const bind = (name: keyof typeof values) => ({
    name,
    value: values[name],
    errors,
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      schoolId,
      ...values,
      day_of_week: Number(values.day_of_week),
      location: values.location || null,
    });
  }
  return (
    <form onSubmit={submit}>
      <SelectField
        label="Class"
        required
        options={[
          { value: '', label: 'Choose a class' },
          ...(classes.data?.data.map((c) => ({ value: c.id, label: c.name })) ?? []),
        ]}
        {...bind('class_id')}
      />
      <SelectField
        label="Instructor"
        required
        options={[
          { value: '', label: 'Choose an instructor' },
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
      </div>
      <TextField label="Location" {...bind('location')} />
      <FormErrorSummary error={create.error} />
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Add lesson'}
        </button>
        <button type="button" className="plain-button" onClick={onDone}>
          Close
        </button>
      </div>
    </form>
  );
}

function EnrollForm({ lesson, onDone }: { lesson: Lesson; onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const students = useQuery(
    trpc.students.list.queryOptions({ schoolId, status: 'active', per_page: 100 }),
  );
  const horses = useQuery(trpc.horses.list.queryOptions({ schoolId, status: 'active' }));
  const [studentId, setStudentId] = useState('');
  const [horseId, setHorseId] = useState('');
  const enroll = useMutation(
    trpc.enrollments.create.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.schedules.pathKey() });
        toast('success', `${result.data.student.full_name} was enrolled.`);
        onDone();
      },
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(enroll.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    enroll.mutate({
      schoolId,
      student_id: studentId,
      class_id: lesson.classId,
      schedule_id: lesson.id,
      horse_id: horseId || null,
    });
  }
  return (
    <form onSubmit={submit}>
      <SelectField
        label="Student"
        name="student_id"
        required
        errors={errors}
        value={studentId}
        onChange={(e) => setStudentId(e.target.value)}
        options={[
          { value: '', label: students.isPending ? 'Loading…' : 'Choose a student' },
          ...(students.data?.data.map((s) => ({ value: s.id, label: s.full_name })) ?? []),
        ]}
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
      {errors.schedule_id?.map((m) => (
        <p key={m} className="error">
          {m}
        </p>
      ))}
      <FormErrorSummary error={enroll.error} />
      <div className="actions">
        <button type="submit" disabled={enroll.isPending || !studentId}>
          {enroll.isPending ? 'Enrolling…' : 'Enroll'}
        </button>
        <button type="button" className="plain-button" onClick={onDone}>
          Close
        </button>
      </div>
    </form>
  );
}
