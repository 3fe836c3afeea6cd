'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import type { Sale } from '@/server/marketplace/order-schema';
import { QueryState } from '../../../../components/ui';
import { disputeEvent } from '../../../../marketplace/orders/order-bits';
import { SaleDetails } from '../../../../marketplace/sales/sale-details';
import { useTRPC } from '../../../../trpc';
import { AdminShell } from '../../../admin-shell';
import { ResolveForm } from '../resolve-form';

/** One disputed sub-order as an administrator decides on it: the buyer's reason, then the sale. */
export default function DisputePage() {
  const { subOrderId } = useParams<{ subOrderId: string }>();
  const trpc = useTRPC();
  const dispute = useQuery(trpc.admin.marketplaceDisputes.get.queryOptions({ subOrderId }));
  const sale = dispute.data?.data;
  return (
    <AdminShell title={sale ? `Dispute ${sale.number}` : 'Dispute'}>
      <p>
        <Link href="/admin/marketplace/disputes">Back to the disputes</Link>
      </p>
      {!sale && <QueryState what="the sub-order" query={dispute} />}
      {sale && <Dispute sale={sale} />}
    </AdminShell>
  );
}

function Dispute({ sale }: { sale: Sale }) {
  const opened = disputeEvent(sale);
  return (
    <>
      {opened && (
        <blockquote className="mx-0 mb-3 border-l-4 border-border pl-4">
          <p className="m-0 font-semibold">The buyer’s reason</p>
          <p className="m-0 break-words whitespace-pre-line">{opened.note}</p>
        </blockquote>
      )}
      {sale.status === 'disputed' && <ResolveForm sale={sale} />}
      <SaleDetails
        sale={sale}
        listingHref={(id) => `/admin/moderation/${id}`}
        actions={
          sale.status !== 'disputed' && (
            <p className="mb-0 text-muted-foreground">This dispute is resolved.</p>
          )
        }
      />
    </>
  );
}
