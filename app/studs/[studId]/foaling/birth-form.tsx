'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { todayIn } from '@/server/kernel/fields/calendar';
import {
  BIRTH_OUTCOMES,
  birthFields,
  foalFields,
  FOAL_SEXES,
  MAX_FOALS,
  type RecordedBirth,
} from '@/server/stud-breeding/birth-schema';
import {
  blankAs,
  Button,
  FormActions,
  FormErrorSummary,
  formatDate,
  numberText,
  SelectInputField,
  TextareaField,
  TextInputField,
  useRecordForm,
  useRefresh,
  useToast,
  wordOptions,
} from '../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../trpc';
import { CheckboxField } from '../horses/herd-ui';
import { useStud } from '../stud-context';

const b = birthFields.shape;
const f = foalFields.shape;

/** A foal as the form's boxes hold it: the weight typed as text. */
const foalForm = foalFields.extend({ weight_kg: numberText(f.weight_kg) });

/** The API's birth fields as the form holds them; a birth without a live foal sends none. */
const birthForm = birthFields.extend({
  pregnancy_id: blankAs(b.pregnancy_id),
  born_on: blankAs(b.born_on),
  foals: foalForm.array(),
});

const newFoal = () => ({
  sex: 'female' as const,
  colour: '',
  markings: '',
  name: '',
  stands_and_nurses: true,
  weight_kg: '',
});

/** Pregnancies a birth ends: still open. */
const OPEN = new Set(['checking', 'confirmed']);

/** After saving: the birth, and a link to each foal's page in the herd. */
function Recorded({ recorded, onDone }: { recorded: RecordedBirth; onDone: () => void }) {
  const { studId } = useStud();
  const { birth, foals } = recorded;
  return (
    <div className="mt-3" role="status">
      <p>
        {birth.mare.name}’s {birth.outcome === 'live' ? 'foaling' : birth.outcome} of{' '}
        {formatDate(birth.born_on)} was recorded.
      </p>
      {foals.length > 0 && (
        <ul className="mb-3">
          {foals.map((foal) => (
            <li key={foal.id}>
              <Link href={`/studs/${studId}/horses/${foal.id}`}>{foal.name}</Link> ({foal.sex})
            </li>
          ))}
        </ul>
      )}
      <Button onClick={onDone}>Close</Button>
    </div>
  );
}

/**
 * "Record birth" of an open pregnancy (`pregnancyId` to begin with): the outcome and day,
 * and for a live birth each foal (one, or two for twins) with sex, colour, markings, name
 * (the dam's name, year and "foal" when left empty), whether it stands and nurses and its
 * weight. The server makes each foal a horse of the herd and of the pedigree; after saving
 * the form links to them.
 */
export function BirthForm({
  pregnancyId = '',
  onDone,
}: {
  pregnancyId?: string;
  onDone: () => void;
}) {
  const { stud, studId } = useStud();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const refresh = useRefresh();
  const toast = useToast();
  const today = todayIn(stud.timezone);
  const [recorded, setRecorded] = useState<RecordedBirth | null>(null);
  const pregnancies = useQuery(trpc.pregnancies.list.queryOptions({ studId }));
  const open = (pregnancies.data?.data ?? []).filter(
    (p) => OPEN.has(p.status) || p.id === pregnancyId,
  );
  const { form, onSubmit, pending } = useRecordForm(birthForm, {
    defaultValues: {
      pregnancy_id: pregnancyId,
      born_on: today,
      outcome: 'live',
      foals: [newFoal()],
      vet_name: '',
      notes: '',
    },
    save: (values) =>
      client.births.create.mutate({
        studId,
        ...values,
        foals: values.outcome === 'live' ? values.foals : [],
      }),
    onSaved: async (_, { data }) => {
      // A birth ends the pregnancy, its tasks and the reservation, and adds the foals.
      await refresh([
        trpc.births.pathKey(),
        trpc.pregnancies.pathKey(),
        trpc.studHorses.pathKey(),
        trpc.reservations.pathKey(),
        trpc.studTasks.pathKey(),
      ]);
      toast('success', `${data.birth.mare.name}’s birth was recorded.`);
      setRecorded(data);
    },
  });
  const foals = useFieldArray({ control: form.control, name: 'foals' });
  if (recorded) return <Recorded recorded={recorded} onDone={onDone} />;
  const live = form.watch('outcome') === 'live';
  const chosen = open.find((p) => p.id === form.watch('pregnancy_id'));

  return (
    <form aria-label="Record birth" className="mt-3" noValidate onSubmit={onSubmit}>
      <SelectInputField
        form={form}
        name="pregnancy_id"
        label="Pregnancy"
        hint={
          chosen
            ? `Due ${formatDate(chosen.due_date)}, bred ${formatDate(chosen.base_date)}.`
            : undefined
        }
        required
        options={[
          {
            value: '',
            label: pregnancies.isPending ? 'Loading…' : 'Choose the mare’s pregnancy',
          },
          ...open.map((p) => ({ value: p.id, label: `${p.mare.name} × ${p.stallion.name}` })),
        ]}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectInputField
          form={form}
          name="outcome"
          label="Outcome"
          options={wordOptions(BIRTH_OUTCOMES)}
        />
        <TextInputField
          form={form}
          name="born_on"
          label="Born on"
          noun="Birth date"
          type="date"
          min={chosen?.base_date}
          max={today}
          required
        />
      </div>
      {live &&
        foals.fields.map((foal, i) => {
          const which = foals.fields.length > 1 ? `Foal ${i + 1}` : 'Foal';
          return (
            <fieldset key={foal.id} className="mb-3 min-w-0 rounded-md border border-border p-3">
              <legend className="px-1 font-semibold">{which}</legend>
              <div className="grid gap-x-4 sm:grid-cols-2">
                <SelectInputField
                  form={form}
                  name={`foals.${i}.sex`}
                  label={`${which} sex`}
                  options={wordOptions(FOAL_SEXES)}
                />
                <TextInputField
                  form={form}
                  name={`foals.${i}.name`}
                  label={`${which} name`}
                  hint="The dam’s name, the year and “foal” when left empty."
                  autoComplete="off"
                />
                <TextInputField form={form} name={`foals.${i}.colour`} label={`${which} colour`} />
                <TextInputField
                  form={form}
                  name={`foals.${i}.weight_kg`}
                  label={`${which} weight (kg)`}
                  type="number"
                  inputMode="decimal"
                  min="0.1"
                  step="0.1"
                />
              </div>
              <TextInputField
                form={form}
                name={`foals.${i}.markings`}
                label={`${which} markings`}
              />
              <CheckboxField
                form={form}
                name={`foals.${i}.stands_and_nurses`}
                label={`${which} stands and nurses`}
                hint="A foal that stands and nurses completes the reservation."
              />
              {foals.fields.length > 1 && (
                <Button variant="outline" size="sm" onClick={() => foals.remove(i)}>
                  Remove {which.toLowerCase()}
                </Button>
              )}
            </fieldset>
          );
        })}
      {live && foals.fields.length < MAX_FOALS && (
        <Button
          variant="outline"
          size="sm"
          className="mb-3"
          onClick={() => foals.append(newFoal())}
        >
          Add a twin
        </Button>
      )}
      <TextInputField form={form} name="vet_name" label="Vet" autoComplete="off" />
      <TextareaField form={form} name="notes" label="Notes" rows={3} />
      <FormErrorSummary form={form} />
      <FormActions label="Record birth" pending={pending} onCancel={onDone} />
    </form>
  );
}
