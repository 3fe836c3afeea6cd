'use client';

import { z } from 'zod';
import { todayIn } from '@/server/kernel/fields/calendar';
import {
  CHECK_METHODS,
  CHECK_REPORTERS,
  CHECK_RESULTS,
  checkFields,
  FETAL_SEXES,
  type Pregnancy,
} from '@/server/stud-breeding/pregnancy-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  humanize,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
} from '../../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { useStud } from '../../stud-context';

const c = checkFields.shape;

/** The check's fields as the form holds them: blanks are "not said", yes/no as text. */
const checkForm = checkFields.extend({
  date: blankAs(c.date),
  fetal_sex: blankAs(c.fetal_sex),
  heartbeat: z
    .enum(['', 'yes', 'no'])
    .transform((value) => (value === '' ? undefined : value === 'yes')),
});

/**
 * "Record check" of an open pregnancy: the server answers its new status (a negative ends it,
 * a positive from the confirmation day confirms it) and closes the suggested check near it.
 */
export function CheckForm({ pregnancy, onDone }: { pregnancy: Pregnancy; onDone: () => void }) {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const toast = useToast();
  const today = todayIn(stud.timezone);
  const { form, onSubmit, pending } = useRecordForm(checkForm, {
    defaultValues: {
      date: today,
      method: 'ultrasound',
      result: 'positive',
      heartbeat: '',
      fetal_sex: '',
      reported_by: 'stud',
      vet_name: '',
      notes: '',
    },
    save: (values) =>
      client.pregnancies.recordCheck.mutate({ studId, pregnancyId: pregnancy.id, ...values }),
    onSaved: async (_, { data }) => {
      // A check may move the reservation and the mare's reproductive status.
      await refresh([
        trpc.pregnancies.pathKey(),
        trpc.studTasks.pathKey(),
        trpc.reservations.pathKey(),
        trpc.studHorses.pathKey(),
      ]);
      toast(
        'success',
        `The check of day ${data.check.day} was recorded: the pregnancy is ${humanize(data.pregnancy.status, { midSentence: true })}.`,
      );
      onDone();
    },
  });
  const choices = (values: readonly string[]) =>
    values.map((v) => ({ value: v, label: humanize(v) }));
  return (
    <form aria-label="Record check" className="mt-3" noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField
          form={form}
          name="date"
          label="Date"
          type="date"
          min={pregnancy.base_date}
          max={today}
          required
        />
        <SelectInputField
          form={form}
          name="method"
          label="Method"
          required
          options={choices(CHECK_METHODS)}
        />
        <SelectInputField
          form={form}
          name="result"
          label="Result"
          required
          options={choices(CHECK_RESULTS)}
        />
        <SelectInputField
          form={form}
          name="heartbeat"
          label="Heartbeat"
          options={[
            { value: '', label: 'Not checked' },
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
        />
        <SelectInputField
          form={form}
          name="fetal_sex"
          label="Foetal sex"
          options={[{ value: '', label: 'Not known' }, ...choices(FETAL_SEXES)]}
        />
        <SelectInputField
          form={form}
          name="reported_by"
          label="Reported by"
          noun="Source of the report"
          options={[
            { value: CHECK_REPORTERS[0], label: 'The stud' },
            { value: CHECK_REPORTERS[1], label: "The owner's vet" },
          ]}
        />
        <TextInputField form={form} name="vet_name" label="Vet" autoComplete="off" />
      </div>
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions label="Record check" pending={pending} onCancel={onDone} />
    </form>
  );
}
