'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import {
  Button,
  QueryState,
  RowActions,
  useErrorToast,
  useToast,
  type RowAction,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { NotAllowed, useSchool } from '../../school-context';
import { EnrolDialog, Enrollments } from './enrollments';
import { StudentAttendance, StudentProfile } from './student-details';
import { StudentPayments } from './student-payments';
import { PortalAccess } from './portal-access';
import { StudentProgress } from './progress';
import { StudentTimeline } from './timeline';

/**
 * A student: profile, progress, enrollments, attendance statistics, payments and timeline.
 * Enrolling an active student in a class is the first action, in reach without scrolling;
 * on a phone, erasing and deleting wait behind "More".
 */
export default function StudentPage() {
  const { studentId } = useParams<{ studentId: string }>();
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const enrolFirst = useSearchParams().get('enrol') === '1';
  // Opened at once after "Create and enrol" on the new student's form.
  const [enrolling, setEnrolling] = useState(enrolFirst);
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
  const current = !s.anonymized_at;
  const mayEnrol = s.status === 'active' && current && may('enrollments.create');
  const actions: RowAction[] = [
    ...(mayEnrol ? [{ label: 'Enrol in a class', onSelect: () => setEnrolling(true) }] : []),
    ...(may('students.delete') && current
      ? [
          {
            label: 'Anonymize',
            destructive: true,
            confirm: "Erase this student's personal data? This cannot be undone.",
            disabled: anonymize.isPending,
            onSelect: () => anonymize.mutate({ schoolId, studentId: s.id }),
          },
        ]
      : []),
    ...(may('students.delete')
      ? [
          {
            label: 'Delete',
            destructive: true,
            confirm: 'Delete this student?',
            disabled: remove.isPending,
            onSelect: () => remove.mutate({ schoolId, studentId: s.id }),
          },
        ]
      : []),
  ];

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>{s.full_name}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {may('students.edit') && current && (
            <Button asChild variant="outline" size="sm">
              <Link href={`/schools/${schoolId}/students/${s.id}/edit`}>Edit</Link>
            </Button>
          )}
          <RowActions what={s.full_name} actions={actions} />
        </div>
      </div>
      <EnrolDialog
        rider={s}
        open={enrolling && mayEnrol}
        onClose={() => {
          setEnrolling(false);
          // Closed, the dialog does not come back with a reload.
          if (enrolFirst) router.replace(`/schools/${schoolId}/students/${s.id}`);
        }}
      />
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
