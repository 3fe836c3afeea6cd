'use client';

import type { ReactNode } from 'react';
import type { Cart } from '@/server/marketplace/cart-schema';
import { Card, CardTitle, money } from '../../components/ui';
import { Totals } from '../orders/order-bits';

/**
 * What the order will hold: the cart's available lines per seller with each seller's sums
 * (one sub-order each), then the order's; `children` is the button that places it.
 */
export function CartSummary({ cart, children }: { cart: Cart; children: ReactNode }) {
  const { currency } = cart;
  const groups = cart.groups
    .map((group) => ({ ...group, items: group.items.filter((item) => item.available) }))
    .filter((group) => group.items.length > 0);
  return (
    <Card aria-labelledby="checkout-summary-heading" className="lg:sticky lg:top-4">
      <CardTitle id="checkout-summary-heading">Your order</CardTitle>
      {groups.map((group) => {
        const headingId = `checkout-seller-${group.seller.id}`;
        return (
          <section
            key={group.seller.id}
            aria-labelledby={headingId}
            className="mb-3 border-b border-border pb-3"
          >
            <h3 id={headingId} className="mt-0 mb-2 text-base font-bold break-words">
              From {group.seller.display_name}
            </h3>
            <ul
              aria-label={`Items from ${group.seller.display_name}`}
              className="m-0 list-none p-0"
            >
              {group.items.map((item) => (
                <li key={item.id} className="mb-1 flex gap-2">
                  <span className="min-w-0 flex-1 break-words">
                    {item.listing.title}
                    <span className="text-muted-foreground"> × {item.quantity}</span>
                  </span>
                  {item.line_total !== null && <span>{money(item.line_total, currency)}</span>}
                </li>
              ))}
            </ul>
            <Totals
              items={group.items_total}
              shipping={group.shipping}
              total={group.total}
              currency={currency}
              className="mt-2 ml-auto w-fit text-sm"
            />
          </section>
        );
      })}
      <h3 className="mt-0 mb-2 text-base font-bold">Order total</h3>
      <Totals
        items={cart.items_total}
        shipping={cart.shipping}
        total={cart.total}
        currency={currency}
        className="mb-3 ml-auto w-fit"
      />
      {children}
    </Card>
  );
}
