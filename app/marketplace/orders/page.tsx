'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { Order } from '@/server/marketplace/order-schema';
import { Empty, money, Pager, TableOrCards, type ColumnDef } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { dateText } from '../format';
import { MarketplaceShell, MarketQueryState } from '../marketplace-shell';
import { OrderStatusBadge } from './order-bits';

const orderHref = (order: Order) => `/marketplace/orders/${order.id}`;

const sellersOf = (order: Order) =>
  order.sub_orders.map((sub) => sub.seller.display_name).join(', ');

const columns: ColumnDef<Order>[] = [
  {
    id: 'number',
    header: 'Order',
    meta: { rowHeader: true, className: 'whitespace-nowrap' },
    cell: ({ row }) => <Link href={orderHref(row.original)}>{row.original.number}</Link>,
  },
  {
    id: 'date',
    header: 'Placed',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => dateText(row.original.created_at),
  },
  {
    id: 'status',
    header: 'Status',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
  },
  {
    id: 'sellers',
    header: 'Sellers',
    meta: { className: 'break-words' },
    cell: ({ row }) => sellersOf(row.original),
  },
  {
    id: 'total',
    header: 'Total',
    meta: { className: 'whitespace-nowrap text-right' },
    cell: ({ row }) => money(row.original.total, row.original.currency),
  },
];

/** The buyer's orders, newest first (C.6): a table on wide screens, a card an order on phones. */
export default function OrdersPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const orders = useQuery({
    ...trpc.orders.list.queryOptions({ page }),
    placeholderData: keepPreviousData,
  });
  const list = orders.data;
  return (
    <MarketplaceShell title="My orders">
      {!list && <MarketQueryState what="your orders" query={orders} />}
      {list && list.data.length === 0 && (
        <Empty>
          You have not ordered anything yet. Find something in the{' '}
          <Link href="/marketplace" className="underline">
            marketplace
          </Link>
          .
        </Empty>
      )}
      {list && list.data.length > 0 && (
        <TableOrCards
          label="My orders, newest first"
          columns={columns}
          data={list.data}
          busy={orders.isFetching}
          cardLabel={(order) => `Order ${order.number}`}
          card={(order) => (
            <>
              <p className="m-0 flex flex-wrap items-center justify-between gap-2">
                <Link href={orderHref(order)} className="font-semibold">
                  {order.number}
                </Link>
                <OrderStatusBadge status={order.status} />
              </p>
              <p className="m-0 text-muted-foreground break-words">
                {dateText(order.created_at)} · {sellersOf(order)}
              </p>
              <p className="m-0 font-semibold">{money(order.total, order.currency)}</p>
            </>
          )}
        />
      )}
      {list && <Pager meta={list.meta} onPage={setPage} noun="orders" />}
    </MarketplaceShell>
  );
}
