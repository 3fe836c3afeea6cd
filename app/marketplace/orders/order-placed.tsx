'use client';

import { CircleCheck } from 'lucide-react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Payment } from '@/server/marketplace/order-schema';
import { Button, Card } from '../../components/ui';

/*
 * The order just placed: checkout opens its page with `?placed=1` and leaves how to pay it
 * (the driver's answer) in the tab's session storage, where a reload still finds it.
 */

const storageKey = (orderId: string) => `marketplace-order-placed:${orderId}`;

/** Keeps the checkout's payment for the order's page. */
export function rememberPayment(orderId: string, payment: Payment) {
  try {
    sessionStorage.setItem(storageKey(orderId), JSON.stringify(payment));
  } catch {
    // Storage refused (private mode, quota): the page shows the order without the instructions.
  }
}

/** The stored text, read as it is (a string is a stable snapshot); null on the server. */
function useStored(orderId: string): string | null {
  return useSyncExternalStore(
    () => () => {},
    () => sessionStorage.getItem(storageKey(orderId)),
    () => null,
  );
}

/** The checkout's payment of the order, when this tab placed it; null otherwise. */
export function useRememberedPayment(orderId: string): Payment | null {
  const stored = useStored(orderId);
  return stored ? (JSON.parse(stored) as Payment) : null;
}

/** "Order placed", with the payment's instructions or page; only on the page checkout opened. */
export function OrderPlaced({ orderId }: { orderId: string }) {
  const placed = useSearchParams().get('placed') === '1';
  const payment = useRememberedPayment(orderId);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (placed) heading.current?.focus();
  }, [placed]);
  if (!placed) return null;
  return (
    <Card aria-labelledby="order-placed-heading">
      <h2
        id="order-placed-heading"
        ref={heading}
        tabIndex={-1}
        className="mt-0 mb-3 flex items-center gap-2 text-xl font-bold outline-none"
      >
        <CircleCheck aria-hidden className="size-6 shrink-0 text-success" />
        Thank you, your order is placed
      </h2>
      {payment?.instructions && (
        <>
          <h3 className="mt-0 mb-1 text-base font-bold">How to pay</h3>
          <p className="mt-0 break-words whitespace-pre-line">{payment.instructions}</p>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {payment?.redirect_url && (
          <Button asChild>
            <a href={payment.redirect_url}>Pay now</a>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link href="/marketplace">Continue shopping</Link>
        </Button>
      </div>
    </Card>
  );
}
