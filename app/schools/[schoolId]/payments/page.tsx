'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Suspense, useState } from 'react';
import { PAYMENT_SORTS, type PaymentSort } from '@/server/payments/payment-schema';
import {
  Button,
  Dialog,
  Empty,
  FilterBar,
  FilterSearch,
  FilterSelect,
  humanize,
  Label,
  NativeSelect,
  Options,
  Pager,
  QueryState,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { NotAllowed, useSchool } from '../school-context';
import { ChargeForm } from './charge-form';
import { MonthlyCharges } from './monthly-charges';
import { conceptOf, SORT_LABELS } from './payment-labels';
import { PaymentsTable, receiptHref, type Payment } from './payments-table';
import { RegisterPayment } from './register-payment';
import { STATUS_CHOICES, statusParam, usePaymentFilters } from './use-payment-filters';

const STATUS_OPTIONS = STATUS_CHOICES.map((value) => ({
  value,
  label: value === 'unpaid' ? 'Unpaid (pending or overdue)' : humanize(value),
}));
const SORT_OPTIONS = PAYMENT_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

export default function PaymentsPage() {
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      <Payments />
    </Suspense>
  );
}

/**
 * School payments: search, filter by status (unpaid among them), sort, register a payment and
 * open its receipt, charge a student, generate the month's tuition.
 */
function Payments() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const filters = usePaymentFilters();
  const { search, status, sort, page } = filters;
  const [paying, setPaying] = useState<Payment | null>(null);
  const [registered, setRegistered] = useState<Payment | null>(null);
  const [charging, setCharging] = useState(false);
  const payments = useQuery({
    ...trpc.payments.list.queryOptions({
      schoolId,
      page,
      per_page: 20,
      sort,
      ...(search && { search }),
      ...(status && { status: statusParam(status) }),
    }),
    placeholderData: keepPreviousData,
    enabled: may('payments.view'),
  });
  if (!may('payments.view')) return <NotAllowed />;
  const meta = payments.data?.meta;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1>Payments</h1>
        <div className="flex flex-wrap items-center gap-2">
          {may('payments.create') && (
            <Button size="sm" onClick={() => setCharging(true)}>
              New charge
            </Button>
          )}
          {may('reports.view') && (
            <Button asChild variant="outline" size="sm">
              <a href={`/api/schools/${schoolId}/reports/financial?format=csv`} download>
                Financial report (CSV)
              </a>
            </Button>
          )}
        </div>
      </div>
      {may('payments.create') && <MonthlyCharges />}
      {registered && (
        <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-card p-3">
          <span className="min-w-0">
            Registered: {registered.student.full_name} · {conceptOf(registered)}
            {registered.receipt_number && `, receipt ${registered.receipt_number}`}.
          </span>
          <Button asChild size="sm" variant="outline">
            <Link href={receiptHref(schoolId, registered.id)}>Open receipt</Link>
          </Button>
        </div>
      )}
      <FilterBar>
        <FilterSearch
          id="payment-search"
          label="Search"
          placeholder="Student, receipt or concept"
          value={filters.typed}
          onChange={filters.setTyped}
        />
        <FilterSelect
          id="payment-status-filter"
          label="Status"
          allLabel="All"
          options={STATUS_OPTIONS}
          value={status}
          onChange={filters.setStatus}
        />
        <div>
          <Label htmlFor="payment-sort">Sort by</Label>
          <NativeSelect
            id="payment-sort"
            value={sort}
            onChange={(event) => filters.setSort(event.target.value as PaymentSort)}
          >
            <Options options={SORT_OPTIONS} />
          </NativeSelect>
        </div>
      </FilterBar>
      <QueryState what="payments" query={payments} />
      {payments.data && payments.data.data.length === 0 && (
        <Empty>{filters.filtered ? 'No payments match these filters.' : 'No payments yet.'}</Empty>
      )}
      {payments.data && payments.data.data.length > 0 && (
        <PaymentsTable payments={payments.data.data} busy={payments.isFetching} onPay={setPaying} />
      )}
      {meta && <Pager meta={meta} onPage={filters.setPage} noun="payments" />}
      <Dialog title="New charge" open={charging} onClose={() => setCharging(false)}>
        <ChargeForm onDone={() => setCharging(false)} />
      </Dialog>
      <Dialog title="Register payment" open={paying !== null} onClose={() => setPaying(null)}>
        {paying && (
          <RegisterPayment
            payment={paying}
            currency={school.currency}
            onPaid={setRegistered}
            onDone={() => setPaying(null)}
          />
        )}
      </Dialog>
    </>
  );
}
