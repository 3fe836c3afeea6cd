'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { Order } from '@/server/marketplace/order-schema';
import { Empty } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { MarketplaceShell, MarketQueryState } from '../marketplace-shell';
import { CheckoutForm, CheckoutRefusal, type CheckoutFailure } from './checkout-form';

/**
 * Checkout (C.5): the cart's summary per seller, the shipping address and "Place order". Once
 * placed, the order's page opens; meanwhile a line says so instead of the emptied cart.
 */
export default function CheckoutPage() {
  const trpc = useTRPC();
  const cart = useQuery(trpc.cart.get.queryOptions({}));
  const [placed, setPlaced] = useState<Order | null>(null);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const data = cart.data?.data;
  return (
    <MarketplaceShell title="Checkout">
      {placed && (
        <p role="status">
          Order {placed.number} is placed.{' '}
          <Link href={`/marketplace/orders/${placed.id}?placed=1`}>Open it</Link>
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
        <CheckoutForm cart={data} onPlaced={setPlaced} failure={failure} onFailure={setFailure} />
      )}
    </MarketplaceShell>
  );
}
