'use client';

import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import { convertFields } from '@/server/waitlist/entry-schema';
import {
  blankAs,
  DAY_NAMES,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  TextInputField,
  useRecordForm,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useAfterWrite } from '../record-list';
import { todayIn, useSchool } from '../school-context';

type Entry = inferRouterOutputs<AppRouter>['waitlist']['list']['data'][number];
export type Schedule = inferRouterOutputs<AppRouter>['schedules']['list']['data'][number];

export const scheduleLabel = (s: Schedule) =>
  `${s.class.name} · ${DAY_NAMES[s.day_of_week]} ${s.start_time.slice(0, 5)} (${s.available_spots} free)`;

const convertForm = convertFields.pick({ start_date: true }).extend({
  schedule_id: blankAs(convertFields.shape.schedule_id),
});

/**
 * Makes the entry's rider a student (the registrant their emergency contact) and, with a
 * schedule, enrolls them from the start date; a full schedule is refused on its field.
 */
export function ConvertForm({
  entry,
  scheduleId,
  onDone,
}: {
  entry: Entry;
  scheduleId: string;
  onDone: () => void;
}) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const schedules = useQuery(trpc.schedules.list.queryOptions({ schoolId }));
  const { form, onSubmit, pending } = useRecordForm(convertForm, {
    defaultValues: { schedule_id: scheduleId, start_date: todayIn(school.timezone) },
    save: (input) => client.waitlist.convert.mutate({ schoolId, entryId: entry.id, ...input }),
    onSaved: (_, result) =>
      afterWrite(
        trpc.waitlist.pathKey(),
        result.data.enrollment
          ? `${result.data.student.full_name} is a student, enrolled in ${result.data.enrollment.class.name}.`
          : `${result.data.student.full_name} is a student.`,
        onDone,
      )(),
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <p>
        {entry.rider.first_name} {entry.rider.last_name} becomes a student, with{' '}
        {entry.registrant.name} as emergency contact.
      </p>
      <SelectInputField
        form={form}
        name="schedule_id"
        label="Enrol in"
        noun="Lesson"
        options={[
          { value: '', label: schedules.isPending ? 'Loading…' : 'No class yet' },
          ...(schedules.data?.data.map((s) => ({ value: s.id, label: scheduleLabel(s) })) ?? []),
        ]}
      />
      <TextInputField form={form} name="start_date" label="Start date" type="date" />
      <FormErrorSummary form={form} />
      <FormActions label="Make student" pending={pending} onCancel={onDone} />
    </form>
  );
}
