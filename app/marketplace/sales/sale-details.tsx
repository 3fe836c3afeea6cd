'use client';

import type { ReactNode } from 'react';
import type { Sale } from '@/server/marketplace/order-schema';
import { Card, CardTitle, DetailList, money } from '../../components/ui';
import { dateText } from '../format';
import { Fact } from '../listing-bits';
import {
  Address,
  Delivery,
  History,
  OrderLines,
  PAYOUT_LABELS,
  SubOrderStatusBadge,
  Totals,
  When,
} from '../orders/order-bits';

const PROVIDER_LABELS: Record<Sale['provider'], string> = {
  manual: 'Paid to the seller directly',
  stripe: 'Stripe',
  mercadopago: 'Mercado Pago',
};

/**
 * A sub-order as its seller (or an administrator) reads it: its state and `actions` first,
 * then the lines and the seller's money, the buyer and the address, and the history.
 */
export function SaleDetails({
  sale,
  actions,
  listingHref,
}: {
  sale: Sale;
  actions: ReactNode;
  /** Where a line's listing opens; its marketplace page unless said. */
  listingHref?: (listingId: string) => string;
}) {
  const { currency } = sale;
  return (
    <>
      <Card aria-label="State">
        <p className="mt-0 flex flex-wrap items-center gap-2">
          <SubOrderStatusBadge status={sale.status} />
          <span className="text-muted-foreground">
            Order {sale.order_number} · {sale.seller.display_name} · placed{' '}
            <When iso={sale.created_at} />
          </span>
        </p>
        <Delivery sub={sale} />
        {actions}
      </Card>
      <div className="lg:grid lg:grid-cols-[1fr_20rem] lg:items-start lg:gap-4">
        <div className="min-w-0">
          <Card aria-labelledby="sale-items-heading">
            <CardTitle id="sale-items-heading">Items</CardTitle>
            <OrderLines sub={sale} currency={currency} listingHref={listingHref} />
            <div className="border-t border-border pt-3">
              <Totals
                items={sale.items_total}
                shipping={sale.shipping_amount}
                total={sale.total}
                currency={currency}
              >
                <Fact label="Commission">− {money(sale.commission_amount, currency)}</Fact>
                <Fact label="Seller net">
                  <strong>{money(sale.seller_net, currency)}</strong>
                </Fact>
              </Totals>
            </div>
          </Card>
          <Card aria-labelledby="sale-history-heading">
            <CardTitle id="sale-history-heading">History</CardTitle>
            <History sub={sale} />
          </Card>
        </div>
        <div>
          <Card aria-labelledby="sale-buyer-heading">
            <CardTitle id="sale-buyer-heading">Buyer</CardTitle>
            <p className="mt-0 font-semibold break-words">{sale.buyer.name}</p>
            <Address address={sale.shipping_address} />
            {sale.note && (
              <p className="mb-0 break-words">
                <span className="font-semibold">Note:</span> {sale.note}
              </p>
            )}
          </Card>
          <Card aria-labelledby="sale-payment-heading">
            <CardTitle id="sale-payment-heading">Payment</CardTitle>
            <DetailList>
              <Fact label="Payment">{PROVIDER_LABELS[sale.provider]}</Fact>
              <Fact label="Paid">{sale.paid_at ? dateText(sale.paid_at) : 'Not yet'}</Fact>
              <Fact label="Payout">{PAYOUT_LABELS[sale.payout_status]}</Fact>
              {sale.payout_due_at && <Fact label="Payout due">{dateText(sale.payout_due_at)}</Fact>}
            </DetailList>
          </Card>
        </div>
      </div>
    </>
  );
}
