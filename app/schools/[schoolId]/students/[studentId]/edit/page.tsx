'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useRouter } from 'next/navigation';
import { useTRPC } from '../../../../../trpc';
import { QueryState, useToast, useErrorToast } from '../../../../../ui';
import { NotAllowed, useSchool } from '../../../school-context';
import { StudentForm } from '../../student-form';

export default function EditStudentPage() {
  const { studentId } = useParams<{ studentId: string }>();
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const student = useQuery({
    ...trpc.students.get.queryOptions({ schoolId, studentId }),
    enabled: may('students.edit'),
  });
  const update = useMutation(
    trpc.students.update.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.students.pathKey() });
        toast('success', `${result.data.full_name} was saved.`);
        router.push(`/schools/${schoolId}/students/${studentId}`);
      },
      onError: showError,
    }),
  );
  if (!may('students.edit')) return <NotAllowed />;
  if (!student.data) return <QueryState what="the student" query={student} />;
  return (
    <>
      <h1>Edit {student.data.data.full_name}</h1>
      <StudentForm
        student={student.data.data}
        submitLabel="Save student"
        pending={update.isPending}
        serverError={update.error}
        onSubmit={(input) => update.mutate({ schoolId, studentId, ...input })}
      />
    </>
  );
}
