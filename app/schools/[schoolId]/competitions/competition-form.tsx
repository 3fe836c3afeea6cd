'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { useId, useState, type FormEvent } from 'react';
import {
  COMPETITION_STATUSES,
  FEE_APPLIES_TO,
  FEE_CONCEPTS,
} from '@/server/competitions/competition-schema';
import type { AppRouter } from '@/server/router';
import { useTRPC } from '../../../trpc';
import {
  fieldErrorsOf,
  FormErrorSummary,
  SelectField,
  TextField,
  useErrorToast,
  useToast,
} from '../../../ui';
import { useSchool } from '../school-context';

export type Competition = inferRouterOutputs<AppRouter>['competitions']['get']['data'];
type CompetitionInput = Omit<inferRouterInputs<AppRouter>['competitions']['create'], 'schoolId'>;
type Fee = NonNullable<CompetitionInput['fees']>[number];

const APPLIES_TO_LABELS: Record<(typeof FEE_APPLIES_TO)[number], string> = {
  entry: 'entry',
  student: 'student (once)',
  horse: 'horse (once)',
};
const APPLIES_TO_OPTIONS = FEE_APPLIES_TO.map((value) => ({
  value,
  label: APPLIES_TO_LABELS[value],
}));

type FeeRow = {
  concept: Fee['concept'];
  name: string;
  amount: string;
  applies_to: NonNullable<Fee['applies_to']>;
  is_required: boolean;
  description: string | null;
};

const newFee = (): FeeRow => ({
  concept: 'inscription',
  name: '',
  amount: '',
  applies_to: 'entry',
  is_required: true,
  description: null,
});

/**
 * A competition's profile, categories and fees: creates one, or with `competition` edits it
 * (the fees sent replace the list; a category that has entries cannot be removed, which the
 * server answers beside the categories).
 */
