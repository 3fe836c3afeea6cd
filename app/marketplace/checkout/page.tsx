'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { Order, Payment } from '@/server/marketplace/order-schema';
import { Empty } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { MarketplaceShell, MarketQueryState } from '../marketplace-shell';
import { CheckoutForm, CheckoutRefusal, type CheckoutFailure } from './checkout-form';

/**
 * Checkout (C.5): the cart's summary per seller, the shipping address and "Place order". Once
 * placed, the order's page opens, or with a gateway its payment page; meanwhile a line says so
 * instead of the emptied cart.
 */
export default function CheckoutPage() {
  const trpc = useTRPC();
  const cart = useQuery(trpc.cart.get.queryOptions({}));
  const [placed, setPlaced] = useState<{ order: Order; payment: Payment } | null>(null);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const data = cart.data?.data;
  return (
    <MarketplaceShell title="Checkout">
      {placed?.payment.redirect_url && (
        <div role="status">
          <p>Taking you to the payment page…</p>
          <p className="text-muted-foreground">
            Order {placed.order.number} is placed. If the payment page does not open,{' '}
            <a href={placed.payment.redirect_url}>open it here</a>.
          </p>
        </div>
      )}
      {placed && !placed.payment.redirect_url && (
        <p role="status">
          Order {placed.order.number} is placed.{' '}
          <Link href={`/marketplace/orders/${placed.order.id}?placed=1`}>Open it</Link>
        </p>
      )}
      {!placed && !data && <MarketQueryState what="your cart" query={cart} />}
      {!placed && data && data.items_count === 0 && failure && (
        <CheckoutRefusal failure={failure} />
      )}
      {!placed && data && data.items_count === 0 && !failure && (
        <Empty>
          {data.groups.length === 0 ? (
            <>
              Your cart is empty. Find something to buy with the{' '}
              <Link href="/marketplace" className="underline">
                marketplace search
              </Link>
              .
            </>
          ) : (
            <>
              Nothing in your cart can be bought at the moment.{' '}
              <Link href="/marketplace/cart" className="underline">
                Back to the cart
              </Link>
            </>
          )}
        </Empty>
      )}
      {!placed && data && data.items_count > 0 && (
        <CheckoutForm
          cart={data}
          onPlaced={(order, payment) => setPlaced({ order, payment })}
          failure={failure}
          onFailure={setFailure}
        />
      )}
    </MarketplaceShell>
  );
}
