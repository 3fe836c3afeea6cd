'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { HeldOrder } from '@/server/marketplace/order-schema';
import {
  actionsColumn,
  Button,
  Empty,
  money,
  Pager,
  QueryState,
  TableOrCards,
  type ColumnDef,
} from '../../../components/ui';
import { When } from '../../../marketplace/orders/order-bits';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';
import { HoldDialog, type HoldChoice, type HoldOutcome } from './hold-dialog';

/** The sellers of the order, one per sub-order. */
const sellersOf = (order: HeldOrder) =>
  order.sub_orders.map((sub) => sub.seller.display_name).join(', ');

/** What the payment service took against what the order is, and the service's reference. */
function Hold({ order }: { order: HeldOrder }) {
  return (
    <>
      <span className="block break-words">{order.payment_hold}</span>
      {order.payment_intent && (
        <span className="block text-sm break-all text-muted-foreground">
          Payment {order.payment_intent}
        </span>
      )}
    </>
  );
}

/** "Accept payment" and "Refund", each naming the order for screen readers. */
function HoldActions({
  order,
  onChoose,
}: {
  order: HeldOrder;
  onChoose: (choice: HoldChoice) => void;
}) {
  const what = <span className="sr-only"> of order {order.number}</span>;
  const choose = (outcome: HoldOutcome) => () => onChoose({ order, outcome });
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={choose('accept')}>
        Accept payment{what}
      </Button>
      <Button variant="outline" size="sm" onClick={choose('refund')}>
        Refund{what}
      </Button>
    </div>
  );
}

/**
 * Orders whose gateway payment did not match them (C.6), oldest first: each waits, neither
 * expiring nor going on, until an administrator accepts the payment or refunds it.
 */
export default function PaymentHoldsPage() {
  return (
    <AdminShell title="Payment holds">
      <HoldQueue />
    </AdminShell>
  );
}

function HoldQueue() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [choice, setChoice] = useState<HoldChoice | null>(null);
  const holds = useQuery({
    ...trpc.admin.marketplacePaymentHolds.list.queryOptions({ page }),
    placeholderData: keepPreviousData,
  });
  const list = holds.data;
  const columns: ColumnDef<HeldOrder>[] = [
    {
      id: 'number',
      header: 'Order',
      meta: { rowHeader: true, className: 'whitespace-nowrap' },
      cell: ({ row }) => row.original.number,
    },
    {
      id: 'placed',
      header: 'Placed',
      meta: { className: 'whitespace-nowrap' },
      cell: ({ row }) => <When iso={row.original.created_at} />,
    },
    {
      id: 'buyer',
      header: 'Buyer',
      cell: ({ row }) => (
        <>
          <span className="block">{row.original.buyer.name}</span>
          <span className="block text-sm break-all text-muted-foreground">
            {row.original.buyer.email}
          </span>
        </>
      ),
    },
    { id: 'sellers', header: 'Sellers', cell: ({ row }) => sellersOf(row.original) },
    {
      id: 'hold',
      header: 'What was taken',
      meta: { className: 'min-w-48' },
      cell: ({ row }) => <Hold order={row.original} />,
    },
    {
      id: 'total',
      header: 'Order total',
      meta: { className: 'whitespace-nowrap text-right' },
      cell: ({ row }) => money(row.original.total, row.original.currency),
    },
    actionsColumn((order) => <HoldActions order={order} onChoose={setChoice} />),
  ];
  return (
    <>
      <p className="mt-0 text-muted-foreground">
        The payment service took an amount that is not the order’s. Accept it to let the sellers go
        on, or refund it to cancel the order.
      </p>
      {!list && <QueryState what="the held payments" query={holds} />}
      {list && list.data.length === 0 && <Empty>No payment waits for a decision.</Empty>}
      {list && list.data.length > 0 && (
        <TableOrCards
          label="Payments waiting for a decision, oldest first"
          columns={columns}
          data={list.data}
          busy={holds.isFetching}
          cardLabel={(order) => `Order ${order.number}`}
          card={(order) => (
            <>
              <p className="m-0 flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{order.number}</span>
                <span className="font-semibold">{money(order.total, order.currency)}</span>
              </p>
              <p className="m-0 text-sm break-words text-muted-foreground">
                <When iso={order.created_at} /> · {order.buyer.name} ({order.buyer.email}), buying
                from {sellersOf(order)}
              </p>
              <p className="my-2">
                <Hold order={order} />
              </p>
              <HoldActions order={order} onChoose={setChoice} />
            </>
          )}
        />
      )}
      {list && <Pager meta={list.meta} onPage={setPage} noun="orders" />}
      <HoldDialog choice={choice} onClose={() => setChoice(null)} />
    </>
  );
}
