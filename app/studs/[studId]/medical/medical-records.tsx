'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { todayIn } from '@/server/kernel/fields/calendar';
import {
  MEDICAL_RECORD_TYPES,
  medicalRecordFields,
  type MedicalRecord,
} from '@/server/stud-herd/medical-schema';
import {
  Badge,
  blankAs,
  Button,
  cardClass,
  cn,
  ConfirmButton,
  Dialog,
  FormActions,
  FormErrorSummary,
  formatDate,
  humanize,
  money,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useErrorToast,
  useRecordForm,
  useToast,
  wordOptions,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { AttachFile } from '../attach-file';
import { useStud } from '../stud-context';
import { CheckboxField, mediaContentUrl } from '../horses/herd-ui';
import { HerdHorsePicker, StudPickerField } from '../horses/pickers';

const m = medicalRecordFields.shape;

/** A medical record as the form's boxes hold it, checked by the API's schema. */
const medicalForm = medicalRecordFields.extend({
  horse_id: blankAs(m.horse_id),
  date: blankAs(m.date),
  next_due_on: blankAs(m.next_due_on, null),
  cost: numberText(m.cost, null),
});

/** When the record's next treatment falls due, highlighted; red once the day has passed. */
export function DueBadge({ record }: { record: MedicalRecord }) {
  if (!record.next_due_on) return null;
  return record.overdue ? (
    <Badge tone="bad">Overdue since {formatDate(record.next_due_on)}</Badge>
  ) : (
    <Badge className="bg-primary text-primary-foreground">
      Due {formatDate(record.next_due_on)}
    </Badge>
  );
}

/** A new medical record (of `horse`, or of a horse picked), or changes to one. */
export function MedicalRecordForm({
  record,
  horse,
  onDone,
}: {
  record?: MedicalRecord;
  horse?: { id: string; name: string };
  onDone: () => void;
}) {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const fixedHorse = record ? { id: record.horse_id, name: record.horse_name } : horse;
  const { form, onSubmit, pending } = useRecordForm(medicalForm, {
    defaultValues: {
      horse_id: fixedHorse?.id ?? '',
      date: record?.date ?? todayIn(stud.timezone),
      type: record?.type ?? 'vaccination',
      title: record?.title ?? '',
      description: record?.description ?? '',
      vet_name: record?.vet_name ?? '',
      product: record?.product ?? '',
      dose: record?.dose ?? '',
      next_due_on: record?.next_due_on ?? '',
      cost: record?.cost?.toString() ?? '',
      record_expense: record?.record_expense ?? false,
    },
    save: (values) =>
      record
        ? client.medicalRecords.update.mutate({ studId, medicalRecordId: record.id, ...values })
        : client.medicalRecords.create.mutate({ studId, ...values }),
    onSaved: async (_, answer) => {
      await queryClient.invalidateQueries({ queryKey: trpc.medicalRecords.pathKey() });
      toast('success', `${answer.data.title} was saved for ${answer.data.horse_name}.`);
      onDone();
    },
  });
  return (
    <form
      aria-label={record ? 'Edit medical record' : 'Add medical record'}
      className="mt-3"
      noValidate
      onSubmit={onSubmit}
    >
      {fixedHorse ? (
        <p className="mt-0">
          Horse: <strong>{fixedHorse.name}</strong>
        </p>
      ) : (
        <StudPickerField form={form} name="horse_id" label="Horse" picker={HerdHorsePicker} />
      )}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="date" label="Date" type="date" required />
        <SelectInputField
          form={form}
          name="type"
          label="Type"
          options={wordOptions(MEDICAL_RECORD_TYPES)}
        />
      </div>
      <TextInputField form={form} name="title" label="Title" required autoComplete="off" />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <TextInputField form={form} name="vet_name" label="Vet" />
        <TextInputField form={form} name="product" label="Product" />
        <TextInputField form={form} name="dose" label="Dose" />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField
          form={form}
          name="next_due_on"
          label="Next due on"
          noun="Next due date"
          type="date"
          hint="Opens a task for that day."
        />
        <TextInputField
          form={form}
          name="cost"
          label={`Cost (${stud.currency})`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
        />
      </div>
      <CheckboxField
        form={form}
        name="record_expense"
        label="Record the cost as an expense"
        hint="The stud's finances book it."
      />
      <TextareaField form={form} name="description" label="Description" />
      <FormErrorSummary form={form} />
      <FormActions
        label={record ? 'Save record' : 'Add record'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}

/**
 * Medical records, newest first, as cards: what was done, by whom, at what cost, and when the
 * next is due (highlighted; red once overdue) with its task; edit and delete for those allowed.
 */
export function MedicalRecordList({
  records,
  showHorse = false,
  busy,
  label,
}: {
  records: MedicalRecord[];
  showHorse?: boolean;
  busy?: boolean;
  label: string;
}) {
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  const [editing, setEditing] = useState<MedicalRecord | null>(null);
  const remove = useMutation(
    trpc.medicalRecords.remove.mutationOptions({
      onSuccess: async (answer) => {
        await queryClient.invalidateQueries({ queryKey: trpc.medicalRecords.pathKey() });
        toast('success', answer.message);
      },
      onError: showError,
    }),
  );
  return (
    <>
      <ul aria-label={label} aria-busy={busy} className="m-0 list-none p-0">
        {records.map((r) => (
          <li
            key={r.id}
            className={cn(
              cardClass,
              r.next_due_on && 'border-l-4',
              r.next_due_on &&
                (r.overdue ? 'border-l-destructive bg-row-error' : 'border-l-primary'),
            )}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="m-0 text-lg">
                {r.title}
                {showHorse && (
                  <>
                    {' · '}
                    <Link href={`/studs/${studId}/horses/${r.horse_id}`}>{r.horse_name}</Link>
                  </>
                )}
              </h3>
              <span className="text-sm text-muted-foreground">
                {formatDate(r.date)} · {humanize(r.type)}
              </span>
            </div>
            <p className="m-0 mt-1 text-sm">
              {[
                r.vet_name && `Vet: ${r.vet_name}`,
                r.product && `Product: ${r.product}`,
                r.dose && `Dose: ${r.dose}`,
                r.cost !== null &&
                  `Cost: ${money(r.cost, stud.currency)}${r.record_expense ? ' (expense)' : ''}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {r.description && <p className="m-0 mt-1 whitespace-pre-line">{r.description}</p>}
            {(r.next_due_on || r.task) && (
              <p className="m-0 mt-2 flex flex-wrap items-center gap-2">
                <DueBadge record={r} />
                {r.task && (
                  <span className="text-sm text-muted-foreground">
                    Task {humanize(r.task.status, { midSentence: true })}
                  </span>
                )}
              </p>
            )}
            {r.attachments.length > 0 && (
              <ul className="m-0 mt-2 list-none p-0 text-sm" aria-label={`Files of ${r.title}`}>
                {r.attachments.map((file) => (
                  <li key={file.id}>
                    <a href={mediaContentUrl(studId, file.id)} target="_blank" rel="noreferrer">
                      {file.filename}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {(may('medical.edit') || may('medical.delete')) && (
              <div className="mt-2 flex flex-wrap gap-2">
                {may('medical.edit') && (
                  <Button variant="outline" size="sm" onClick={() => setEditing(r)}>
                    Edit<span className="sr-only"> {r.title}</span>
                  </Button>
                )}
                {may('medical.delete') && (
                  <ConfirmButton
                    label="Delete"
                    what={r.title}
                    question={`Delete ${r.title}${r.task ? ' and its task' : ''}?`}
                    disabled={remove.isPending}
                    onConfirm={() => remove.mutate({ studId, medicalRecordId: r.id })}
                  />
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <Dialog
        title={editing ? `Edit ${editing.title}` : 'Edit medical record'}
        open={editing !== null}
        onClose={() => setEditing(null)}
        className="w-[min(40rem,95vw)]"
      >
        {editing && <MedicalRecordForm record={editing} onDone={() => setEditing(null)} />}
        {editing && may('media.create') && (
          <AttachFile
            subject={{ type: 'medical_record', id: editing.id }}
            what="a file"
            attachedTo={editing.title}
            onAttached={() =>
              queryClient.invalidateQueries({ queryKey: trpc.medicalRecords.pathKey() })
            }
          />
        )}
      </Dialog>
    </>
  );
}
