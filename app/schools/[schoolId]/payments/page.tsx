'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import {
  PAYMENT_METHODS,
  REPORTED_STATUSES,
  type PaymentInput,
} from '@/server/payments/payment-schema';
import type { AppRouter } from '@/server/router';
import { useTRPC } from '../../../trpc';
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
  TextField,
  useErrorToast,
  useToast,
} from '../../../ui';
import { PayForm } from '../pay-form';
import { NotAllowed, todayIn, useSchool } from '../school-context';

type Payment = inferRouterOutputs<AppRouter>['payments']['list']['data'][number];
const STATUS_FILTERS = ['', ...REPORTED_STATUSES] as const;

/** School payments: filter by status, register a payment, generate the month's tuition. */
export default function PaymentsPage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<(typeof STATUS_FILTERS)[number]>('');
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<Payment | null>(null);
  const [charging, setCharging] = useState(false);
  const payments = useQuery({
    ...trpc.payments.list.queryOptions({
      schoolId,
      page,
      per_page: 20,
      ...(status ? { status } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: may('payments.view'),
  });
  const cancel = useMutation(
    trpc.payments.cancel.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
        toast('success', 'The payment was cancelled.');
      },
      onError: showError,
    }),
  );
  if (!may('payments.view')) return <NotAllowed />;
  const meta = payments.data?.meta;

  return (
    <>
      <div className="page-head">
        <h1>Payments</h1>
        <div className="actions">
          {may('payments.create') && (
            <button type="button" className="small" onClick={() => setCharging(true)}>
              New charge
            </button>
          )}
          {may('reports.view') && (
            <a
              className="button plain-button small"
              href={`/api/schools/${schoolId}/reports/financial?format=csv`}
              download
            >
              Financial report (CSV)
            </a>
          )}
        </div>
      </div>
      {may('payments.create') && <MonthlyCharges />}
      <div className="toolbar">
        <SelectField
          label="Status"
          name="status"
          options={STATUS_FILTERS.map((s) => ({ value: s, label: s || 'all' }))}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as (typeof STATUS_FILTERS)[number]);
            setPage(1);
          }}
        />
      </div>
      <QueryState what="payments" query={payments} />
      {payments.data && payments.data.data.length === 0 && (
        <Empty>No payments{status ? ` with status ${status}` : ''}.</Empty>
      )}
      {payments.data && payments.data.data.length > 0 && (
        <TableWrap className="card">
          <table aria-busy={payments.isFetching}>
            <thead>
              <tr>
                <th scope="col">Student</th>
                <th scope="col">Concept</th>
                <th scope="col">Amount</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.data.data.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link href={`/schools/${schoolId}/students/${p.student_id}`}>
                      {p.student.full_name}
                    </Link>
                  </td>
                  <td>
                    {p.description ?? p.concept}
                    {p.period && <span className="muted"> {p.period}</span>}
                  </td>
                  <td>{money(p.amount, p.currency)}</td>
                  <td>{p.due_date}</td>
                  <td>
                    <span className={`badge ${p.status}`}>{p.status}</span>
                    {p.receipt_number && <span className="muted"> {p.receipt_number}</span>}
                  </td>
                  <td>
                    <div className="actions">
                      {may('payments.edit') &&
                        (p.status === 'pending' || p.status === 'overdue') && (
                          <button
                            type="button"
                            className="small"
                            onClick={() => setPaying(p)}
                            aria-label={`Register payment of ${p.student.full_name}, ${p.description ?? p.concept}`}
                          >
                            Register payment
                          </button>
                        )}
                      {may('payments.delete') &&
                        (p.status === 'pending' || p.status === 'overdue') && (
                          <ConfirmButton
                            label="Cancel charge"
                            question="Cancel this charge?"
                            onConfirm={() => cancel.mutate({ schoolId, paymentId: p.id })}
                          />
                        )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {meta && <Pager meta={meta} onPage={setPage} />}
      <Dialog title="New charge" open={charging} onClose={() => setCharging(false)}>
        <ChargeForm onDone={() => setCharging(false)} />
      </Dialog>
      <Dialog title="Register payment" open={paying !== null} onClose={() => setPaying(null)}>
        {paying && (
          <RegisterPayment
            payment={paying}
            currency={school.currency}
            onDone={() => setPaying(null)}
          />
        )}
      </Dialog>
    </>
  );
}

function RegisterPayment({
  payment,
  currency,
  onDone,
}: {
  payment: Payment;
  currency: string;
  onDone: () => void;
}) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const pay = useMutation(
    trpc.payments.pay.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() });
        toast('success', `Payment registered, receipt ${result.data.receipt_number ?? ''}.`);
        onDone();
      },
      onError: showError,
    }),
  );
  return (
    <PayForm
      summary={
        <>
          {payment.student.full_name} · {payment.description ?? payment.concept} ·{' '}
          <strong>{money(payment.amount, currency)}</strong>
        </>
      }
      methods={PAYMENT_METHODS}
      pending={pay.isPending}
      error={pay.error}
      onSubmit={(values) =>
        pay.mutate({
          schoolId,
          paymentId: payment.id,
          ...values,
          payment_method: values.payment_method as (typeof PAYMENT_METHODS)[number],
        })
      }
      onDone={onDone}
    />
  );
}

