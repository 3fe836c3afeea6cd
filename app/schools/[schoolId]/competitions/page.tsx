'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../../trpc';
import {
  Empty,
  fieldErrorsOf,
  FormErrorSummary,
  QueryState,
  TextField,
  useErrorToast,
  useToast,
} from '../../../ui';
import { NotAllowed, useSchool } from '../school-context';

/** Competitions of the school, newest first, and a form to create one. */
export default function CompetitionsPage() {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const [creating, setCreating] = useState(false);
  const competitions = useQuery({
    ...trpc.competitions.list.queryOptions({ schoolId, per_page: 50 }),
    enabled: may('competitions.view'),
  });
  if (!may('competitions.view')) return <NotAllowed />;
  return (
    <>
      <div className="page-head">
        <h1>Competitions</h1>
        {may('competitions.create') && !creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New competition
          </button>
        )}
      </div>
      {creating && <CompetitionForm onCancel={() => setCreating(false)} />}
      <QueryState what="competitions" query={competitions} />
      {competitions.data && competitions.data.data.length === 0 && (
        <Empty>No competitions yet.</Empty>
      )}
      {competitions.data && competitions.data.data.length > 0 && (
        <ul className="list">
          {competitions.data.data.map((c) => (
            <li key={c.id} className="card">
              <Link href={`/schools/${schoolId}/competitions/${c.id}`}>
                <strong>{c.name}</strong>
                <span className="muted">
                  {c.date} · {c.status} · {c.categories.length} categories
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type FeeRow = { name: string; amount: string };

function CompetitionForm({ onCancel }: { onCancel: () => void }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [date, setDate] = useState('');
  const [location, setLocation] = useState('');
  const [categories, setCategories] = useState('');
  const [fees, setFees] = useState<FeeRow[]>([{ name: 'Inscription', amount: '' }]);
  const create = useMutation(
    trpc.competitions.create.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.competitions.list.pathKey() });
        toast('success', `${result.data.name} was created.`);
        router.push(`/schools/${schoolId}/competitions/${result.data.id}`);
      },
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(create.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      schoolId,
      name,
      date,
      location: location || null,
      categories: categories
        .split(/[\n,]/)
        .map((c) => c.trim())
        .filter(Boolean),
      fees: fees
        .filter((f) => f.name.trim() || f.amount)
        .map((f) => ({
          concept: 'inscription' as const,
          name: f.name.trim(),
          amount: Number(f.amount),
          is_required: true,
          applies_to: 'entry' as const,
        })),
    });
  }
  return (
    <form className="card" onSubmit={submit} aria-label="New competition">
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
      </div>
      <TextField
        label="Categories"
        name="categories"
        hint="Separated by commas, e.g. Cross 60 cm, Jumping 80 cm"
        value={categories}
        errors={errors}
        onChange={(e) => setCategories(e.target.value)}
      />
      <fieldset>
        <legend>Entry fees (charged per entry)</legend>
        {fees.map((fee, i) => (
          <div key={i} className="form-grid">
            <TextField
              label={`Fee ${i + 1} name`}
              name={`fees.${i}.name`}
              value={fee.name}
              errors={errors}
              onChange={(e) =>
                setFees(fees.map((f, j) => (j === i ? { ...f, name: e.target.value } : f)))
              }
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
              onChange={(e) =>
                setFees(fees.map((f, j) => (j === i ? { ...f, amount: e.target.value } : f)))
              }
            />
          </div>
        ))}
        <button
          type="button"
          className="plain-button small"
          onClick={() => setFees([...fees, { name: '', amount: '' }])}
        >
          Add a fee
        </button>
      </fieldset>
      <FormErrorSummary error={create.error} />
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create competition'}
        </button>
        <button type="button" className="plain-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
