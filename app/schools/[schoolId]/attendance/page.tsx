'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { Suspense, useState, type FormEvent } from 'react';
import { useTRPC } from '../../../trpc';
import { Empty, QueryState, useToast, useErrorToast } from '../../../ui';
import { NotAllowed, todayIn, useSchool } from '../school-context';

const STATUSES = ['present', 'late', 'absent', 'excused'] as const;
type Status = (typeof STATUSES)[number];
type Mark = { status: Status; horse_id: string; rating: string };
type Student = { enrollment_id: string; full_name: string; horse_id: string | null };

export default function AttendancePage() {
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      <Attendance />
    </Suspense>
  );
}

/** Attendance: pick one of today's classes and mark each student. */
function Attendance() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const scheduleId = useSearchParams().get('schedule');
  const today = todayIn(school.timezone);
  const weekly = useQuery({
    ...trpc.schedules.weekly.queryOptions({ schoolId, week: today }),
    enabled: may('attendance.view'),
  });
  const schedules = weekly.data?.data.days.find((day) => day.date === today)?.schedules ?? [];
  const schedule = schedules.find((s) => s.id === scheduleId);

  if (!may('attendance.view')) return <NotAllowed />;
  return (
    <>
      <h1>Attendance</h1>
      <p className="muted">Today, {today}</p>
      <QueryState what="today's classes" query={weekly} />
      {weekly.data && schedules.length === 0 && <Empty>No classes are scheduled today.</Empty>}
      {schedules.length > 0 && (
        <div className="field">
          <label htmlFor="attendance-class">Class</label>
          <select
            id="attendance-class"
            value={scheduleId ?? ''}
            onChange={(event) =>
              router.replace(`/schools/${schoolId}/attendance?schedule=${event.target.value}`)
            }
          >
            <option value="">Choose one of today&apos;s classes</option>
            {schedules.map((s) => (
              <option key={s.id} value={s.id}>
                {s.start_time}–{s.end_time} {s.class.name} ({s.instructor.full_name})
              </option>
            ))}
          </select>
        </div>
      )}
      {schedule && (
        <Roll
          key={schedule.id}
          scheduleId={schedule.id}
          date={today}
          students={schedule.students}
        />
      )}
    </>
  );
}

function Roll({
  scheduleId,
  date,
  students,
}: {
  scheduleId: string;
  date: string;
  students: Student[];
}) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const recorded = useQuery(
    trpc.attendance.show.queryOptions({ schoolId, schedule_id: scheduleId, date }),
  );
  const horses = useQuery(trpc.horses.list.queryOptions({ schoolId, status: 'active' }));
  if (!recorded.data || !horses.data)
    return <QueryState what="the class" query={recorded.error ? recorded : horses} />;
  if (students.length === 0) return <Empty>No students are enrolled in this class.</Empty>;
  const byEnrollment = new Map(recorded.data.data.records.map((r) => [r.enrollment_id, r]));
  const initial = Object.fromEntries(
    students.map((s) => {
      const r = byEnrollment.get(s.enrollment_id);
      return [
        s.enrollment_id,
        {
          status: r?.status ?? 'present',
          horse_id: (r ? r.horse_id : s.horse_id) ?? '',
          rating: r?.performance_rating ? String(r.performance_rating) : '',
        },
      ];
    }),
  );
  return (
    <RollForm
      scheduleId={scheduleId}
      date={date}
      students={students}
      initial={initial}
      alreadyRecorded={recorded.data.data.records.length > 0}
      horses={horses.data.data}
      editable={may(
        recorded.data.data.records.length > 0 ? 'attendance.edit' : 'attendance.create',
      )}
    />
  );
}

function RollForm({
  scheduleId,
  date,
  students,
  initial,
  alreadyRecorded,
  horses,
  editable,
}: {
  scheduleId: string;
  date: string;
  students: Student[];
  initial: Record<string, Mark>;
  alreadyRecorded: boolean;
  horses: { id: string; name: string }[];
  editable: boolean;
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const [marks, setMarks] = useState(initial);
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
  const set = (enrollmentId: string, change: Partial<Mark>) =>
    setMarks((current) => ({
      ...current,
      [enrollmentId]: { ...current[enrollmentId]!, ...change },
    }));

  function save(event: FormEvent) {
    event.preventDefault();
    submit.mutate({
      schoolId,
      schedule_id: scheduleId,
      date,
      attendance: students.map((s) => {
        const mark = marks[s.enrollment_id]!;
        return {
          enrollment_id: s.enrollment_id,
          status: mark.status,
          horse_id: mark.horse_id || null,
          performance_rating: mark.rating ? Number(mark.rating) : null,
        };
      }),
    });
  }

  return (
    <form className="card" onSubmit={save} aria-label="Attendance">
      {alreadyRecorded && (
        <p className="badge sent" role="note">
          Attendance was taken for this class today; saving again replaces it.
        </p>
      )}
      <ul className="plain roll">
        {students.map((s) => {
          const mark = marks[s.enrollment_id]!;
          return (
            <li key={s.enrollment_id}>
              <fieldset className="segmented" disabled={!editable}>
                <legend>
                  <strong>{s.full_name}</strong>
                </legend>
                {STATUSES.map((status) => (
                  <label key={status}>
                    <input
                      type="radio"
                      name={`status-${s.enrollment_id}`}
                      value={status}
                      checked={mark.status === status}
                      onChange={() => set(s.enrollment_id, { status })}
                    />
                    <span>{status}</span>
                  </label>
                ))}
              </fieldset>
              <div className="roll-extra">
                <div className="field">
                  <label htmlFor={`horse-${s.enrollment_id}`}>
                    Horse<span className="visually-hidden"> for {s.full_name}</span>
                  </label>
                  <select
                    id={`horse-${s.enrollment_id}`}
                    disabled={!editable}
                    value={mark.horse_id}
                    onChange={(event) => set(s.enrollment_id, { horse_id: event.target.value })}
                  >
                    <option value="">No horse</option>
                    {horses.map((h) => (
                      <option key={h.id} value={h.id}>
                        {h.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`rating-${s.enrollment_id}`}>
                    Rating<span className="visually-hidden"> for {s.full_name}</span>
                  </label>
                  <select
                    id={`rating-${s.enrollment_id}`}
                    disabled={!editable}
                    value={mark.rating}
                    onChange={(event) => set(s.enrollment_id, { rating: event.target.value })}
                  >
                    <option value="">No rating</option>
                    {[1, 2, 3, 4, 5].map((n) => (
                      <option key={n} value={n}>
                        {'★'.repeat(n)} ({n})
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {editable && (
        <button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Saving…' : 'Save attendance'}
        </button>
      )}
    </form>
  );
}
