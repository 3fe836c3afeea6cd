'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useTRPC } from '../../../trpc';
import { MarketRecordPage } from '../../record-page';
import { SaleDetails } from '../sale-details';
import { SaleActions } from './sale-actions';

/** One sale (C.6): the lines, the seller's money, the buyer's address and the next steps. */
export default function SalePage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const sale = useQuery(trpc.sales.get.queryOptions({ id }));
  return (
    <MarketRecordPage
      query={sale}
      what="the sale"
      placeholder="Sale"
      titleOf={(data) => `Sale ${data.number}`}
    >
      {(data) => (
        <>
          <p className="mt-0">
            <Link href="/marketplace/sales">Back to my sales</Link>
          </p>
          <SaleDetails sale={data} actions={<SaleActions sale={data} />} />
        </>
      )}
    </MarketRecordPage>
  );
}
