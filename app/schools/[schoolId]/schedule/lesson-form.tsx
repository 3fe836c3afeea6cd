'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { scheduleFields } from '@/server/schools/schedule-schema';
import {
  blankAs,
  DAY_NAMES,
  FormActions,
  FormErrorSummary,
  numberText,
  SelectInputField,
  TextInputField,
  useRecordForm,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useAfterWrite } from '../record-list';
import { useSchool } from '../school-context';
import type { Lesson } from './calendar';

const { shape } = scheduleFields;
const lessonForm = scheduleFields.extend({
  class_id: blankAs(shape.class_id),
  instructor_id: blankAs(shape.instructor_id),
  day_of_week: numberText(shape.day_of_week),
  start_time: blankAs(shape.start_time),
  end_time: blankAs(shape.end_time),
  // Left empty, a new lesson takes its class's number of places.
  max_students: numberText(shape.max_students),
});

/** A new lesson, or changes to one: its class, instructor, weekday, hours and places. */
export function LessonForm({ lesson, onDone }: { lesson?: Lesson; onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const classes = useQuery(trpc.classes.list.queryOptions({ schoolId, status: 'active' }));
  const instructors = useQuery(trpc.instructors.list.queryOptions({ schoolId, status: 'active' }));
  const { form, onSubmit, pending } = useRecordForm(lessonForm, {
    defaultValues: {
      class_id: lesson?.class.id ?? '',
      instructor_id: lesson?.instructor.id ?? '',
      day_of_week: String(lesson?.day_of_week ?? 1),
      start_time: lesson?.start_time ?? '',
      end_time: lesson?.end_time ?? '',
      location: lesson?.location ?? '',
      max_students: lesson?.max_students.toString() ?? '',
    },
    save: (input) =>
      lesson
        ? client.schedules.update.mutate({ schoolId, scheduleId: lesson.id, ...input })
        : client.schedules.create.mutate({ schoolId, ...input }),
    onSaved: () =>
      afterWrite(
        trpc.schedules.pathKey(),
        lesson ? 'The lesson was saved.' : 'The lesson was added to the schedule.',
        onDone,
      )(),
  });
  // A select's value is set before its options arrive; it is set again once they have.
  useEffect(() => {
    form.setValue('class_id', form.getValues('class_id'));
    form.setValue('instructor_id', form.getValues('instructor_id'));
  }, [classes.data, instructors.data, form]);
  return (
    <form noValidate onSubmit={onSubmit}>
      <SelectInputField
        form={form}
        name="class_id"
        label="Class"
        required
        options={[
          { value: '', label: classes.isPending ? 'Loading…' : 'Choose a class' },
          ...(classes.data?.data.map((c) => ({ value: c.id, label: c.name })) ?? []),
        ]}
      />
      <SelectInputField
        form={form}
        name="instructor_id"
        label="Instructor"
        required
        options={[
          { value: '', label: instructors.isPending ? 'Loading…' : 'Choose an instructor' },
          ...(instructors.data?.data.map((i) => ({ value: i.id, label: i.full_name })) ?? []),
        ]}
      />
      <SelectInputField
        form={form}
        name="day_of_week"
        label="Day"
        options={DAY_NAMES.map((d, i) => ({ value: String(i), label: d }))}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField
          form={form}
          name="start_time"
          label="Starts"
          noun="Start time"
          type="time"
          required
        />
        <TextInputField
          form={form}
          name="end_time"
          label="Ends"
          noun="End time"
          type="time"
          required
        />
        <TextInputField
          form={form}
          name="max_students"
          label="Places"
          type="number"
          inputMode="numeric"
          hint={lesson ? undefined : "Empty: the class's"}
        />
        <TextInputField form={form} name="location" label="Location" />
      </div>
      <FormErrorSummary form={form} />
      <FormActions
        label={lesson ? 'Save lesson' : 'Add lesson'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}
