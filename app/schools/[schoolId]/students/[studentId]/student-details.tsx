import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import { Card, CardTitle, DetailList, formatDate, humanize } from '../../../../components/ui';

export type Student = inferRouterOutputs<AppRouter>['students']['get']['data'];

/** The student's profile: status, level, age, document and contacts. */
export function StudentProfile({ student: s }: { student: Student }) {
  return (
    <Card aria-labelledby="profile-heading">
      <CardTitle id="profile-heading">Profile</CardTitle>
      <DetailList>
        <dt>Status</dt>
        <dd>{humanize(s.status)}</dd>
        <dt>Level</dt>
        <dd>{humanize(s.level)}</dd>
        <dt>Birth date</dt>
        <dd>{s.birth_date ? `${formatDate(s.birth_date)} (${s.age} years)` : '—'}</dd>
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
      </DetailList>
    </Card>
  );
}

/** The student's attendance: the rate and the count of each status. */
export function StudentAttendance({ stats }: { stats: Student['attendance_stats'] }) {
  return (
    <Card aria-labelledby="attendance-heading">
      <CardTitle id="attendance-heading">Attendance</CardTitle>
      {stats.total === 0 ? (
        <p className="text-muted-foreground">No attendance recorded yet.</p>
      ) : (
        <DetailList>
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
        </DetailList>
      )}
    </Card>
  );
}
