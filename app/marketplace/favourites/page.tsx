'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Empty, Pager } from '../../components/ui';
import { useTRPC } from '../../trpc';
import { ListingCardView, ListingGrid } from '../listing-bits';
import { MarketplaceShell, MarketQueryState } from '../marketplace-shell';

/** The caller's favourite listings, newest first (C.4). */
export default function FavouritesPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const favourites = useQuery({
    ...trpc.favourites.list.queryOptions({ page }),
    placeholderData: keepPreviousData,
  });
  const list = favourites.data;
  return (
    <MarketplaceShell title="Favourites">
      {!list && <MarketQueryState what="your favourites" query={favourites} />}
      {list && list.data.length === 0 && (
        <Empty>
          No favourites yet. Save listings from the{' '}
          <Link href="/marketplace" className="underline">
            marketplace
          </Link>{' '}
          to find them here.
        </Empty>
      )}
      {list && list.data.length > 0 && (
        <ListingGrid label="Favourite listings">
          {list.data.map((listing) => (
            <ListingCardView
              key={listing.id}
              listing={listing}
              showStatus={listing.status !== 'active'}
            />
          ))}
        </ListingGrid>
      )}
      {list && <Pager meta={list.meta} onPage={setPage} noun="favourites" />}
    </MarketplaceShell>
  );
}
