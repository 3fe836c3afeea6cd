'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORTED_STATUSES } from '@/server/payments/payment-schema';
import {
  Button,
  Dialog,
  Empty,
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
import { PaymentsTable, type Payment } from './payments-table';
import { RegisterPayment } from './register-payment';

/** The stored statuses, and `overdue`: a pending charge whose due date has passed (DESIGN 6). */
const STATUS_FILTERS = ['', ...REPORTED_STATUSES] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

/** School payments: filter by status, register a payment, generate the month's tuition. */
export default function PaymentsPage() {
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const [status, setStatus] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<Payment | null>(null);
  const [charging, setCharging] = useState(false);
  const payments = useQuery({
    ...trpc.payments.list.queryOptions({ schoolId, page, per_page: 20, ...(status && { status }) }),
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
      <div className="mb-3 max-w-xs">
        <Label htmlFor="payment-status-filter">Status</Label>
        <NativeSelect
          id="payment-status-filter"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as StatusFilter);
            setPage(1);
          }}
        >
          <Options options={STATUS_FILTERS.map((s) => ({ value: s, label: s || 'all' }))} />
        </NativeSelect>
      </div>
      <QueryState what="payments" query={payments} />
      {payments.data && payments.data.data.length === 0 && (
        <Empty>No payments{status ? ` with status ${status}` : ''}.</Empty>
      )}
      {payments.data && payments.data.data.length > 0 && (
        <PaymentsTable payments={payments.data.data} busy={payments.isFetching} onPay={setPaying} />
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
