'use client';

import type { inferRouterOutputs } from '@trpc/server';
import { z } from 'zod';
import { HORSE_SEXES, identityFields } from '@/server/pedigree/identity-schema';
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
import { IdentityPicker } from '../../../pedigree/identity-picker';
import { PickerField } from '../pickers';
import { useAfterWrite } from '../record-list';
import { useSchool } from '../school-context';
import { wordOptions } from '@/app/components/ui';
import { horseLevelLabel } from '../words';

export type Horse = inferRouterOutputs<AppRouter>['horses']['list']['data'][number];

const horseForm = horseFields.extend({
  // An empty birth year clears it; empty classes a day leaves the server's default.
  birth_year: numberText(horseFields.shape.birth_year, null),
  max_daily_classes: numberText(horseFields.shape.max_daily_classes),
  // The platform record: one picked, or the first facts of a new one (sent only when given).
  horse_identity_id: z.string().nullable().optional(),
  identity: z
    .object({
      sex: z.enum(HORSE_SEXES).or(z.literal('')).optional(),
      ueln: identityFields.shape.ueln,
      microchip: identityFields.shape.microchip,
    })
    .optional(),
});

type HorseFormOutput = z.output<typeof horseForm>;

/** What the API takes: a link, or a new identity when any of its facts was given. */
function toInput({ horse_identity_id, identity, ...horse }: HorseFormOutput) {
  if (horse_identity_id) return { ...horse, horse_identity_id };
  const facts = {
    ...(identity?.sex && { sex: identity.sex }),
    ...(identity?.ueln && { ueln: identity.ueln }),
    ...(identity?.microchip && { microchip: identity.microchip }),
  };
  return Object.keys(facts).length > 0 ? { ...horse, identity: facts } : horse;
}

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
      horse_identity_id: horse?.horse_identity_id ?? null,
      identity: { sex: '', ueln: '', microchip: '' },
    },
    save: (input) =>
      horse
        ? client.horses.update.mutate({ schoolId, horseId: horse.id, ...toInput(input) })
        : client.horses.create.mutate({ schoolId, ...toInput(input) }),
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
        <SelectInputField
          form={form}
          name="level"
          label="Level"
          options={HORSE_LEVELS.map((value) => ({ value, label: horseLevelLabel(value) }))}
        />
        <SelectInputField
          form={form}
          name="status"
          label="Status"
          options={wordOptions(HORSE_STATUSES)}
        />
        <TextInputField
          form={form}
          name="max_daily_classes"
          label="Classes a day at most"
          noun="Daily class limit"
          type="number"
          inputMode="numeric"
        />
      </div>
      <TextareaField form={form} name="notes" label="Notes" />
      <fieldset className="mb-3 rounded-md border border-border p-3">
        <legend className="px-1 font-semibold">Identity on the platform</legend>
        <PickerField
          form={form}
          name="horse_identity_id"
          label="Link a horse of the platform"
          hint={
            horse?.horse_identity_id
              ? 'Linked now; choose another horse to link it instead.'
              : 'The same animal, recorded once for every school and stud.'
          }
          picker={IdentityPicker}
          emptyValue={null}
        />
        {!horse?.horse_identity_id && (
          <>
            <p className="mt-0 text-sm text-muted-foreground">
              Or record it: give any of these and the platform gets a new record of this horse.
            </p>
            <div className="grid gap-x-4 sm:grid-cols-3">
              <SelectInputField
                form={form}
                name="identity.sex"
                label="Sex"
                options={[{ value: '', label: '—' }, ...wordOptions(HORSE_SEXES)]}
              />
              <TextInputField form={form} name="identity.ueln" label="UELN" autoComplete="off" />
              <TextInputField
                form={form}
                name="identity.microchip"
                label="Microchip"
                inputMode="numeric"
                autoComplete="off"
              />
            </div>
          </>
        )}
      </fieldset>
      <FormErrorSummary form={form} />
      <FormActions
        label={horse ? 'Save horse' : 'Create horse'}
        pending={pending}
        onCancel={onDone}
      />
    </form>
  );
}
