'use client';

import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import {
  COMPETITION_PAYMENT_METHODS,
  COMPETITION_PAYMENT_STATUSES,
} from '@/server/competitions/competition-payment-schema';
import { RIBBONS } from '@/server/competitions/result-schema';
import type { AppRouter } from '@/server/router';
import { useTRPC } from '../../../../trpc';
import {
  ConfirmButton,
  Dialog,
  Empty,
  fieldErrorsOf,
  FormErrorSummary,
  money,
  Pager,
  QueryState,
  SelectField,
  TableWrap,
  useErrorToast,
  useToast,
} from '../../../../ui';
import { PayForm } from '../../pay-form';
import { NotAllowed, useSchool } from '../../school-context';
import { CompetitionForm, type Competition } from '../competition-form';

type CompetitionPayment =
  inferRouterOutputs<AppRouter>['competitionPayments']['list']['data'][number];
type Result = Competition['results'][number];

/** Entries change the competition, its departure order and its fee payments. */
function invalidateCompetition(queryClient: QueryClient, trpc: ReturnType<typeof useTRPC>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trpc.competitions.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.competitionEntries.pathKey() }),
    queryClient.invalidateQueries({ queryKey: trpc.competitionPayments.pathKey() }),
  ]);
}

/**
 * A competition: its fees, per category the entries in departure order with their results,
 * and its payments; editing and deleting it for those who may.
 */
