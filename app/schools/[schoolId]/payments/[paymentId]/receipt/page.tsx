'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import {
  Button,
  DetailList,
  Empty,
  formatDate,
  humanize,
  money,
  QueryState,
} from '../../../../../components/ui';
import { useTRPC } from '../../../../../trpc';
import { NotAllowed, useSchool } from '../../../school-context';
import { conceptOf, methodLabel, periodLabel } from '../../payment-labels';

/**
 * A paid payment's receipt, laid out for paper: on print only the receipt shows (the app's
 * print rules hide the bars and `.no-print`; the `print:` classes drop the card's frame).
 */
export default function ReceiptPage() {
  const { paymentId } = useParams<{ paymentId: string }>();
  const { school, schoolId, may } = useSchool();
  const trpc = useTRPC();
  const allowed = may('payments.view');
  const payment = useQuery({
    ...trpc.payments.get.queryOptions({ schoolId, paymentId }),
    enabled: allowed,
  });
  // Who registered it: the actor of the payment's `pay` entry in its audit trail.
  const audit = useQuery({
    ...trpc.payments.audit.queryOptions({ schoolId, paymentId }),
    enabled: allowed && payment.data?.data.status === 'paid',
  });
  if (!allowed) return <NotAllowed />;
  const back = (
    <Link href={`/schools/${schoolId}/payments`} className="no-print">
      Back to payments
    </Link>
  );
  if (!payment.data)
    return (
      <>
        {back}
        <QueryState what="the payment" query={payment} />
      </>
    );
  const p = payment.data.data;
  if (p.status !== 'paid' || !p.paid_date || !p.payment_method) {
    return (
      <>
        <h1>Receipt</h1>
        <Empty>
          This payment is {humanize(p.status).toLowerCase()}: a receipt exists once it is paid.
        </Empty>
        {back}
      </>
    );
  }
  const registeredBy = audit.data?.data.findLast((entry) => entry.action === 'pay')?.actor?.name;
  return (
    <>
      <div className="no-print mb-3 flex flex-wrap items-center justify-between gap-2">
        {back}
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <article
        aria-labelledby="receipt-heading"
        className="max-w-xl rounded-lg border border-border bg-card p-6 text-foreground print:max-w-none print:border-0 print:p-0"
      >
        <p className="m-0 text-lg font-bold">{school.name}</p>
        <h1 id="receipt-heading" className="mt-1 mb-4">
          Payment receipt
        </h1>
        <DetailList className="mb-4">
          <dt>Receipt number</dt>
          <dd>{p.receipt_number ?? 'Not numbered'}</dd>
          <dt>Date paid</dt>
          <dd>{formatDate(p.paid_date)}</dd>
          <dt>Received from</dt>
          <dd>{p.student.full_name}</dd>
          <dt>For</dt>
          <dd>
            {conceptOf(p)}
            {p.period && ` · ${periodLabel(p.period)}`}
            {p.class && ` · ${p.class.name}`}
          </dd>
          <dt>Method</dt>
          <dd>{methodLabel(p.payment_method)}</dd>
          {registeredBy && (
            <>
              <dt>Registered by</dt>
              <dd>{registeredBy}</dd>
            </>
          )}
        </DetailList>
        <p className="m-0 flex flex-wrap items-baseline justify-between gap-2 border-t border-border pt-3">
          <span className="font-semibold">Amount paid</span>
          <strong className="text-2xl">{money(p.amount, p.currency)}</strong>
        </p>
      </article>
    </>
  );
}
