'use client';

import type { FieldValues, Path } from 'react-hook-form';
import { z } from 'zod';
import { HORSE_SEXES, identityFields } from '@/server/pedigree/identity-schema';
import {
  STUD_HORSE_OWNERSHIPS,
  STUD_HORSE_STATUSES,
  studHorseFields,
} from '@/server/stud-herd/horse-schema';
import {
  blankAs,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  type FormOf,
  type ComboboxOption,
  wordOptions,
} from '../../../components/ui';
import { IdentityPicker } from '../../../pedigree/identity-picker';
import { useStud } from '../stud-context';
import { CheckboxField } from './herd-ui';
import { ClientPicker, StudPickerField } from './pickers';

/*
 * The fields of a stud horse's forms, checked by the API's own schemas
 * (server/stud-herd/horse-schema.ts, server/pedigree/identity-schema.ts): a text box left
 * blank is left out (or clears an optional value), as the server reads it.
 */

const id = identityFields.shape;

/** The facts of a horse's platform identity, as the form's text boxes hold them. */
export const identityForm = z.object({
  name: blankAs(id.name),
  sex: blankAs(id.sex),
  gelded: id.gelded,
  birth_year: numberText(id.birth_year),
  birth_date: blankAs(id.birth_date),
  breed: id.breed,
  colour: id.colour,
  ueln: id.ueln,
  microchip: id.microchip,
  sire_id: blankAs(id.sire_id, null),
  dam_id: blankAs(id.dam_id, null),
});

export const blankIdentity = {
  name: '',
  sex: '',
  gelded: false,
  birth_year: '',
  birth_date: '',
  breed: '',
  colour: '',
  ueln: '',
  microchip: '',
  sire_id: '',
  dam_id: '',
};

const horse = studHorseFields.shape;

/** What the stud records of a horse of its herd: ownership, presence, status, dates, notes. */
export const studFactsForm = z.object({
  ownership: horse.ownership,
  owner_client_id: blankAs(horse.owner_client_id, null),
  on_premises: horse.on_premises,
  status: horse.status,
  arrival_date: blankAs(horse.arrival_date, null),
  departure_date: blankAs(horse.departure_date, null),
  location: horse.location,
  notes: horse.notes,
});

type StudFacts = z.output<typeof studFactsForm>;

/** The stud facts as the API takes them: the stud's own horse names no owner client. */
export function studFactsInput({ owner_client_id, ...facts }: StudFacts) {
  return facts.ownership === 'own' ? facts : { ...facts, owner_client_id };
}

export const newStudFacts = {
  ownership: 'own' as const,
  owner_client_id: '',
  on_premises: true,
  status: 'active' as const,
  arrival_date: '',
  departure_date: '',
  location: '',
  notes: '',
};

/**
 * Identity fields under `prefix` (`identity.` in a horse's create form, none in the identity
 * edit form): name, sex, birth, breed, colour, numbers and, optionally, the parents.
 */
export function IdentityFieldset<T extends FieldValues>({
  form,
  prefix = '',
  parents = true,
  initialParents,
}: {
  form: FormOf<T>;
  prefix?: string;
  parents?: boolean;
  /** The parents the form starts with, shown by name. */
  initialParents?: { sire: ComboboxOption | null; dam: ComboboxOption | null };
}) {
  const name = (field: string) => `${prefix}${field}` as Path<T>;
  const sex = form.watch(name('sex'));
  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInputField form={form} name={name('name')} label="Name" required autoComplete="off" />
        <SelectInputField
          form={form}
          name={name('sex')}
          label="Sex"
          options={[{ value: '', label: 'Not given' }, ...wordOptions(HORSE_SEXES)]}
        />
        <TextInputField
          form={form}
          name={name('birth_year')}
          label="Birth year"
          type="number"
          inputMode="numeric"
          hint="The year, or the whole date below."
        />
        <TextInputField
          form={form}
          name={name('birth_date')}
          label="Birth date"
          type="date"
          hint="When known; the year follows it."
        />
        <TextInputField form={form} name={name('breed')} label="Breed" />
        <TextInputField form={form} name={name('colour')} label="Colour" />
        <TextInputField
          form={form}
          name={name('ueln')}
          label="UELN"
          autoComplete="off"
          hint="15 letters and digits."
        />
        <TextInputField
          form={form}
          name={name('microchip')}
          label="Microchip"
          inputMode="numeric"
          autoComplete="off"
          hint="15 digits."
        />
      </div>
      {sex === 'male' && <CheckboxField form={form} name={name('gelded')} label="Gelded" />}
      {parents && (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <StudPickerField
            form={form}
            name={name('sire_id')}
            label="Sire (optional)"
            picker={IdentityPicker}
            initial={initialParents?.sire}
            hint="A horse of the platform."
          />
          <StudPickerField
            form={form}
            name={name('dam_id')}
            label="Dam (optional)"
            picker={IdentityPicker}
            initial={initialParents?.dam}
            hint="A horse of the platform."
          />
        </div>
      )}
    </>
  );
}

/** Ownership and owner client, presence, status, dates, location and notes. */
export function StudFactsFieldset<T extends FieldValues>({
  form,
  owner = null,
}: {
  form: FormOf<T>;
  /** The owner client the form starts with, shown by name. */
  owner?: ComboboxOption | null;
}) {
  const { may } = useStud();
  const name = (field: string) => field as Path<T>;
  const ownership = form.watch(name('ownership'));
  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectInputField
          form={form}
          name={name('ownership')}
          label="Ownership"
          options={wordOptions(STUD_HORSE_OWNERSHIPS)}
        />
        {ownership !== 'own' &&
          (may('clients.view') ? (
            <StudPickerField
              form={form}
              name={name('owner_client_id')}
              label="Owner client"
              picker={ClientPicker}
              initial={owner}
              hint={ownership === 'leased' ? 'The client the stud leases it from.' : 'Its owner.'}
            />
          ) : (
            <TextInputField
              form={form}
              name={name('owner_client_id')}
              label="Owner client id"
              autoComplete="off"
              hint="Your role cannot list the clients: paste the client's id."
            />
          ))}
        <SelectInputField
          form={form}
          name={name('status')}
          label="Status"
          options={wordOptions(STUD_HORSE_STATUSES)}
        />
        <TextInputField form={form} name={name('location')} label="Location" hint="Paddock, box…" />
        <TextInputField form={form} name={name('arrival_date')} label="Arrival date" type="date" />
        <TextInputField
          form={form}
          name={name('departure_date')}
          label="Departure date"
          type="date"
        />
      </div>
      <CheckboxField form={form} name={name('on_premises')} label="On the premises" />
      <TextareaField form={form} name={name('notes')} label="Notes" />
    </>
  );
}
