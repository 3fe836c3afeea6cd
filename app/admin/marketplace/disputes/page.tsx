'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { Sale } from '@/server/marketplace/order-schema';
import {
  Empty,
  money,
  Pager,
  QueryState,
  TableOrCards,
  type ColumnDef,
} from '../../../components/ui';
import { dateText } from '../../../marketplace/format';
import { disputeEvent } from '../../../marketplace/orders/order-bits';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';

const disputeHref = (sale: Sale) => `/admin/marketplace/disputes/${sale.id}`;

/** When the buyer opened the dispute. */
const openedOn = (sale: Sale) => dateText(disputeEvent(sale)?.created_at ?? null);

const reasonOf = (sale: Sale) => disputeEvent(sale)?.note ?? '—';

const columns: ColumnDef<Sale>[] = [
  {
    id: 'number',
    header: 'Sub-order',
    meta: { rowHeader: true, className: 'whitespace-nowrap' },
    cell: ({ row }) => <Link href={disputeHref(row.original)}>{row.original.number}</Link>,
  },
  {
    id: 'opened',
    header: 'Opened',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => openedOn(row.original),
  },
  { id: 'buyer', header: 'Buyer', cell: ({ row }) => row.original.buyer.name },
  { id: 'seller', header: 'Seller', cell: ({ row }) => row.original.seller.display_name },
  {
    id: 'reason',
    header: 'Reason',
    meta: { className: 'min-w-48 break-words' },
    cell: ({ row }) => reasonOf(row.original),
  },
  {
    id: 'total',
    header: 'Total',
    meta: { className: 'whitespace-nowrap text-right' },
    cell: ({ row }) => money(row.original.total, row.original.currency),
  },
];

/** The disputed sub-orders, oldest first (C.6): each waits for a release or a refund. */
export default function DisputesPage() {
  return (
    <AdminShell title="Disputes">
      <DisputeQueue />
    </AdminShell>
  );
}

function DisputeQueue() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const disputes = useQuery({
    ...trpc.admin.marketplaceDisputes.list.queryOptions({ page }),
    placeholderData: keepPreviousData,
  });
  const list = disputes.data;
  return (
    <>
      <p className="mt-0 text-muted-foreground">
        The buyer of each of these sub-orders disputed it; its seller’s payout is held until you
        release it or refund the buyer.
      </p>
      {!list && <QueryState what="the disputes" query={disputes} />}
      {list && list.data.length === 0 && <Empty>No dispute is open.</Empty>}
      {list && list.data.length > 0 && (
        <TableOrCards
          label="Open disputes, oldest first"
          columns={columns}
          data={list.data}
          busy={disputes.isFetching}
          cardLabel={(sale) => `Dispute ${sale.number}`}
          card={(sale) => (
            <>
              <p className="m-0 flex flex-wrap items-center justify-between gap-2">
                <Link href={disputeHref(sale)} className="font-semibold">
                  {sale.number}
                </Link>
                <span className="font-semibold">{money(sale.total, sale.currency)}</span>
              </p>
              <p className="m-0 text-sm text-muted-foreground break-words">
                {openedOn(sale)} · {sale.buyer.name}, buying from {sale.seller.display_name}
              </p>
              <p className="mb-0 break-words">{reasonOf(sale)}</p>
            </>
          )}
        />
      )}
      {list && <Pager meta={list.meta} onPage={setPage} noun="disputes" />}
    </>
  );
}
