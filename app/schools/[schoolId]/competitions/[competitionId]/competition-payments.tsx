'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COMPETITION_PAYMENT_STATUSES } from '@/server/competitions/competition-payment-schema';
import {
  Card,
  CardTitle,
  Dialog,
  Empty,
  FilterSelect,
  humanize,
  money,
  Pager,
  QueryState,
  useListFilters,
} from '../../../../components/ui';
import { useTRPC } from '../../../../trpc';
import { useSchool } from '../../school-context';
import { wordOptions } from '@/app/components/ui';
import { CompetitionPaymentsTable } from './competition-payments-table';
import type { CompetitionPayment } from './competition-queries';
import { PayCompetitionFee } from './pay-competition-fee';

type Status = (typeof COMPETITION_PAYMENT_STATUSES)[number] | '';

/**
 * The competition's payments: what its fees are expected to bring and how much is paid, the
 * list by status, paying one in a dialog and cancelling one after a confirmation.
 */
export function CompetitionPayments({ competitionId }: { competitionId: string }) {
  const { schoolId } = useSchool();
  const trpc = useTRPC();
  const { filters, page, setPage, bind } = useListFilters({ status: '' as Status });
  const { status } = filters;
  const [paying, setPaying] = useState<CompetitionPayment | null>(null);
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
  const meta = payments.data?.meta;
  return (
    <Card aria-labelledby="competition-payments-heading">
      <CardTitle id="competition-payments-heading">Payments</CardTitle>
      <PaymentSummary competitionId={competitionId} />
      <FilterSelect
        id="competition-payment-status"
        label="Payment status"
        className="mb-3 max-w-xs"
        options={wordOptions(COMPETITION_PAYMENT_STATUSES)}
        {...bind('status')}
      />
      {!payments.data && <QueryState what="the payments" query={payments} />}
      {payments.data && payments.data.data.length === 0 && (
        <Empty>No payments{status ? ` with status ${humanize(status)}` : ''}.</Empty>
      )}
      {payments.data && payments.data.data.length > 0 && (
        <CompetitionPaymentsTable
          competitionId={competitionId}
          payments={payments.data.data}
          busy={payments.isFetching}
          onPay={setPaying}
        />
      )}
      {meta && <Pager meta={meta} onPage={setPage} label="Payment pages" />}
      <Dialog title="Pay competition fee" open={paying !== null} onClose={() => setPaying(null)}>
        {paying && <PayCompetitionFee payment={paying} onDone={() => setPaying(null)} />}
      </Dialog>
    </Card>
  );
}

/** What the fees are expected to bring, what is paid and pending, and the count by status. */
function PaymentSummary({ competitionId }: { competitionId: string }) {
  const { school, schoolId } = useSchool();
  const trpc = useTRPC();
  const summary = useQuery(
    trpc.competitionPayments.summary.queryOptions({ schoolId, competitionId }),
  );
  const s = summary.data?.data;
  if (!s) return <QueryState what="the payment summary" query={summary} />;
  const format = (amount: number) => money(amount, school.currency);
  return (
    <>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt>Expected</dt>
        <dd>{format(s.total_expected)}</dd>
        <dt>Paid</dt>
        <dd>{format(s.total_paid)}</dd>
        <dt>Pending</dt>
        <dd>{format(s.total_pending)}</dd>
      </dl>
      <p className="text-muted-foreground">
        {s.by_status.map((row) => `${humanize(row.status)}: ${row.count}`).join(' · ')}
      </p>
    </>
  );
}