export default function CompetitionPage() {
  const { competitionId } = useParams<{ competitionId: string }>();
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
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

  const remove = useMutation(
    trpc.competitions.remove.mutationOptions({
      onSuccess: async (result) => {
        toast('success', result.message);
        router.push(`/schools/${schoolId}/competitions`);
        // Only the list: the deleted competition's own queries would answer 404.
        await queryClient.invalidateQueries({ queryKey: trpc.competitions.list.pathKey() });
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
          {may('competitions.edit') && !editing && (
            <button type="button" className="plain-button small" onClick={() => setEditing(true)}>
              Edit competition
            </button>
          )}
          {may('competitions.delete') && (
            <ConfirmButton
              label="Delete competition"
              question={`Delete ${c.name} with its entries, results and payments?`}
              disabled={remove.isPending}
              onConfirm={() => remove.mutate({ schoolId, competitionId: c.id })}
            />
          )}
        </div>
      </div>
      {editing && (
        <CompetitionForm
          competition={c}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
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
      {open && may('competitions.create') && (
        // Remounted when the categories are edited, so that it never offers a removed one.
        <EntryForm key={c.categories.join('\n')} competitionId={c.id} categories={c.categories} />
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
              <TableWrap>
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
                            result={c.results.find((r) => r.entry_id === e.id) ?? null}
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
              </TableWrap>
            )}
          </section>
        );
      })}
      {may('payments.view') && <CompetitionPayments competitionId={c.id} />}
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

/**
 * An entry's result: for those who may record it a ribbon picker, and once recorded, for those
 * who may edit, a way to correct the ribbon.
 */
function ResultCell({
  competitionId,
  entryId,
  rider,
  result,
}: {
  competitionId: string;
  entryId: string;
  rider: string;
  result: Result | null;
}) {
  const { schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  const [ribbon, setRibbon] = useState<(typeof RIBBONS)[number] | ''>(result?.ribbon ?? '');
  const saved = {
    onSuccess: async (saved: { data: Result }) => {
      await invalidateCompetition(queryClient, trpc);
      setChanging(false);
      toast('success', `${rider}: ${saved.data.ribbon_label}.`);
    },
    onError: showError,
  };
  const record = useMutation(trpc.competitionResults.create.mutationOptions(saved));
  const correct = useMutation(trpc.competitionResults.update.mutationOptions(saved));

  if (result && !changing) {
    return (
      <span className="actions">
        <span>{result.ribbon_label}</span>
        {may('competitions.edit') && (
          <button
            type="button"
            className="plain-button small"
            onClick={() => {
              setRibbon(result.ribbon);
              setChanging(true);
            }}
          >
            Change<span className="visually-hidden"> result of {rider}</span>
          </button>
        )}
      </span>
    );
  }
  if (!result && !may('competitions.create')) return <span className="muted">—</span>;
  const pending = record.isPending || correct.isPending;
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
      {result ? (
        <>
          <button
            type="button"
            className="small"
            disabled={!ribbon || pending}
            onClick={() =>
              ribbon && correct.mutate({ schoolId, competitionId, resultId: result.id, ribbon })
            }
          >
            Save<span className="visually-hidden"> result of {rider}</span>
          </button>
          <button type="button" className="plain-button small" onClick={() => setChanging(false)}>
            Cancel
          </button>
        </>
      ) : (
        <button
          type="button"
          className="small"
          disabled={!ribbon || pending}
          onClick={() =>
            ribbon && record.mutate({ schoolId, competitionId, entry_id: entryId, ribbon })
          }
        >
          Record<span className="visually-hidden"> result of {rider}</span>
        </button>
      )}
    </span>
  );
}

const PAYMENT_STATUSES = ['', ...COMPETITION_PAYMENT_STATUSES] as const;

/**
 * The competition's payments: what its fees are expected to bring and how much is paid, the
 * list by status, paying one in a dialog and cancelling one after a confirmation.
 */
function CompetitionPayments({ competitionId }: { competitionId: string }) {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<(typeof PAYMENT_STATUSES)[number]>('');
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<CompetitionPayment | null>(null);
  const summary = useQuery(
    trpc.competitionPayments.summary.queryOptions({ schoolId, competitionId }),
  );
  const payments = useQuery({
    ...trpc.competitionPayments.list.queryOptions({
      schoolId,
      competitionId,
      page,
      per_page: 20,
      ...(status ? { status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation(
    trpc.competitionPayments.remove.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.competitionPayments.pathKey() });
        toast('success', result.message);
      },
      onError: showError,
    }),
  );
  const format = (amount: number) => money(amount, school.currency);
  const s = summary.data?.data;
  const meta = payments.data?.meta;

  return (
    <section className="card" aria-labelledby="competition-payments-heading">
      <h2 id="competition-payments-heading">Payments</h2>
      {!s && <QueryState what="the payment summary" query={summary} />}
      {s && (
        <>
          <dl className="details">
            <dt>Expected</dt>
            <dd>{format(s.total_expected)}</dd>
            <dt>Paid</dt>
            <dd>{format(s.total_paid)}</dd>
            <dt>Pending</dt>
            <dd>{format(s.total_pending)}</dd>
          </dl>
          <p className="muted">
            {s.by_status.map((row) => `${row.count} ${row.status}`).join(' · ')}
          </p>
        </>
      )}
      <div className="toolbar">
        <SelectField
          label="Payment status"
          name="status"
          options={PAYMENT_STATUSES.map((value) => ({ value, label: value || 'all' }))}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as (typeof PAYMENT_STATUSES)[number]);
            setPage(1);
          }}
        />
      </div>
      {!payments.data && <QueryState what="the payments" query={payments} />}
      {payments.data && payments.data.data.length === 0 && (
        <Empty>No payments{status ? ` with status ${status}` : ''}.</Empty>
      )}
      {payments.data && payments.data.data.length > 0 && (
        <TableWrap>
          <table aria-label="Competition payments" aria-busy={payments.isFetching}>
            <thead>
              <tr>
                <th scope="col">Rider</th>
                <th scope="col">Concept</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.data.data.map((p) => {
                const what = `${p.student.full_name}, ${p.concept_detail ?? p.concept}`;
                return (
                  <tr key={p.id}>
                    <td>{p.student.full_name}</td>
                    <td>{p.concept_detail ?? p.concept.replace('_', ' ')}</td>
                    <td>{format(p.amount)}</td>
                    <td>
                      <span className={`badge ${p.status}`}>{p.status}</span>
                      {p.receipt_number && <span className="muted"> {p.receipt_number}</span>}
                    </td>
                    <td>
                      {p.status === 'pending' && (
                        <div className="actions">
                          {may('payments.create') && (
                            <button
                              type="button"
                              className="small"
                              aria-label={`Pay ${what}`}
                              onClick={() => setPaying(p)}
                            >
                              Pay
                            </button>
                          )}
                          {may('payments.delete') && (
                            <ConfirmButton
                              label="Cancel payment"
                              question={`Cancel the payment of ${what}?`}
                              onConfirm={() =>
                                cancel.mutate({ schoolId, competitionId, paymentId: p.id })
                              }
                            />
                          )}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
      {meta && <Pager meta={meta} onPage={setPage} label="Payment pages" />}
      <Dialog title="Pay competition fee" open={paying !== null} onClose={() => setPaying(null)}>
        {paying && <RegisterPayment payment={paying} onDone={() => setPaying(null)} />}
      </Dialog>
    </section>
  );
}

function RegisterPayment({ payment, onDone }: { payment: CompetitionPayment; onDone: () => void }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const pay = useMutation(
    trpc.competitionPayments.pay.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.competitionPayments.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
        ]);
        toast('success', `Payment of ${payment.student.full_name} registered.`);
        onDone();
      },
      onError: showError,
    }),
  );
  return (
    <PayForm
      summary={
        <>
          {payment.student.full_name} · {payment.concept_detail ?? payment.concept} ·{' '}
          <strong>{money(payment.amount, school.currency)}</strong>
        </>
      }
      methods={COMPETITION_PAYMENT_METHODS}
      pending={pay.isPending}
      error={pay.error}
      onSubmit={(values) =>
        pay.mutate({
          schoolId,
          competitionId: payment.competition_id,
          paymentId: payment.id,
          ...values,
          payment_method: values.payment_method as (typeof COMPETITION_PAYMENT_METHODS)[number],
        })
      }
      onDone={onDone}
    />
  );
}
