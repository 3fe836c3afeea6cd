'use client';

import { useFieldArray } from 'react-hook-form';
import { FEE_APPLIES_TO, FEE_CONCEPTS } from '@/server/competitions/competition-schema';
import { Button, SelectInputField, TextInputField, type FormOf } from '../../../components/ui';
import { feeConceptLabel } from '../words';
import { newFee, type FeeRow } from './competition-form-schema';

const APPLIES_TO_LABELS: Record<(typeof FEE_APPLIES_TO)[number], string> = {
  entry: 'Entry',
  student: 'Student (once)',
  horse: 'Horse (once)',
};
const APPLIES_TO_OPTIONS = FEE_APPLIES_TO.map((value) => ({
  value,
  label: APPLIES_TO_LABELS[value],
}));
const CONCEPT_OPTIONS = FEE_CONCEPTS.map((c) => ({ value: c, label: feeConceptLabel(c) }));

type Values = { fees: FeeRow[] };

/** The competition's fees: name, amount, concept, what it is charged per, and whether on entry. */
export function FeeFields<T extends Values>({ form: anyForm }: { form: FormOf<T> }) {
  const form = anyForm as unknown as FormOf<Values>;
  const fees = useFieldArray({ control: form.control, name: 'fees' });
  return (
    <fieldset className="mb-3 rounded-md border border-border p-3">
      <legend className="px-1 font-semibold">Fees</legend>
      {fees.fields.length === 0 && (
        <p className="text-muted-foreground">No fees: entries are free.</p>
      )}
      {fees.fields.map((fee, i) => (
        <div key={fee.id} className="mb-3 border-b border-border pb-2">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <TextInputField form={form} name={`fees.${i}.name`} label={`Fee ${i + 1} name`} />
            <TextInputField
              form={form}
              name={`fees.${i}.amount`}
              label={`Fee ${i + 1} amount`}
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
            />
            <SelectInputField
              form={form}
              name={`fees.${i}.concept`}
              label={`Fee ${i + 1} concept`}
              options={CONCEPT_OPTIONS}
            />
            <SelectInputField
              form={form}
              name={`fees.${i}.applies_to`}
              label={`Fee ${i + 1} charged per`}
              options={APPLIES_TO_OPTIONS}
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="flex items-center gap-2">
              <input
                id={`fee-${i}-required`}
                type="checkbox"
                className="size-5 accent-primary"
                {...form.register(`fees.${i}.is_required`)}
              />
              <label htmlFor={`fee-${i}-required`} className="mb-0">
                Fee {i + 1} charged on entry
              </label>
            </span>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Remove fee ${i + 1}`}
              onClick={() => fees.remove(i)}
            >
              Remove
            </Button>
          </div>
        </div>
      ))}
      <Button variant="outline" size="sm" onClick={() => fees.append(newFee())}>
        Add a fee
      </Button>
    </fieldset>
  );
}
