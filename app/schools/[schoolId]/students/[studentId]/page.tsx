'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter, useSearchParams } from 'next/navigation';
import {
  Button,
  ConfirmButton,
  QueryState,
  useErrorToast,
  useToast,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { NotAllowed, useSchool } from '../../school-context';
import { EnrolInClass, Enrollments } from './enrollments';
import { StudentAttendance, StudentProfile } from './student-details';
import { StudentPayments } from './student-payments';
import { PortalAccess } from './portal-access';
import { StudentProgress } from './progress';
import { StudentTimeline } from './timeline';

/**
 * A student: profile, progress, enrollments, attendance statistics, payments and timeline.
 * Enrolling an active student in a class is the first action, in reach without scrolling.
 */
export default function StudentPage() {
  const { studentId } = useParams<{ studentId: string }>();
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const enrolFirst = useSearchParams().get('enrol') === '1';
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

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>{s.full_name}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {s.status === 'active' && !s.anonymized_at && (
            <EnrolInClass
              rider={s}
              openFirst={enrolFirst}
              // Closed, the dialog does not come back with a reload.
              onClosed={() => enrolFirst && router.replace(`/schools/${schoolId}/students/${s.id}`)}
            />
          )}
          {may('students.edit') && !s.anonymized_at && (
            <Button asChild size="sm">
              <Link href={`/schools/${schoolId}/students/${s.id}/edit`}>Edit</Link>
            </Button>
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
      <StudentProfile student={s} />
      <StudentProgress studentId={s.id} studentName={s.full_name} />
      <Enrollments studentId={s.id} />
      <StudentAttendance stats={s.attendance_stats} />
      {s.payments && <StudentPayments payments={s.payments} currency={school.currency} />}
      {!s.anonymized_at && <PortalAccess studentId={s.id} />}
      <StudentTimeline studentId={s.id} />
    </>
  );
}
