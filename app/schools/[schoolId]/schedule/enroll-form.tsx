'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { enrollmentFields } from '@/server/schools/enrollment-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  Input,
  Label,
  SelectInputField,
  TextInputField,
  useDebounced,
  useRecordForm,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { LessonHorseField, studentLabel } from '../pickers';
import { useAfterWrite } from '../record-list';
import { todayIn, useSchool } from '../school-context';
import type { Lesson } from './week-grid';

const { shape } = enrollmentFields;
const enrollForm = enrollmentFields.pick({ start_date: true }).extend({
  student_id: blankAs(shape.student_id),
  horse_id: blankAs(shape.horse_id, null),
});

/**
 * Enrolls a student, found by name and told apart by age and document, in a lesson from a
 * date, with a horse if one is chosen among those free at the lesson's time.
 */
export function EnrollForm({ lesson, onDone }: { lesson: Lesson; onDone: () => void }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const students = useQuery({
    ...trpc.students.list.queryOptions({
      schoolId,
      status: 'active',
      search: query || undefined,
      per_page: 50,
    }),
    placeholderData: keepPreviousData,
  });
  const { form, onSubmit, pending } = useRecordForm(enrollForm, {
    defaultValues: { student_id: '', start_date: todayIn(school.timezone), horse_id: '' },
    save: (input) =>
      client.enrollments.create.mutate({
        schoolId,
        class_id: lesson.class.id,
        schedule_id: lesson.id,
        ...input,
      }),
    onSaved: (_, result) =>
      afterWrite(
        trpc.schedules.pathKey(),
        `${result.data.student.full_name} was enrolled.`,
        onDone,
      )(),
  });
  const found = students.data?.data ?? [];
  const rider = found.find((s) => s.id === form.watch('student_id'));
  // Refusals about the lesson itself (full, ended class) have no field of their own here.
  const errors = form.formState.errors as Record<string, { message?: unknown } | undefined>;
  const lessonErrors = [errors.schedule_id, errors.class_id].flatMap((e) =>
    typeof e?.message === 'string' ? [e.message] : [],
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="mb-4">
        <Label htmlFor={searchId}>Find by name</Label>
        <Input
          id={searchId}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            form.setValue('student_id', '');
          }}
        />
      </div>
      <SelectInputField
        form={form}
        name="student_id"
        label="Student"
        required
        hint={
          students.data && students.data.meta.total > found.length
            ? `The first ${found.length} of ${students.data.meta.total}: type a name to narrow.`
            : undefined
        }
        options={[
          {
            value: '',
            label: students.isPending
              ? 'Loading…'
              : found.length === 0
                ? 'No active student matches'
                : 'Choose a student',
          },
          ...found.map((s) => ({ value: s.id, label: studentLabel(s) })),
        ]}
      />
      <TextInputField form={form} name="start_date" label="Start date" type="date" required />
      <LessonHorseField
        form={form}
        name="horse_id"
        scheduleId={lesson.id}
        startDate={form.watch('start_date')}
        riderLevel={rider?.level}
      />
      {lessonErrors.map((message) => (
        <p key={message} className="text-destructive" role="alert">
          {message}
        </p>
      ))}
      <FormErrorSummary form={form} />
      <FormActions label="Enrol" pending={pending} onCancel={onDone} />
    </form>
  );
}
