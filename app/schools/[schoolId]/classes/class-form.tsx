'use client';

import type { inferRouterOutputs } from '@trpc/server';
import {
  CLASS_LEVELS,
  CLASS_STATUSES,
  CLASS_TYPES,
  classFields,
  PRICE_TYPES,
} from '@/server/schools/class-schema';
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
import { wordOptions } from '@/app/components/ui';

export type SchoolClass = inferRouterOutputs<AppRouter>['classes']['list']['data'][number];

// Left empty, the server's defaults apply: places by the type, an hour, a free class.
const classForm = classFields.extend({
  max_students: numberText(classFields.shape.max_students),
  duration_minutes: numberText(classFields.shape.duration_minutes),
  price: numberText(classFields.shape.price),
});

/** A new class, or changes to one. */
export function ClassForm({
  schoolClass,
  onDone,
}: {
  schoolClass?: SchoolClass;
  onDone: () => void;
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const afterWrite = useAfterWrite();
  const { form, onSubmit, pending } = useRecordForm(classForm, {
    defaultValues: {
      name: schoolClass?.name ?? '',
      type: schoolClass?.type ?? 'group',
      level: schoolClass?.level ?? 'beginner',
      discipline: schoolClass?.discipline ?? '',
      max_students: schoolClass?.max_students.toString() ?? '',
      duration_minutes: schoolClass?.duration_minutes.toString() ?? '60',
      price: schoolClass?.price.toString() ?? '',
      price_type: schoolClass?.price_type ?? 'monthly',
      status: schoolClass?.status ?? 'active',
      description: schoolClass?.description ?? '',
    },
    save: (input) =>
      schoolClass
        ? client.classes.update.mutate({ schoolId, classId: schoolClass.id, ...input })
        : client.classes.create.mutate({ schoolId, ...input }),
    onSaved: (input) => afterWrite(trpc.classes.pathKey(), `${input.name} was saved.`, onDone)(),
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <TextInputField form={form} name="name" label="Name" required autoComplete="off" />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectInputField form={form} name="type" label="Type" options={wordOptions(CLASS_TYPES)} />
        <SelectInputField
          form={form}
          name="level"
          label="Level"
          options={wordOptions(CLASS_LEVELS)}
        />
        <TextInputField form={form} name="discipline" label="Discipline" />
        <TextInputField
          form={form}
          name="max_students"
          label="Places"
          type="number"
          inputMode="numeric"
          hint="Empty: 1 for an individual class, 10 for a group"
        />
        <TextInputField
          form={form}
          name="duration_minutes"
          label="Minutes"
          type="number"
          inputMode="numeric"
        />
        <TextInputField
          form={form}
          name="price"
          label="Price"
          type="number"
          inputMode="decimal"
          step="0.01"
        />
        <SelectInputField
          form={form}
          name="price_type"
          label="Price per"
          noun="Price type"
          options={wordOptions(PRICE_TYPES)}
        />
        <SelectInputField
          form={form}
          name="status"
          label="Status"
          options={wordOptions(CLASS_STATUSES)}
        />
      </div>
      <TextareaField form={form} name="description" label="Description" />
      <FormErrorSummary form={form} />
      <FormActions
        label={schoolClass ? 'Save class' : 'Create class'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}
