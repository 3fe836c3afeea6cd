'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { SUB_ORDER_STATUSES, type SubOrderStatus } from '@/db/schema/marketplace-order-values';
import type { Sale } from '@/server/marketplace/order-schema';
import {
  Button,
  Empty,
  FilterBar,
  FilterSelect,
  money,
  Pager,
  TableOrCards,
  useListFilters,
  type ColumnDef,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { dateText } from '../format';
import { MarketplaceShell, MarketQueryState } from '../marketplace-shell';
import { SUB_ORDER_STATUS_LABELS } from '@/db/schema/marketplace-order-values';
import { SubOrderStatusBadge } from '../orders/order-bits';

const saleHref = (sale: Sale) => `/marketplace/sales/${sale.id}`;

/** "Close-contact jumping saddle, 17" × 1", or the first line and how many more. */
function itemsText(sale: Sale) {
  const [first, ...more] = sale.items;
  if (!first) return '';
  const line = `${first.title} × ${first.quantity}`;
  return more.length ? `${line} and ${more.length} more` : line;
}

const columns: ColumnDef<Sale>[] = [
  {
    id: 'number',
    header: 'Sale',
    meta: { rowHeader: true, className: 'whitespace-nowrap' },
    cell: ({ row }) => <Link href={saleHref(row.original)}>{row.original.number}</Link>,
  },
  {
    id: 'date',
    header: 'Placed',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => dateText(row.original.created_at),
  },
  { id: 'buyer', header: 'Buyer', cell: ({ row }) => row.original.buyer.name },
  {
    id: 'items',
    header: 'Items',
    meta: { className: 'min-w-48 break-words' },
    cell: ({ row }) => itemsText(row.original),
  },
  {
    id: 'status',
    header: 'Status',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => <SubOrderStatusBadge status={row.original.status} />,
  },
  {
    id: 'total',
    header: 'Total',
    meta: { className: 'whitespace-nowrap text-right' },
    cell: ({ row }) => money(row.original.total, row.original.currency),
  },
];

/** The sub-orders of the shops the caller runs, newest first, by state (C.6). */
export default function SalesPage() {
  const trpc = useTRPC();
  const { filters, page, setPage, bind } = useListFilters({ status: '' as SubOrderStatus | '' });
  const sales = useQuery({
    ...trpc.sales.list.queryOptions({
      page,
      ...(filters.status ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const list = sales.data;
  return (
    <MarketplaceShell
      title="My sales"
      actions={
        <Button asChild variant="outline">
          <Link href="/marketplace/sales/statements">Commission statements</Link>
        </Button>
      }
    >
      <FilterBar>
        <FilterSelect
          id="sales-status"
          label="Status"
          {...bind('status')}
          options={SUB_ORDER_STATUSES.map((value) => ({
            value,
            label: SUB_ORDER_STATUS_LABELS[value],
          }))}
        />
      </FilterBar>
      {!list && <MarketQueryState what="your sales" query={sales} />}
      {list && list.data.length === 0 && (
        <Empty>
          {filters.status ? (
            'None of your sales is in this state.'
          ) : (
            <>
              No sales yet. Buyers’ orders of your{' '}
              <Link href="/marketplace/my/listings" className="underline">
                listings
              </Link>{' '}
              appear here.
            </>
          )}
        </Empty>
      )}
      {list && list.data.length > 0 && (
        <TableOrCards
          label="My sales, newest first"
          columns={columns}
          data={list.data}
          busy={sales.isFetching}
          cardLabel={(sale) => `Sale ${sale.number}`}
          card={(sale) => (
            <>
              <p className="m-0 flex flex-wrap items-center justify-between gap-2">
                <Link href={saleHref(sale)} className="font-semibold">
                  {sale.number}
                </Link>
                <SubOrderStatusBadge status={sale.status} />
              </p>
              <p className="m-0 break-words">{itemsText(sale)}</p>
              <p className="m-0 text-muted-foreground break-words">
                {dateText(sale.created_at)} · {sale.buyer.name}
              </p>
              <p className="m-0 font-semibold">{money(sale.total, sale.currency)}</p>
            </>
          )}
        />
      )}
      {list && <Pager meta={list.meta} onPage={setPage} noun="sales" />}
    </MarketplaceShell>
  );
}
