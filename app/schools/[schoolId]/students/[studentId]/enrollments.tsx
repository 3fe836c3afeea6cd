'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import {
  Badge,
  Button,
  Card,
  CardTitle,
  ConfirmButton,
  DAY_NAMES,
  QueryState,
  useErrorToast,
  useToast,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { useSchool } from '../../school-context';

type Enrollment = inferRouterOutputs<AppRouter>['enrollments']['list']['data'][number];

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
      <CardTitle id="enrollments-heading">Enrollments</CardTitle>
      <QueryState what="the enrollments" query={enrollments} />
      {enrollments.data && current.length === 0 && (
        <p className="text-muted-foreground">No active enrollments.</p>
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
                <Badge status={e.status}>{e.status}</Badge>{' '}
                <span className="text-muted-foreground">
                  {e.is_active || e.status === 'paused'
                    ? `since ${e.start_date}`
                    : `starts ${e.start_date}`}
                  {e.end_date && `, until ${e.end_date}`}
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
        <details className="mt-2">
          <summary className="cursor-pointer">Ended enrollments ({ended.length})</summary>
          <ul className="m-0 list-none p-0">
            {ended.map((e) => (
              <li key={e.id}>
                {lessonOf(e)}{' '}
                <span className="text-muted-foreground">
                  {e.start_date} – {e.end_date}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}
