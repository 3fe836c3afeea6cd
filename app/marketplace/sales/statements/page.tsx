'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { Statement } from '@/server/marketplace/statement-schema';
import { Badge, Empty, money, Pager, TableOrCards, type ColumnDef } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { ChoiceSelect, useChoice } from '../../choice';
import { dateText } from '../../format';
import { MarketplaceShell, MarketQueryState } from '../../marketplace-shell';

/** A statement keyed by its month, which is unique in a profile's list. */
type Row = Statement & { id: string };

/** "March 2025" of a `YYYY-MM` month (UTC, as statements count them). */
const monthText = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleDateString('en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const salesText = (row: Row) => `${row.sub_orders} ${row.sub_orders === 1 ? 'sale' : 'sales'}`;

function StatementStatus({ row }: { row: Row }) {
  return <Badge>{row.status === 'open' ? 'Open: so far this month' : 'Issued'}</Badge>;
}

const columns: ColumnDef<Row>[] = [
  {
    id: 'period',
    header: 'Month',
    meta: { rowHeader: true, className: 'whitespace-nowrap' },
    cell: ({ row }) => monthText(row.original.period),
  },
  {
    id: 'status',
    header: 'Status',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => <StatementStatus row={row.original} />,
  },
  {
    id: 'sub_orders',
    header: 'Completed sales',
    meta: { className: 'text-right' },
    cell: ({ row }) => row.original.sub_orders,
  },
  {
    id: 'sales_total',
    header: 'Sales (items and shipping)',
    meta: { className: 'whitespace-nowrap text-right' },
    cell: ({ row }) => money(row.original.sales_total, row.original.currency),
  },
  {
    id: 'commission_total',
    header: 'Commission owed',
    meta: { className: 'whitespace-nowrap text-right font-semibold' },
    cell: ({ row }) => money(row.original.commission_total, row.original.currency),
  },
  {
    id: 'issued_at',
    header: 'Issued',
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => dateText(row.original.issued_at),
  },
];

/** The statements of one seller profile, newest first. */
function Statements({ profileId }: { profileId: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const statements = useQuery({
    ...trpc.sellerStatements.list.queryOptions({ id: profileId, page }),
    placeholderData: keepPreviousData,
  });
  const list = statements.data;
  const rows: Row[] = list?.data.map((s) => ({ ...s, id: s.period })) ?? [];
  if (!list) return <MarketQueryState what="the commission statements" query={statements} />;
  if (rows.length === 0)
    return (
      <Empty>Nothing owed yet. Completed sales paid by hand add up here month by month.</Empty>
    );
  return (
    <>
      <TableOrCards
        label="Commission statements, newest first"
        columns={columns}
        data={rows}
        busy={statements.isFetching}
        cardLabel={(row) => `${monthText(row.period)}: commission statement`}
        card={(row) => (
          <>
            <p className="m-0 flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{monthText(row.period)}</span>
              <StatementStatus row={row} />
            </p>
            <p className="m-0 text-muted-foreground">
              {salesText(row)}, {money(row.sales_total, row.currency)}
            </p>
            <p className="m-0 font-semibold">
              Commission owed: {money(row.commission_total, row.currency)}
            </p>
            {row.issued_at && (
              <p className="m-0 text-muted-foreground">Issued {dateText(row.issued_at)}</p>
            )}
          </>
        )}
      />
      <Pager meta={list.meta} onPage={setPage} noun="months" />
    </>
  );
}

/**
 * The manual driver's commission statements (C.0, C.2, C.7) of the seller profiles the caller
 * runs, one profile at a time.
 */
export default function StatementsPage() {
  const trpc = useTRPC();
  const profiles = useQuery(trpc.sellerProfiles.list.queryOptions({}));
  const list = profiles.data?.data;
  const [profile, setChosen] = useChoice(list);
  return (
    <MarketplaceShell title="Commission statements">
      <p className="mt-0">
        <Link href="/marketplace/sales">Back to my sales</Link>
      </p>
      <p className="max-w-prose">
        When buyers pay you by hand, the platform’s commission is not taken from their payment: you
        owe it to the platform. The commission of each month’s completed sales adds up to a
        statement, issued once the month is over (months in UTC); the current month shows what has
        accrued so far. Sales paid through the marketplace’s payment gateway are not listed here:
        their commission is kept when you are paid out. Amounts are without tax.
      </p>
      {!list && <MarketQueryState what="your seller profiles" query={profiles} />}
      {list && !profile && (
        <Empty>
          You have no seller profile yet.{' '}
          <Link href="/marketplace/my/profile" className="underline">
            Open one
          </Link>{' '}
          to start selling.
        </Empty>
      )}
      {profile && (
        <>
          {list!.length > 1 && (
            <ChoiceSelect
              id="statements-profile"
              label="Seller profile"
              value={profile.id}
              options={list!.map((p) => ({ value: p.id, label: p.display_name }))}
              onChange={setChosen}
            />
          )}
          <Statements key={profile.id} profileId={profile.id} />
        </>
      )}
    </MarketplaceShell>
  );
}
