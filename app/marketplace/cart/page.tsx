'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { CartGroup } from '@/server/marketplace/cart-schema';
import { Button, Card, CardTitle, DetailList, Empty, money } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { Fact, VerifiedBadge } from '../listing-bits';
import { MarketplaceShell, MarketQueryState } from '../marketplace-shell';
import { CartLine } from './cart-line';

/** The three sums of the available lines: of a seller's group, or of the whole cart. */
function Totals({
  totals,
  currency,
}: {
  totals: { items_total: number; shipping: number; total: number };
  currency: string;
}) {
  return (
    <DetailList className="ml-auto w-fit">
      <Fact label="Items">{money(totals.items_total, currency)}</Fact>
      <Fact label="Shipping">{money(totals.shipping, currency)}</Fact>
      <Fact label="Total">
        <strong>{money(totals.total, currency)}</strong>
      </Fact>
    </DetailList>
  );
}

function SellerGroup({ group, currency }: { group: CartGroup; currency: string }) {
  const headingId = `cart-seller-${group.seller.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <CardTitle id={headingId} className="m-0 text-lg break-words">
          Sold by{' '}
          <Link href={`/marketplace/sellers/${group.seller.id}`}>{group.seller.display_name}</Link>
        </CardTitle>
        {group.seller.verified && <VerifiedBadge />}
      </div>
      <ul aria-label={`Items from ${group.seller.display_name}`} className="m-0 list-none p-0">
        {group.items.map((item) => (
          <CartLine key={item.id} item={item} currency={currency} />
        ))}
      </ul>
      <div className="border-t border-border pt-3">
        <Totals totals={group} currency={currency} />
      </div>
    </Card>
  );
}

/** The buyer's cart (C.5): the lines per seller with their sums, then the cart's. */
export default function CartPage() {
  const trpc = useTRPC();
  const cart = useQuery(trpc.cart.get.queryOptions({}));
  const data = cart.data?.data;
  return (
    <MarketplaceShell title="Cart">
      {!data && <MarketQueryState what="your cart" query={cart} />}
      {data && data.groups.length === 0 && (
        <Empty>
          Your cart is empty. Find something in the{' '}
          <Link href="/marketplace" className="underline">
            marketplace
          </Link>
          .
        </Empty>
      )}
      {data && data.groups.length > 0 && (
        <div className="lg:grid lg:grid-cols-[1fr_20rem] lg:items-start lg:gap-4">
          <div className="min-w-0">
            {data.groups.map((group) => (
              <SellerGroup key={group.seller.id} group={group} currency={data.currency} />
            ))}
          </div>
          <Card aria-labelledby="cart-summary-heading" className="lg:sticky lg:top-4">
            <CardTitle id="cart-summary-heading">Summary</CardTitle>
            <p className="mt-0 text-muted-foreground">
              {data.items_count} {data.items_count === 1 ? 'item' : 'items'} available
            </p>
            <Totals totals={data} currency={data.currency} />
            {data.items_count > 0 && (
              <Button asChild className="mt-3 w-full">
                <Link href="/marketplace/checkout">Check out</Link>
              </Button>
            )}
          </Card>
        </div>
      )}
    </MarketplaceShell>
  );
}
