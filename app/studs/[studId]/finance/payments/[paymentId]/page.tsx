'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import {
  Badge,
  Button,
  DetailList,
  formatDate,
  formatDateTime,
  humanize,
  QueryState,
} from '../../../../../components/ui';
import { useTRPC } from '../../../../../trpc';
import { NotAllowed, useStud } from '../../../stud-context';
import { useMoney } from '../../finance-ui';

/** A payment's receipt, on its own page to print (the navigation is left off the paper). */
export default function ReceiptPage() {
  const { paymentId } = useParams<{ paymentId: string }>();
  const { stud, studId, may } = useStud();
  const trpc = useTRPC();
  const format = useMoney();
  const payment = useQuery({
    ...trpc.studPayments.get.queryOptions({ studId, paymentId }),
    enabled: may('finance.view'),
  });
  if (!may('finance.view')) return <NotAllowed />;
  const p = payment.data?.data;
  return (
    <article aria-labelledby="receipt-heading" className="max-w-xl">
      <div className="no-print mb-3 flex flex-wrap items-center justify-between gap-2">
        <Link href={`/studs/${studId}/finance?tab=payments`}>← Finance</Link>
        {p && <Button onClick={() => window.print()}>Print</Button>}
      </div>
      <h1 id="receipt-heading">Receipt{p && ` ${p.receipt_number}`}</h1>
      {!p && <QueryState what="the receipt" query={payment} />}
      {p && (
        <>
          <p className="mt-0">{stud.name}</p>
          {p.status === 'voided' && (
            <p role="status">
              <Badge status="cancelled">Voided</Badge>{' '}
              {p.voided_at && `on ${formatDateTime(p.voided_at, stud.timezone)}`}
              {p.void_reason && `: ${p.void_reason}`}
            </p>
          )}
          <DetailList className="mb-4">
            <dt>Received from</dt>
            <dd>{p.receivable.client.display_name}</dd>
            <dt>For</dt>
            <dd>
              {p.receivable.description} ({humanize(p.receivable.kind, { midSentence: true })})
            </dd>
            <dt>Amount</dt>
            <dd>
              <strong>{format(p.amount)}</strong>
            </dd>
            <dt>Paid on</dt>
            <dd>{formatDate(p.paid_date)}</dd>
            <dt>Method</dt>
            <dd>{humanize(p.payment_method)}</dd>
            {p.notes && (
              <>
                <dt>Notes</dt>
                <dd className="whitespace-pre-line">{p.notes}</dd>
              </>
            )}
          </DetailList>
        </>
      )}
    </article>
  );
}
