'use client';

import { todayIn } from '@/server/kernel/fields/calendar';
import { semenBatchFields, type SemenBatch } from '@/server/stud-breeding/batch-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  formatDate,
  numberText,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { StallionSelectField } from '../services/stallion-field';
import { useStud } from '../stud-context';

const b = semenBatchFields.shape;

/** The API's batch fields as the form's boxes hold them: numbers typed as text. */
const batchForm = semenBatchFields.extend({
  stallion_id: blankAs(b.stallion_id),
  collected_on: blankAs(b.collected_on),
  straws_per_dose: numberText(b.straws_per_dose),
  doses_total: numberText(b.doses_total),
  post_thaw_motility: numberText(b.post_thaw_motility, null),
});

const text = (value: number | null | undefined) => (value == null ? '' : String(value));

/**
 * A new batch of frozen semen (of `stallionId` to begin with), or changes to `batch`. A new
 * total moves the doses available by the difference; the server refuses a total below the
 * doses used, and another stallion once doses were used (422s beside the fields).
 */
export function BatchForm({
  batch,
  stallionId = '',
  onDone,
}: {
  batch?: SemenBatch;
  stallionId?: string;
  onDone: () => void;
}) {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const toast = useToast();
  const used = batch ? batch.doses_total - batch.doses_available : 0;
  const { form, onSubmit, pending } = useRecordForm(batchForm, {
    defaultValues: {
      stallion_id: batch?.stallion_id ?? stallionId,
      collected_on: batch?.collected_on ?? todayIn(stud.timezone),
      straws_per_dose: text(batch?.straws_per_dose ?? 1),
      doses_total: text(batch?.doses_total),
      storage: batch?.storage ?? '',
      post_thaw_motility: text(batch?.post_thaw_motility),
      notes: batch?.notes ?? '',
    },
    save: (values) =>
      batch
        ? client.semenBatches.update.mutate({ studId, semenBatchId: batch.id, ...values })
        : client.semenBatches.create.mutate({ studId, ...values }),
    onSaved: async (_, { data }) => {
      await refresh([trpc.semenBatches.pathKey()]);
      toast(
        'success',
        `${data.stallion.name}'s batch of ${formatDate(data.collected_on)} was ${batch ? 'saved' : 'added'}.`,
      );
      onDone();
    },
  });
  return (
    <form
      aria-label={batch ? 'Edit semen batch' : 'New semen batch'}
      className="mt-3"
      noValidate
      onSubmit={onSubmit}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <StallionSelectField form={form} name="stallion_id" current={batch?.stallion ?? null} />
        <TextInputField
          form={form}
          name="collected_on"
          label="Collected on"
          noun="Collection date"
          type="date"
          max={todayIn(stud.timezone)}
          required
        />
        <TextInputField
          form={form}
          name="straws_per_dose"
          label="Straws per dose"
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          required
        />
        <TextInputField
          form={form}
          name="doses_total"
          label="Doses in total"
          hint={
            batch
              ? `${used} used: the total may not go below that.`
              : 'Every dose starts available.'
          }
          type="number"
          inputMode="numeric"
          min={Math.max(1, used)}
          step="1"
          required
        />
        <TextInputField
          form={form}
          name="storage"
          label="Storage"
          hint="Where it is kept: tank, canister."
          autoComplete="off"
        />
        <TextInputField
          form={form}
          name="post_thaw_motility"
          label="Post-thaw motility (%)"
          type="number"
          inputMode="decimal"
          min="0"
          max="100"
          step="0.01"
        />
      </div>
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions label={batch ? 'Save batch' : 'Add batch'} pending={pending} onCancel={onDone} />
    </form>
  );
}
