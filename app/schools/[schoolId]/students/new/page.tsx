'use client';

import { NotAllowed, useSchool } from '../../school-context';
import { StudentForm } from '../student-form';

export default function NewStudentPage() {
  const { may } = useSchool();
  if (!may('students.create')) return <NotAllowed />;
  return (
    <>
      <h1>New student</h1>
      <StudentForm />
    </>
  );
}