export function CompetitionForm({
  competition,
  onCancel,
  onSaved,
}: {
  competition?: Competition;
  onCancel: () => void;
  onSaved: (saved: Competition) => void;
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const categoriesId = useId();
  const [name, setName] = useState(competition?.name ?? '');
  const [date, setDate] = useState(competition?.date ?? '');
  const [location, setLocation] = useState(competition?.location ?? '');
  const [status, setStatus] = useState<(typeof COMPETITION_STATUSES)[number]>(
    competition?.status ?? 'upcoming',
  );
  const [categories, setCategories] = useState<string[]>(
    competition ? competition.categories : [''],
  );
  const [fees, setFees] = useState<FeeRow[]>(
    competition
      ? competition.fees.map((fee) => ({ ...fee, amount: String(fee.amount) }))
      : [{ ...newFee(), name: 'Inscription' }],
  );
  const mutationOptions = {
    onSuccess: async (result: { data: Competition }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.competitions.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.competitionPayments.pathKey() }),
      ]);
      toast('success', `${result.data.name} was ${competition ? 'saved' : 'created'}.`);
      onSaved(result.data);
    },
    onError: showError,
  };
  const create = useMutation(trpc.competitions.create.mutationOptions(mutationOptions));
  const update = useMutation(trpc.competitions.update.mutationOptions(mutationOptions));
  const save = competition ? update : create;
  const errors = fieldErrorsOf(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields: CompetitionInput = {
      name,
      date,
      location: location || null,
      categories: categories.map((c) => c.trim()).filter(Boolean),
      fees: fees
        .filter((fee) => fee.name.trim() || fee.amount)
        .map((fee) => ({ ...fee, name: fee.name.trim(), amount: Number(fee.amount) })),
    };
    if (competition) {
      update.mutate({ schoolId, competitionId: competition.id, ...fields, status });
    } else {
      create.mutate({ schoolId, ...fields });
    }
  }

  const setFee = (index: number, change: Partial<FeeRow>) =>
    setFees(fees.map((fee, i) => (i === index ? { ...fee, ...change } : fee)));

  return (
    <form
      className="card"
      onSubmit={submit}
      aria-label={competition ? 'Edit competition' : 'New competition'}
    >
      <div className="form-grid">
        <TextField
          label="Name"
          name="name"
          required
          value={name}
          errors={errors}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Date"
          name="date"
          type="date"
          required
          value={date}
          errors={errors}
          onChange={(e) => setDate(e.target.value)}
        />
        <TextField
          label="Location"
          name="location"
          value={location}
          errors={errors}
          onChange={(e) => setLocation(e.target.value)}
        />
        {competition && (
          <SelectField
            label="Status"
            name="status"
            options={COMPETITION_STATUSES}
            value={status}
            errors={errors}
            onChange={(e) => setStatus(e.target.value as (typeof COMPETITION_STATUSES)[number])}
          />
        )}
      </div>
      <fieldset aria-describedby={errors.categories ? `${categoriesId}-error` : undefined}>
        <legend>Categories</legend>
        {categories.map((category, i) => (
          <div key={i} className="row-with-action">
            <TextField
              label={`Category ${i + 1}`}
              name={`categories.${i}`}
              value={category}
              errors={errors}
              onChange={(e) =>
                setCategories(categories.map((c, j) => (j === i ? e.target.value : c)))
              }
            />
            <button
              type="button"
              className="plain-button small"
              aria-label={`Remove category ${i + 1}`}
              onClick={() => setCategories(categories.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </div>
        ))}
        {errors.categories?.map((message) => (
          <p key={message} id={`${categoriesId}-error`} className="error field-error">
            {message}
          </p>
        ))}
        <button
          type="button"
          className="plain-button small"
          onClick={() => setCategories([...categories, ''])}
        >
          Add a category
        </button>
      </fieldset>
      <fieldset>
        <legend>Fees</legend>
        {fees.length === 0 && <p className="muted">No fees: entries are free.</p>}
        {fees.map((fee, i) => (
          <div key={i} className="fee-row">
            <div className="form-grid">
              <TextField
                label={`Fee ${i + 1} name`}
                name={`fees.${i}.name`}
                value={fee.name}
                errors={errors}
                onChange={(e) => setFee(i, { name: e.target.value })}
              />
              <TextField
                label={`Fee ${i + 1} amount`}
                name={`fees.${i}.amount`}
                type="number"
                min="0"
                step="0.01"
                inputMode="decimal"
                value={fee.amount}
                errors={errors}
                onChange={(e) => setFee(i, { amount: e.target.value })}
              />
              <SelectField
                label={`Fee ${i + 1} concept`}
                name={`fees.${i}.concept`}
                options={FEE_CONCEPTS.map((c) => ({ value: c, label: c.replace('_', ' ') }))}
                value={fee.concept}
                errors={errors}
                onChange={(e) => setFee(i, { concept: e.target.value as FeeRow['concept'] })}
              />
              <SelectField
                label={`Fee ${i + 1} charged per`}
                name={`fees.${i}.applies_to`}
                options={APPLIES_TO_OPTIONS}
                value={fee.applies_to}
                errors={errors}
                onChange={(e) => setFee(i, { applies_to: e.target.value as FeeRow['applies_to'] })}
              />
            </div>
            <div className="actions">
              <span className="switch-row">
                <input
                  id={`fee-${i}-required`}
                  type="checkbox"
                  checked={fee.is_required}
                  onChange={(e) => setFee(i, { is_required: e.target.checked })}
                />
                <label htmlFor={`fee-${i}-required`}>Fee {i + 1} charged on entry</label>
              </span>
              <button
                type="button"
                className="plain-button small"
                aria-label={`Remove fee ${i + 1}`}
                onClick={() => setFees(fees.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </div>
          </div>
        ))}
        <button
          type="button"
          className="plain-button small"
          onClick={() => setFees([...fees, newFee()])}
        >
          Add a fee
        </button>
      </fieldset>
      <FormErrorSummary error={save.error} />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : competition ? 'Save competition' : 'Create competition'}
        </button>
        <button type="button" className="plain-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
