'use client';

import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useSearchParams } from 'next/navigation';
import type { Order } from '@/server/marketplace/order-schema';
import { Button, Card } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useBriefPolling } from '../../use-brief-polling';
import { When } from '../order-bits';
import { useRememberedPayment } from '../order-placed';

/**
 * The buyer back from the payment service's page, at `?payment=done` or `?payment=cancelled`.
 * Done: the payment is confirmed by the service's webhook, not by the return, so the order is
 * asked again for a short while until it is paid. Cancelled: the order stays reserved until it
 * expires, and the service's page (remembered by this tab's checkout) still takes the payment.
 */
export function PaymentReturn({ order }: { order: Order }) {
  const outcome = useSearchParams().get('payment');
  if (outcome === 'done') return <PaymentDone order={order} />;
  if (outcome === 'cancelled' && order.status === 'awaiting_payment')
    return <PaymentCancelled order={order} />;
  return null;
}

function PaymentDone({ order }: { order: Order }) {
  const trpc = useTRPC();
  const waiting = order.status === 'awaiting_payment' && !order.payment_held;
  const { refetchInterval, gaveUp } = useBriefPolling(waiting);
  // A second observer of the page's query: only this one asks again.
  useQuery({ ...trpc.orders.get.queryOptions({ id: order.id }), refetchInterval });
  if (order.status === 'cancelled' || order.payment_held) return null;
  return (
    <Card role="status" aria-label="Payment">
      {waiting ? (
        <p className="m-0">
          Thank you: your payment is being confirmed; the order shows Paid once the payment service
          confirms it.
          {gaveUp && ' This takes longer than usual: reload the page in a few minutes.'}
        </p>
      ) : (
        <p className="m-0 flex items-center gap-2 font-semibold">
          <CircleCheck aria-hidden className="size-6 shrink-0 text-success" />
          Thank you: your payment is confirmed.
        </p>
      )}
    </Card>
  );
}

function PaymentCancelled({ order }: { order: Order }) {
  const payment = useRememberedPayment(order.id);
  return (
    <Card role="status" aria-label="Payment">
      <p className="m-0">
        The payment was cancelled. The order stays reserved until <When iso={order.expires_at} />:
        still unpaid then, it is cancelled and its items go back on sale.
      </p>
      {payment?.redirect_url && (
        <Button asChild className="mt-3">
          <a href={payment.redirect_url}>Return to the payment page</a>
        </Button>
      )}
    </Card>
  );
}
