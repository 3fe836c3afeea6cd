'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { Suspense } from 'react';
import type { Order, SubOrder } from '@/server/marketplace/order-schema';
import { Card, CardTitle, DetailList } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { dateText } from '../../format';
import { Fact } from '../../listing-bits';
import { MarketRecordPage } from '../../record-page';
import {
  Address,
  Delivery,
  History,
  OrderLines,
  OrderStatusBadge,
  SubOrderStatusBadge,
  Totals,
  When,
} from '../order-bits';
import { OrderPlaced } from '../order-placed';
import { CancelOrder, SubOrderActions } from './buyer-actions';
import { PaymentReturn } from './payment-return';

/**
 * One of the buyer's orders (C.6): its parts, one a seller, and what the buyer may do; opened by
 * checkout, how to pay it first; reached back from a payment service's page, how that went.
 */
export default function OrderPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const order = useQuery(trpc.orders.get.queryOptions({ id }));
  return (
    <MarketRecordPage
      query={order}
      what="the order"
      placeholder="Order"
      titleOf={(data) => `Order ${data.number}`}
    >
      {(data) => <OrderView order={data} />}
    </MarketRecordPage>
  );
}

function OrderView({ order }: { order: Order }) {
  return (
    <>
      <p className="mt-0">
        <Link href="/marketplace/orders">Back to my orders</Link>
      </p>
      <Suspense fallback={null}>
        <OrderPlaced orderId={order.id} />
        <PaymentReturn order={order} />
      </Suspense>
      <div className="lg:grid lg:grid-cols-[1fr_20rem] lg:items-start lg:gap-4">
        <div className="min-w-0">
          {order.sub_orders.map((sub) => (
            <SubOrderCard key={sub.id} order={order} sub={sub} />
          ))}
        </div>
        <div className="lg:sticky lg:top-4">
          <Summary order={order} />
          <Card aria-labelledby="order-address-heading">
            <CardTitle id="order-address-heading">Shipping address</CardTitle>
            <Address address={order.shipping_address} />
            {order.note && (
              <p className="mb-0 break-words">
                <span className="font-semibold">Your note:</span> {order.note}
              </p>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

function Summary({ order }: { order: Order }) {
  const unpaid = order.sub_orders.some((sub) => sub.status === 'awaiting_payment');
  return (
    <Card aria-labelledby="order-summary-heading">
      <CardTitle id="order-summary-heading">Summary</CardTitle>
      <DetailList className="mb-3">
        <Fact label="Status">
          <OrderStatusBadge status={order.status} />
        </Fact>
        <Fact label="Placed">
          <When iso={order.created_at} />
        </Fact>
        {order.paid_at && <Fact label="Paid">{dateText(order.paid_at)}</Fact>}
      </DetailList>
      {unpaid && order.provider === 'manual' && (
        <p className="text-muted-foreground">
          Pay each seller as they tell you; they mark their part paid once your payment arrives.
          Parts still unpaid on {dateText(order.expires_at)} are cancelled.
        </p>
      )}
      {unpaid && order.provider !== 'manual' && !order.payment_held && (
        <p className="text-muted-foreground">
          Parts still unpaid at <When iso={order.expires_at} /> are cancelled.
        </p>
      )}
      {unpaid && order.payment_held && (
        <p role="status">
          The payment service took an amount that is not this order’s. The platform’s team is
          checking it and will either accept it or refund it to you; the order is not cancelled
          meanwhile.
        </p>
      )}
      <Totals
        items={order.items_total}
        shipping={order.shipping_total}
        total={order.total}
        currency={order.currency}
        className="mb-3"
      />
      <CancelOrder order={order} />
    </Card>
  );
}

function SubOrderCard({ order, sub }: { order: Order; sub: SubOrder }) {
  const headingId = `sub-order-${sub.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <CardTitle id={headingId} className="m-0 text-lg break-words">
        {sub.number} from{' '}
        <Link href={`/marketplace/sellers/${sub.seller.id}`} className="underline">
          {sub.seller.display_name}
        </Link>
      </CardTitle>
      <p className="my-2">
        <SubOrderStatusBadge status={sub.status} />
      </p>
      <OrderLines sub={sub} currency={order.currency} />
      <div className="mb-3 border-t border-border pt-3">
        <Totals
          items={sub.items_total}
          shipping={sub.shipping_amount}
          total={sub.total}
          currency={order.currency}
        />
      </div>
      <Delivery sub={sub} />
      <SubOrderActions order={order} sub={sub} />
      <h3 className="mt-4 mb-2 text-base font-bold">History</h3>
      <History sub={sub} />
    </Card>
  );
}
