'use client';

import { useQuery } from '@tanstack/react-query';
import { useParams } from 'next/navigation';
import { QueryState } from '../../../../../components/ui';
import { useTRPC } from '../../../../../trpc';
import { NotAllowed, useSchool } from '../../../school-context';
import { StudentForm } from '../../student-form';

export default function EditStudentPage() {
  const { studentId } = useParams<{ studentId: string }>();
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const student = useQuery({
    ...trpc.students.get.queryOptions({ schoolId, studentId }),
    enabled: may('students.edit'),
  });
  if (!may('students.edit')) return <NotAllowed />;
  if (!student.data) return <QueryState what="the student" query={student} />;
  return (
    <>
      <h1>Edit {student.data.data.full_name}</h1>
      <StudentForm student={student.data.data} />
    </>
  );
}