const CONCEPTS = [
  { value: 'other', label: 'other' },
  { value: 'tuition', label: 'tuition' },
  { value: 'enrollment_fee', label: 'enrollment fee' },
] as const satisfies readonly { value: NonNullable<PaymentInput['concept']>; label: string }[];

/** One charge for one student (a pending payment), besides the monthly tuition. */
function ChargeForm({ onDone }: { onDone: () => void }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [studentId, setStudentId] = useState('');
  const [concept, setConcept] = useState<(typeof CONCEPTS)[number]['value']>('other');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState(todayIn(school.timezone));
  const [period, setPeriod] = useState('');
  const students = useQuery({
    ...trpc.students.list.queryOptions({
      schoolId,
      status: 'active',
      per_page: 50,
      ...(search.trim() ? { search: search.trim() } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const create = useMutation(
    trpc.payments.create.mutationOptions({
      onSuccess: async (result) => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }),
        ]);
        toast(
          'success',
          `Charged ${result.data.student.full_name} ${money(result.data.amount, result.data.currency)}.`,
        );
        onDone();
      },
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(create.error);
  const found = students.data?.data ?? [];
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({
      schoolId,
      student_id: studentId,
      concept,
      description: description || null,
      amount: Number(amount),
      due_date: dueDate,
      ...(concept === 'tuition' && period ? { period } : {}),
    });
  }
  return (
    <form onSubmit={submit} aria-label="New charge">
      <TextField
        label="Find a student"
        name="search"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <SelectField
        label="Student"
        name="student_id"
        required
        errors={errors}
        value={studentId}
        onChange={(e) => setStudentId(e.target.value)}
        options={[
          {
            value: '',
            label: students.isPending
              ? 'Loading…'
              : found.length === 0
                ? 'No student found'
                : 'Choose a student',
          },
          ...found.map((s) => ({ value: s.id, label: s.full_name })),
        ]}
      />
      <div className="form-grid">
        <SelectField
          label="Concept"
          name="concept"
          options={CONCEPTS}
          value={concept}
          errors={errors}
          onChange={(e) => setConcept(e.target.value as (typeof CONCEPTS)[number]['value'])}
        />
        <TextField
          label="Amount"
          name="amount"
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          required
          value={amount}
          errors={errors}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <TextField
        label="Description"
        name="description"
        value={description}
        errors={errors}
        onChange={(e) => setDescription(e.target.value)}
      />
      <div className="form-grid">
        <TextField
          label="Due on"
          name="due_date"
          type="date"
          required
          value={dueDate}
          errors={errors}
          onChange={(e) => setDueDate(e.target.value)}
        />
        {concept === 'tuition' && (
          <TextField
            label="Period"
            name="period"
            type="month"
            hint="The month this tuition is for; by default the due date's."
            value={period}
            errors={errors}
            onChange={(e) => setPeriod(e.target.value)}
          />
        )}
      </div>
      <FormErrorSummary error={create.error} />
      <div className="actions">
        <button type="submit" disabled={create.isPending || !studentId}>
          {create.isPending ? 'Saving…' : 'Create charge'}
        </button>
        <button type="button" className="plain-button" onClick={onDone}>
          Close
        </button>
      </div>
    </form>
  );
}

function MonthlyCharges() {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const toast = useToast();
  const showError = useErrorToast({ inline: true });
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(todayIn(school.timezone).slice(0, 7));
  const preview = useMutation(
    trpc.payments.generateMonthly.mutationOptions({
      onError: showError,
    }),
  );
  const generate = useMutation(
    trpc.payments.generateMonthly.mutationOptions({
      onSuccess: async (result) => {
        preview.reset();
        await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
        toast('success', `${result.data.created} charges created.`);
      },
      onError: showError,
    }),
  );
  const errors = fieldErrorsOf(preview.error ?? generate.error);
  const planned = preview.data?.data;
  return (
    <section className="card" aria-labelledby="monthly-heading">
      <h2 id="monthly-heading">Monthly charges</h2>
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          preview.mutate({ schoolId, month, dry_run: true });
        }}
      >
        <TextField
          label="Month"
          name="month"
          type="month"
          value={month}
          errors={errors}
          onChange={(e) => {
            setMonth(e.target.value);
            preview.reset();
          }}
        />
        <button type="submit" className="plain-button" disabled={preview.isPending}>
          Generate charges…
        </button>
      </form>
      {planned && (
        <div role="group" aria-label="Confirm monthly charges" className="confirm">
          <span>
            {planned.created === 0
              ? `Nothing to charge for ${month}${planned.skipped ? ` (${planned.skipped} already charged)` : ''}.`
              : `${planned.created} charges will be created for ${month}, ${money(planned.total_amount, school.currency)} in total${planned.skipped ? `; ${planned.skipped} students already charged` : ''}.`}
          </span>
          {planned.created > 0 && (
            <button
              type="button"
              className="small"
              disabled={generate.isPending}
              onClick={() => generate.mutate({ schoolId, month })}
            >
              Create {planned.created} charges
            </button>
          )}
          <button type="button" className="plain-button small" onClick={() => preview.reset()}>
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}
