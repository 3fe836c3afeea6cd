'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { useTRPC } from '../../../../trpc';
import {
  ConfirmButton,
  DAY_NAMES,
  Empty,
  money,
  QueryState,
  useToast,
  useErrorToast,
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
      <section className="card" aria-labelledby="enrollments-heading">
        <h2 id="enrollments-heading">Enrollments</h2>
        {s.active_enrollments.length === 0 ? (
          <p className="muted">No active enrollments.</p>
        ) : (
          <ul className="plain">
            {s.active_enrollments.map((e) => (
              <li key={e.id}>
                <strong>{e.class_name}</strong> · {DAY_NAMES[e.day_of_week]} {e.start_time}–
                {e.end_time}
                {e.horse_name && <span className="muted"> · {e.horse_name}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
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
            <div className="table-wrap">
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
            </div>
          )}
        </section>
      )}
    </>
  );
}
