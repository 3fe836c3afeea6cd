'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { HORSE_LEVELS, HORSE_STATUSES, horseFields } from '@/server/schools/horse-schema';
import type { AppRouter } from '@/server/router';
import {
  FormActions,
  FormErrorSummary,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { useAfterWrite } from '../record-list';
import { useSchool } from '../school-context';

export type Horse = inferRouterOutputs<AppRouter>['horses']['list']['data'][number];

const horseForm = horseFields.extend({
  // An empty birth year clears it; empty classes a day leaves the server's default.
  birth_year: numberText(horseFields.shape.birth_year, null),
  max_daily_classes: numberText(horseFields.shape.max_daily_classes),
});

/** A new horse, or changes to one. */
export function HorseForm({ horse, onDone }: { horse?: Horse; onDone: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const { form, onSubmit, pending } = useRecordForm(horseForm, {
    defaultValues: {
      name: horse?.name ?? '',
      breed: horse?.breed ?? '',
      birth_year: horse?.birth_year?.toString() ?? '',
      level: horse?.level ?? 'all',
      status: horse?.status ?? 'active',
      max_daily_classes: horse?.max_daily_classes.toString() ?? '4',
      notes: horse?.notes ?? '',
    },
    save: (input) =>
      horse
        ? client.horses.update.mutate({ schoolId, horseId: horse.id, ...input })
        : client.horses.create.mutate({ schoolId, ...input }),
    onSaved: (input) => afterWrite(trpc.horses.pathKey(), `${input.name} was saved.`, onDone)(),
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="name" label="Name" required autoComplete="off" />
        <TextInputField form={form} name="breed" label="Breed" />
        <TextInputField
          form={form}
          name="birth_year"
          label="Birth year"
          type="number"
          inputMode="numeric"
        />
        <SelectInputField form={form} name="level" label="Level" options={HORSE_LEVELS} />
        <SelectInputField form={form} name="status" label="Status" options={HORSE_STATUSES} />
        <TextInputField
          form={form}
          name="max_daily_classes"
          label="Classes a day at most"
          type="number"
          inputMode="numeric"
        />
      </div>
      <TextareaField form={form} name="notes" label="Notes" />
      <FormErrorSummary form={form} />
      <FormActions
        label={horse ? 'Save horse' : 'Create horse'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}
