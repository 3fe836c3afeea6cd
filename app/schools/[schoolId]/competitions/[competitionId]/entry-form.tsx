'use client';

import { useQueryClient } from '@tanstack/react-query';
import { entryFields } from '@/server/competitions/entry-schema';
import {
  cardClass,
  CardTitle,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  useToast,
  useRecordForm,
} from '../../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { HorsePicker, PickerField, StudentPicker } from '../../pickers';
import { useSchool } from '../../school-context';
import { invalidateCompetition } from './competition-queries';

const entryForm = entryFields.pick({ student_id: true, category: true, horse_id: true });

/** Entering a rider: any active student, searched by name, in a category, with a horse or none. */
export function EntryForm({
  competitionId,
  categories,
}: {
  competitionId: string;
  categories: string[];
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { form, onSubmit, pending } = useRecordForm(entryForm, {
    defaultValues: { student_id: '', category: categories[0] ?? '', horse_id: null },
    save: (values) =>
      client.competitionEntries.create.mutate({ schoolId, competitionId, ...values }),
    onSaved: async (_, result) => {
      await invalidateCompetition(queryClient, trpc);
      toast('success', `${result.data.student.full_name} entered in ${result.data.category}.`);
      form.reset({ ...form.getValues(), student_id: '' });
    },
  });
  const studentId = form.watch('student_id');
  return (
    <form className={cardClass} aria-label="New entry" noValidate onSubmit={onSubmit}>
      <CardTitle>New entry</CardTitle>
      <div className="grid gap-x-4 sm:grid-cols-3">
        <PickerField form={form} name="student_id" label="Rider" picker={StudentPicker} />
        <SelectInputField form={form} name="category" label="Category" options={categories} />
        <PickerField
          form={form}
          name="horse_id"
          label="Horse"
          hint="Leave empty for no horse."
          picker={HorsePicker}
          emptyValue={null}
        />
      </div>
      <FormErrorSummary form={form} />
      <FormActions label="Enter" pending={pending} pendingLabel="Entering…" disabled={!studentId} />
    </form>
  );
}
