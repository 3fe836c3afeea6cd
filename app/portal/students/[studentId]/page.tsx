'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import {
  Badge,
  Card,
  CardTitle,
  type ColumnDef,
  ConfirmButton,
  DataTable,
  dateColumn,
  DAY_NAMES,
  Empty,
  formatDate,
  humanize,
  money,
  plural,
  QueryState,
  Stat,
  StatGrid,
  useErrorToast,
  useToast,
} from '../../../components/ui';
import { AccountBar } from '../../../account-bar';
import { conceptOf } from '../../../schools/[schoolId]/payments/payment-labels';
import { useTRPC } from '../../../trpc';
import { useRedirectOnUnauthorized } from '../../../use-signed-in';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';

type Outputs = inferRouterOutputs<AppRouter>['portal'];
type Payment = Outputs['payments']['data'][number];

/**
 * A rider as their family sees them (DESIGN-MODULES A.5): next lessons and classes, this
 * week, attendance, progress with badges and certificates, payments and competition results.
 * Read-only (G.7); the person may stop following the rider.
 */
export default function PortalStudentPage() {
  const { studentId } = useParams<{ studentId: string }>();
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const input = { studentId };
  const student = useQuery({ ...trpc.portal.student.queryOptions(input), retry: false });
  useRedirectOnUnauthorized(student.error);
  const ok = student.isSuccess;
  const week = useQuery({ ...trpc.portal.schedule.queryOptions(input), enabled: ok });
  const attendance = useQuery({ ...trpc.portal.attendance.queryOptions(input), enabled: ok });
  const progress = useQuery({ ...trpc.portal.progress.queryOptions(input), enabled: ok });
  const badges = useQuery({ ...trpc.portal.badges.queryOptions(input), enabled: ok });
  const certificates = useQuery({ ...trpc.portal.certificates.queryOptions(input), enabled: ok });
  const payments = useQuery({ ...trpc.portal.payments.queryOptions(input), enabled: ok });
  const competitions = useQuery({ ...trpc.portal.competitions.queryOptions(input), enabled: ok });
  const leave = useMutation(
    trpc.portal.leave.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.portal.students.queryKey() });
        toast('success', 'You no longer follow this rider.');
        router.push('/portal');
      },
      onError: showError,
    }),
  );
  const s = student.data?.data;
  const p = progress.data?.data;

  return (
    <>
      <AccountBar />
      <main>
        <p>
          <Link href="/portal">← Family portal</Link>
        </p>
        {!s && <QueryState what="the rider" query={student} />}
        {s && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h1>
                {s.first_name} {s.last_name}
              </h1>
              <ConfirmButton
                label="Stop following"
                question={`Stop following ${s.first_name} in the portal? The school can invite you again.`}
                disabled={leave.isPending}
                onConfirm={() => leave.mutate({ linkId: s.link_id })}
              />
            </div>
            <p className="text-muted-foreground">{s.school.name}</p>

            <Card aria-labelledby="lessons-heading">
              <CardTitle id="lessons-heading">Next lessons</CardTitle>
              {s.next_sessions.length === 0 ? (
                <Empty>No lessons in the next three weeks.</Empty>
              ) : (
                <ul className="m-0 list-none p-0">
                  {s.next_sessions.map((lesson) => (
                    <li
                      key={`${lesson.date}-${lesson.start_time}`}
                      className="border-b border-border py-1.5"
                    >
                      <strong>
                        {formatDate(lesson.date)}, {lesson.start_time}–{lesson.end_time}
                      </strong>{' '}
                      {lesson.class_name}
                      <span className="block text-sm text-muted-foreground">
                        with {lesson.instructor_name}
                        {lesson.horse_name && ` · ${lesson.horse_name}`}
                        {lesson.location && ` · ${lesson.location}`}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <h3 className="mt-3 text-base font-bold">Classes</h3>
              {s.enrollments.length === 0 && <Empty>No current classes.</Empty>}
              <ul className="m-0 list-none p-0">
                {s.enrollments.map((e) => (
                  <li key={e.id}>
                    {e.class_name}: {DAY_NAMES[e.day_of_week]} {e.start_time}–{e.end_time}, with{' '}
                    {e.instructor_name} <Badge status={e.status}>{humanize(e.status)}</Badge>
                  </li>
                ))}
              </ul>
            </Card>

            <Card aria-labelledby="week-heading">
              <CardTitle id="week-heading">This week</CardTitle>
              {!week.data && <QueryState what="the week" query={week} />}
              {week.data?.data.sessions.length === 0 && <Empty>No lessons this week.</Empty>}
              <ul className="m-0 list-none p-0">
                {week.data?.data.sessions.map((lesson) => (
                  <li key={`${lesson.date}-${lesson.start_time}`}>
                    {formatDate(lesson.date)}, {lesson.start_time} {lesson.class_name}{' '}
                    {lesson.attendance && <Badge>{humanize(lesson.attendance)}</Badge>}
                  </li>
                ))}
              </ul>
            </Card>

            <Card aria-labelledby="progress-heading">
              <CardTitle id="progress-heading">Progress</CardTitle>
              {!p && <QueryState what="the progress" query={progress} />}
              {p && (
                <StatGrid>
                  <Stat
                    label="Level"
                    value={p.current_level?.name ?? humanize(s.level)}
                    note={p.next_level ? `next: ${p.next_level.name}` : 'top of the ladder'}
                  />
                  <Stat
                    label="Attendance"
                    value={
                      attendance.data ? `${attendance.data.data.stats.attendance_rate} %` : '—'
                    }
                    note={
                      attendance.data
                        ? `${plural(attendance.data.data.stats.total, 'class', 'classes')}, last 90 days`
                        : 'last 90 days'
                    }
                  />
                  <Stat label="Badges" value={p.badges_count} note="earned" />
                  <Stat label="Certificates" value={p.certificates_count} note="valid" />
                </StatGrid>
              )}
              {badges.data && badges.data.data.length > 0 && (
                <ul className="m-0 flex list-none flex-wrap gap-2 p-0" aria-label="Badges">
                  {badges.data.data.map((award) => (
                    <li key={award.id}>
                      <Badge tone="ok">{award.badge.name}</Badge>{' '}
                      <span className="text-sm text-muted-foreground">
                        {formatDate(award.awarded_on)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {certificates.data && certificates.data.data.length > 0 && (
                <ul className="mt-2">
                  {certificates.data.data.map((c) => (
                    <li key={c.id}>
                      {c.title} ({formatDate(c.issued_on)}){' '}
                      <Badge tone={c.status === 'valid' ? 'ok' : 'bad'}>{humanize(c.status)}</Badge>{' '}
                      <a href={c.verify_url}>Check {c.code}</a>
                    </li>
                  ))}
                </ul>
              )}
            </Card>

            <Card aria-labelledby="payments-heading">
              <CardTitle id="payments-heading">Payments</CardTitle>
              {!payments.data && <QueryState what="the payments" query={payments} />}
              {payments.data && payments.data.data.length === 0 && <Empty>No payments.</Empty>}
              {payments.data && payments.data.data.length > 0 && (
                <DataTable
                  columns={paymentColumns}
                  data={payments.data.data}
                  getRowId={(x) => x.id}
                />
              )}
            </Card>

            <Card aria-labelledby="competitions-heading">
              <CardTitle id="competitions-heading">Competitions</CardTitle>
              {!competitions.data && <QueryState what="the competitions" query={competitions} />}
              {competitions.data?.data.length === 0 && <Empty>No competitions yet.</Empty>}
              <ul className="m-0 list-none p-0">
                {competitions.data?.data.map((entry) => (
                  <li key={entry.entry_id}>
                    {`${formatDate(entry.competition.date)} ${entry.competition.name} (${entry.category}): `}
                    {entry.result
                      ? entry.result.position
                        ? `placed ${entry.result.position} (${entry.result.ribbon} ribbon)`
                        : 'took part'
                      : humanize(entry.status)}
                  </li>
                ))}
              </ul>
            </Card>
          </>
        )}
      </main>
    </>
  );
}

const paymentColumns: ColumnDef<Payment>[] = [
  dateColumn<Payment>('due_date', 'Due'),
  { id: 'what', header: 'For', cell: ({ row: { original: x } }) => conceptOf(x) },
  {
    id: 'amount',
    header: 'Amount',
    cell: ({ row: { original: x } }) => money(x.amount, x.currency),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: x } }) => <Badge status={x.status}>{humanize(x.status)}</Badge>,
  },
];
