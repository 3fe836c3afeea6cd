'use client';

import { useQueryClient } from '@tanstack/react-query';
import { HORSE_SEXES, identityFields, type Identity } from '@/server/pedigree/identity-schema';
import {
  blankAs,
  FormActions,
  FormErrorSummary,
  numberText,
  SelectInputField,
  TextInputField,
  useRecordForm,
  useToast,
} from '../../../components/ui';
import { IdentityPicker } from '../../../pedigree/identity-picker';
import { PickerField } from '../../../schools/[schoolId]/pickers';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { wordOptions } from '@/app/components/ui';

const editForm = identityFields.extend({
  birth_year: numberText(identityFields.shape.birth_year, null),
  birth_date: blankAs(identityFields.shape.birth_date, null),
  deceased_on: blankAs(identityFields.shape.deceased_on, null),
});

/** Any field of an identity, by an administrator, under the rules of the pedigree (422 beside the field). */
export function EditIdentityForm({ horse, onDone }: { horse: Identity; onDone: () => void }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { form, onSubmit, pending } = useRecordForm(editForm, {
    defaultValues: {
      name: horse.name,
      registered_name: horse.registered_name ?? '',
      sex: horse.sex,
      birth_date: horse.birth_date ?? '',
      birth_year: String(horse.birth_year),
      breed: horse.breed ?? '',
      colour: horse.colour ?? '',
      country: horse.country ?? '',
      ueln: horse.ueln ?? '',
      microchip: horse.microchip ?? '',
      studbook: horse.studbook ?? '',
      registration_number: horse.registration_number ?? '',
      sire_id: horse.sire_id,
      dam_id: horse.dam_id,
      deceased_on: horse.deceased_on ?? '',
    },
    save: (values) => client.admin.pedigree.update.mutate({ id: horse.id, ...values }),
    onSaved: async (values) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.admin.pedigree.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.pedigree.pathKey() }),
      ]);
      toast('success', `${values.name ?? horse.name} was saved.`);
      onDone();
    },
  });
  return (
    <form noValidate aria-label={`Edit ${horse.name}`} onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name="name" label="Name" required />
        <TextInputField form={form} name="registered_name" label="Registered name" />
        <SelectInputField form={form} name="sex" label="Sex" options={wordOptions(HORSE_SEXES)} />
        <TextInputField form={form} name="birth_year" label="Birth year" inputMode="numeric" />
        <TextInputField form={form} name="birth_date" label="Birth date" type="date" />
        <TextInputField form={form} name="breed" label="Breed" />
        <TextInputField form={form} name="colour" label="Colour" />
        <TextInputField form={form} name="country" label="Country" />
        <TextInputField form={form} name="ueln" label="UELN" autoComplete="off" />
        <TextInputField form={form} name="microchip" label="Microchip" autoComplete="off" />
        <TextInputField form={form} name="studbook" label="Studbook" />
        <TextInputField form={form} name="registration_number" label="Registration number" />
        <TextInputField
          form={form}
          name="deceased_on"
          label="Died on"
          noun="Date of death"
          type="date"
        />
      </div>
      <PickerField
        form={form}
        name="sire_id"
        label="Sire"
        hint={horse.sire_id ? 'Recorded; choose another horse to change it.' : undefined}
        picker={IdentityPicker}
        emptyValue={null}
      />
      <PickerField
        form={form}
        name="dam_id"
        label="Dam"
        hint={horse.dam_id ? 'Recorded; choose another horse to change it.' : undefined}
        picker={IdentityPicker}
        emptyValue={null}
      />
      <FormErrorSummary form={form} />
      <FormActions label="Save horse" pending={pending} onCancel={onDone} />
    </form>
  );
}
