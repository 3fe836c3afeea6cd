'use client';

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useTRPC } from '../../../../trpc';
import {
  FormErrorSummary,
  ConfirmButton,
  fieldErrorsOf,
  money,
  QueryState,
  SelectField,
  useToast,
  useErrorToast,
} from '../../../../ui';
import { NotAllowed, useSchool } from '../../school-context';

/** Entries change the competition, its departure order and its fee payments. */
function invalidateCompetition(queryClient: QueryClient, trpc: ReturnType<typeof useTRPC>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.competitions.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.competitionEntries.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.competitionPayments.pathKey() }),
  ]);
}

/** A competition: its fees and, per category, the entries in departure order. */
export default function CompetitionPage() {
  const { competitionId } = useParams<{ competitionId: string }>();
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const competition = useQuery({
    ...trpc.competitions.get.queryOptions({ schoolId, competitionId }),
    enabled: may('competitions.view'),
  });
  const refresh = () => invalidateCompetition(queryClient, trpc);
  const recalculate = useMutation(
    trpc.competitionEntries.recalculateOrder.mutationOptions({
      onSuccess: async (result) => {
        await refresh();
        toast('success', result.message);
      },
      onError: showError,
    }),
  );
  const cancel = useMutation(
    trpc.competitionEntries.remove.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast('success', 'The entry was cancelled.');
      },
      onError: showError,
    }),
  );

  if (!may('competitions.view')) return <NotAllowed />;
  if (!competition.data) return <QueryState what="the competition" query={competition} />;
  const c = competition.data.data;
  const open = c.status === 'upcoming' || c.status === 'ongoing';

  return (
    <>
      <div className="page-head">
        <h1>{c.name}</h1>
        <div className="actions">
          <Link
            className="button plain-button small"
            href={`/schools/${schoolId}/competitions/${c.id}/print`}
          >
            Print list
          </Link>
          {may('competitions.create') && (
            <button
              type="button"
              className="small"
              disabled={recalculate.isPending}
              onClick={() => recalculate.mutate({ schoolId, competitionId: c.id })}
            >
              Recalculate order
            </button>
          )}
        </div>
      </div>
      <p className="muted">
        {c.date} · {c.location ?? 'No location'} · {c.status}
      </p>
      {c.fees.length > 0 && (
        <p>
          Fees:{' '}
          {c.fees
            .map(
              (fee) =>
                `${fee.name} ${money(fee.amount, school.currency)}${fee.applies_to === 'entry' ? ' per entry' : ` per ${fee.applies_to}`}`,
            )
            .join(' · ')}
        </p>
      )}
      {may('payments.view') && <PaymentSummary competitionId={c.id} />}
      {open && may('competitions.create') && (
        <EntryForm competitionId={c.id} categories={c.categories} />
      )}
      {c.categories.map((category) => {
        const entries = c.entries
          .filter((e) => e.category === category && e.status !== 'cancelled')
          .sort((a, b) => (a.order_number ?? Infinity) - (b.order_number ?? Infinity));
        return (
          <section key={category} className="card" aria-label={category}>
            <h2>{category}</h2>
            {entries.length === 0 ? (
              <p className="muted">No entries yet.</p>
            ) : (
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Rider</th>
                      <th scope="col">Horse</th>
                      <th scope="col">Status</th>
                      <th scope="col">Result</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((e) => (
                      <tr key={e.id}>
                        <td>{e.order_number ?? '—'}</td>
                        <td>{e.student.full_name}</td>
                        <td>{(e.horse as { name?: string } | null)?.name ?? '—'}</td>
                        <td>{e.status}</td>
                        <td>
                          <ResultCell
                            competitionId={c.id}
                            entryId={e.id}
                            rider={e.student.full_name}
                            label={c.results.find((r) => r.entry_id === e.id)?.ribbon_label ?? null}
                          />
                        </td>
                        <td>
                          {may('competitions.delete') &&
                            (e.status === 'pending' || e.status === 'confirmed') && (
                              <ConfirmButton
                                label="Cancel entry"
                                question={`Cancel the entry of ${e.student.full_name}?`}
                                onConfirm={() =>
                                  cancel.mutate({ schoolId, competitionId: c.id, entryId: e.id })
                                }
                              />
                            )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}

function EntryForm({ competitionId, categories }: { competitionId: string; categories: string[] }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const students = useQuery(
    trpc.students.list.queryOptions({ schoolId, status: 'active', per_page: 100 }),
  );
  const horses = useQuery(trpc.horses.list.queryOptions({ schoolId, status: 'active' }));
  const [studentId, setStudentId] = useState('');
  const [category, setCategory] = useState(categories[0] ?? '');
  const [horseId, setHorseId] = useState('');
  const create = useMutation(
    trpc.competitionEntries.create.mutationOptions({
      onSuccess: async (result) => {
        await invalidateCompetition(queryClient, trpc);
        toast('success', `${result.data.student.full_name} entered in ${result.data.category}.`);
        setStudentId('');
      },
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(create.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      schoolId,
      competitionId,
      student_id: studentId,
      category,
      horse_id: horseId || null,
    });
  }
  return (
    <form className="card" onSubmit={submit} aria-label="New entry">
      <h2>New entry</h2>
      <div className="form-grid">
        <SelectField
          label="Rider"
          name="student_id"
          required
          errors={errors}
          value={studentId}
          onChange={(e) => setStudentId(e.target.value)}
          options={[
            { value: '', label: students.isPending ? 'Loading…' : 'Choose a student' },
            ...(students.data?.data.map((s) => ({ value: s.id, label: s.full_name })) ?? []),
          ]}
        />
        <SelectField
          label="Category"
          name="category"
          errors={errors}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          options={categories}
        />
        <SelectField
          label="Horse"
          name="horse_id"
          errors={errors}
          value={horseId}
          onChange={(e) => setHorseId(e.target.value)}
          options={[
            { value: '', label: 'No horse' },
            ...(horses.data?.data.map((h) => ({ value: h.id, label: h.name })) ?? []),
          ]}
        />
      </div>
      <FormErrorSummary error={create.error} />
      <button type="submit" disabled={create.isPending || !studentId}>
        {create.isPending ? 'Entering…' : 'Enter'}
      </button>
    </form>
  );
}

const RIBBONS = [
  'blue',
  'red',
  'yellow',
  'white',
  'pink',
  'green',
  'purple',
  'brown',
  'participation',
] as const;

/** An entry's result, or for those who may record it a ribbon picker. */
function ResultCell({
  competitionId,
  entryId,
  rider,
  label,
}: {
  competitionId: string;
  entryId: string;
  rider: string;
  label: string | null;
}) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const [ribbon, setRibbon] = useState<(typeof RIBBONS)[number] | ''>('');
  const record = useMutation(
    trpc.competitionResults.create.mutationOptions({
      onSuccess: async (result) => {
        await invalidateCompetition(queryClient, trpc);
        toast('success', `${rider}: ${result.data.ribbon_label}.`);
      },
      onError: showError,
    }),
  );
  if (label) return <span>{label}</span>;
  if (!may('competitions.create')) return <span className="muted">—</span>;
  return (
    <span className="actions">
      <label className="visually-hidden" htmlFor={`ribbon-${entryId}`}>
        Ribbon for {rider}
      </label>
      <select
        id={`ribbon-${entryId}`}
        value={ribbon}
        onChange={(e) => setRibbon(e.target.value as (typeof RIBBONS)[number])}
      >
        <option value="">Ribbon…</option>
        {RIBBONS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="small"
        disabled={!ribbon || record.isPending}
        onClick={() =>
          ribbon && record.mutate({ schoolId, competitionId, entry_id: entryId, ribbon })
        }
      >
        Record<span className="visually-hidden"> result of {rider}</span>
      </button>
    </span>
  );
}

/** What the competition's fees are expected to bring, and how much of it is paid. */
function PaymentSummary({ competitionId }: { competitionId: string }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const summary = useQuery(
    trpc.competitionPayments.summary.queryOptions({ schoolId, competitionId }),
  );
  if (!summary.data) return <QueryState what="the payment summary" query={summary} />;
  const s = summary.data.data;
  return (
    <section className="card" aria-labelledby="competition-payments-heading">
      <h2 id="competition-payments-heading">Payments</h2>
      <dl className="details">
        <dt>Expected</dt>
        <dd>{money(s.total_expected, school.currency)}</dd>
        <dt>Paid</dt>
        <dd>{money(s.total_paid, school.currency)}</dd>
        <dt>Pending</dt>
        <dd>{money(s.total_pending, school.currency)}</dd>
      </dl>
    </section>
  );
}
