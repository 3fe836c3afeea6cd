'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { LISTING_STATUSES, type ListingStatus } from '@/db/schema/marketplace-values';
import type { ListingCard } from '@/server/marketplace/listing-schema';
import {
  Button,
  cardClass,
  cn,
  Empty,
  FilterBar,
  FilterSelect,
  Pager,
  plural,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { dateText, priceText, STATUS_LABELS } from '../../format';
import { ListingStateActions } from '../../listing-actions';
import { StatusBadge } from '../../listing-bits';
import { MarketplaceShell, MarketQueryState } from '../../marketplace-shell';

const SHOWN_STATUSES = LISTING_STATUSES.filter((status) => status !== 'removed');

/** The caller's listings in every state, with the actions each state allows (C.3). */
export default function MyListingsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ListingStatus | ''>('');
  const listings = useQuery({
    ...trpc.listingSearch.mine.queryOptions({ page, ...(status ? { status } : {}) }),
    placeholderData: keepPreviousData,
  });
  const list = listings.data;
  return (
    <MarketplaceShell
      title="My listings"
      actions={
        <Button asChild>
          <Link href="/marketplace/my/listings/new">New listing</Link>
        </Button>
      }
    >
      <FilterBar>
        <FilterSelect
          id="my-listings-status"
          label="Status"
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={SHOWN_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        />
      </FilterBar>
      {!list && <MarketQueryState what="your listings" query={listings} />}
      {list && list.data.length === 0 && (
        <Empty>
          {status ? 'None of your listings is in this state.' : 'You have no listing yet.'}{' '}
          <Link href="/marketplace/my/listings/new" className="underline">
            Create a listing
          </Link>
        </Empty>
      )}
      {list && list.data.length > 0 && (
        <ul aria-label="My listings" className="m-0 list-none p-0" aria-busy={listings.isFetching}>
          {list.data.map((listing) => (
            <MyListing key={listing.id} listing={listing} />
          ))}
        </ul>
      )}
      {list && <Pager meta={list.meta} onPage={setPage} noun="listings" />}
    </MarketplaceShell>
  );
}

function MyListing({ listing }: { listing: ListingCard }) {
  return (
    <li className={cn(cardClass, 'flex gap-3')} aria-label={listing.title}>
      <div className="size-20 shrink-0 overflow-hidden rounded-md bg-border">
        {listing.image ? (
          <img src={listing.image.url} alt="" className="size-full object-cover" />
        ) : (
          <ImageOff aria-hidden className="m-6 size-8 text-muted-foreground" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="m-0 font-semibold break-words">
          <Link href={`/marketplace/listings/${listing.id}`}>{listing.title}</Link>
        </p>
        <p className="m-0 text-muted-foreground">
          {priceText(listing)} · {listing.category.name}
        </p>
        <p className="m-0 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <StatusBadge status={listing.status} />
          {listing.status === 'active' && listing.expires_at && (
            <span>until {dateText(listing.expires_at)}</span>
          )}
          <span>
            {plural(listing.images_count, 'photo')} · {listing.favourites_count} saved
          </span>
        </p>
        <div className="mt-2">
          <ListingStateActions listing={listing} />
        </div>
      </div>
    </li>
  );
}
