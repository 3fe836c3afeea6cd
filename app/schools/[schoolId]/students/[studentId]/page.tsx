'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import { useTRPC } from '../../../../trpc';
import {
  ConfirmButton,
  DAY_NAMES,
  Empty,
  money,
  QueryState,
  TableWrap,
  useErrorToast,
  useToast,
} from '../../../../ui';
import { NotAllowed, useSchool } from '../../school-context';

/** A student: profile, active enrollments, attendance statistics and payments. */
export default function StudentPage() {
  const { studentId } = useParams<{ studentId: string }>();
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const student = useQuery({
    ...trpc.students.get.queryOptions({ schoolId, studentId }),
    enabled: may('students.view'),
  });
  const onDone = (message: string) => async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.students.pathKey() });
    toast('success', message);
  };
  const remove = useMutation(
    trpc.students.remove.mutationOptions({
      onSuccess: async () => {
        await onDone('The student was deleted.')();
        router.push(`/schools/${schoolId}/students`);
      },
      onError: showError,
    }),
  );
  const anonymize = useMutation(
    trpc.students.anonymize.mutationOptions({
      onSuccess: onDone('The personal data was erased.'),
      onError: showError,
    }),
  );

  if (!may('students.view')) return <NotAllowed />;
  if (!student.data) return <QueryState what="the student" query={student} />;
  const s = student.data.data;
  const stats = s.attendance_stats;

  return (
    <>
      <div className="page-head">
        <h1>{s.full_name}</h1>
        <div className="actions">
          {may('students.edit') && !s.anonymized_at && (
            <Link className="button small" href={`/schools/${schoolId}/students/${s.id}/edit`}>
              Edit
            </Link>
          )}
          {may('students.delete') && !s.anonymized_at && (
            <ConfirmButton
              label="Anonymize"
              question="Erase this student's personal data? This cannot be undone."
              disabled={anonymize.isPending}
              onConfirm={() => anonymize.mutate({ schoolId, studentId: s.id })}
            />
          )}
          {may('students.delete') && (
            <ConfirmButton
              label="Delete"
              question="Delete this student?"
              disabled={remove.isPending}
              onConfirm={() => remove.mutate({ schoolId, studentId: s.id })}
            />
          )}
        </div>
      </div>
      <section className="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <dl className="details">
          <dt>Status</dt>
          <dd>{s.status}</dd>
          <dt>Level</dt>
          <dd>{s.level}</dd>
          <dt>Birth date</dt>
          <dd>{s.birth_date ? `${s.birth_date} (${s.age} years)` : '—'}</dd>
          <dt>Document</dt>
          <dd>{[s.document_type, s.document_number].filter(Boolean).join(' ') || '—'}</dd>
          <dt>Phone</dt>
          <dd>{s.phone ?? '—'}</dd>
          <dt>E-mail</dt>
          <dd>{s.email ?? '—'}</dd>
          <dt>Address</dt>
          <dd>
            {[s.address.street, s.address.city, s.address.state].filter(Boolean).join(', ') || '—'}
          </dd>
          <dt>Emergency contact</dt>
          <dd>
            {[s.emergency_contact.name, s.emergency_contact.relationship, s.emergency_contact.phone]
              .filter(Boolean)
              .join(' · ') || '—'}
          </dd>
        </dl>
      </section>
      <Enrollments studentId={s.id} />
      <section className="card" aria-labelledby="attendance-heading">
        <h2 id="attendance-heading">Attendance</h2>
        {stats.total === 0 ? (
          <p className="muted">No attendance recorded yet.</p>
        ) : (
          <dl className="details">
            <dt>Attendance rate</dt>
            <dd>{stats.attendance_rate}%</dd>
            <dt>Present</dt>
            <dd>{stats.present}</dd>
            <dt>Late</dt>
            <dd>{stats.late}</dd>
            <dt>Absent</dt>
            <dd>{stats.absent}</dd>
            <dt>Excused</dt>
            <dd>{stats.excused}</dd>
          </dl>
        )}
      </section>
      {s.payments && (
        <section className="card" aria-labelledby="payments-heading">
          <h2 id="payments-heading">Payments</h2>
          {s.payments.length === 0 ? (
            <Empty>No payments.</Empty>
          ) : (
            <TableWrap>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Due</th>
                    <th scope="col">Concept</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {s.payments.map((p) => (
                    <tr key={p.id}>
                      <td>{p.due_date}</td>
                      <td>{p.description ?? p.concept}</td>
                      <td>{money(p.amount, school.currency)}</td>
                      <td>
                        <span className={`badge ${p.status}`}>{p.status}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )}
        </section>
      )}
    </>
  );
}

type Enrollment = inferRouterOutputs<AppRouter>['enrollments']['list']['data'][number];

const lessonOf = (e: Enrollment) =>
  `${e.class.name} · ${DAY_NAMES[e.schedule.day_of_week]} ${e.schedule.start_time}–${e.schedule.end_time}`;

/**
 * The student's enrollments: the current ones (active or paused) with pause, resume and end
 * as the role allows (DESIGN 6: ended is final and kept as history), and the ended ones.
 */
function Enrollments({ studentId }: { studentId: string }) {
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
    <section className="card" aria-labelledby="enrollments-heading">
      <h2 id="enrollments-heading">Enrollments</h2>
      <QueryState what="the enrollments" query={enrollments} />
      {enrollments.data && current.length === 0 && <p className="muted">No active enrollments.</p>}
      {current.length > 0 && (
        <ul className="plain enrollment-list">
          {current.map((e) => (
            <li key={e.id}>
              <div>
                <strong>{lessonOf(e)}</strong>
                {e.horse && <span className="muted"> · {e.horse.name}</span>}
                <br />
                <span className={`badge ${e.status}`}>{e.status}</span>{' '}
                <span className="muted">
                  {e.is_active || e.status === 'paused'
                    ? `since ${e.start_date}`
                    : `starts ${e.start_date}`}
                  {e.end_date && `, until ${e.end_date}`}
                </span>
              </div>
              <div className="actions">
                {may('enrollments.edit') && (
                  <button
                    type="button"
                    className="plain-button small"
                    disabled={busy}
                    onClick={() => setStatus(e, e.status === 'paused' ? 'active' : 'paused')}
                  >
                    {e.status === 'paused' ? 'Resume' : 'Pause'}
                    <span className="visually-hidden"> {lessonOf(e)}</span>
                  </button>
                )}
                {may('enrollments.delete') && (
                  <ConfirmButton
                    label="End"
                    what={lessonOf(e)}
                    question="End this enrollment today? It is kept as history and cannot be reopened."
                    disabled={busy}
                    onConfirm={() =>
                      end.mutate(
                        { schoolId, enrollmentId: e.id },
                        { onSuccess: onDone(`${e.class.name}: enrollment ended.`) },
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
        <details>
          <summary>Ended enrollments ({ended.length})</summary>
          <ul className="plain">
            {ended.map((e) => (
              <li key={e.id}>
                {lessonOf(e)}{' '}
                <span className="muted">
                  {e.start_date} – {e.end_date}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
