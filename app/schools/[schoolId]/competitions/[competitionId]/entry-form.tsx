'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entryFields } from '@/server/competitions/entry-schema';
import {
  applyServerErrors,
  cardClass,
  CardTitle,
  FormActions,
  FormErrorSummary,
  SelectInputField,
  useErrorToast,
  useToast,
  useZodForm,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
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
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const form = useZodForm(entryForm, {
    defaultValues: { student_id: '', category: categories[0] ?? '', horse_id: null },
  });
  const create = useMutation(
    trpc.competitionEntries.create.mutationOptions({
      onSuccess: async (result) => {
        await invalidateCompetition(queryClient, trpc);
        toast('success', `${result.data.student.full_name} entered in ${result.data.category}.`);
        form.reset({ ...form.getValues(), student_id: '' });
      },
      onError: (error) => {
        applyServerErrors(form, error);
        showError(error);
      },
    }),
  );
  const studentId = form.watch('student_id');
  return (
    <form
      className={cardClass}
      aria-label="New entry"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        create.mutate({ schoolId, competitionId, ...values }),
      )}
    >
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
      <FormActions
        label="Enter"
        pending={create.isPending}
        pendingLabel="Entering…"
        disabled={!studentId}
      />
    </form>
  );
}
