'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTRPC } from '../../../../trpc';
import { useToast, useErrorToast } from '../../../../ui';
import { NotAllowed, useSchool } from '../../school-context';
import { StudentForm } from '../student-form';

export default function NewStudentPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.students.create.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.students.list.pathKey() });
        toast('success', `${result.data.full_name} was added.`);
        router.push(`/schools/${schoolId}/students/${result.data.id}`);
      },
      onError: showError,
    }),
  );
  if (!may('students.create')) return <NotAllowed />;
  return (
    <>
      <h1>New student</h1>
      <StudentForm
        submitLabel="Create student"
        pending={create.isPending}
        serverError={create.error}
        onSubmit={(input) => create.mutate({ schoolId, ...input })}
      />
    </>
  );
}
