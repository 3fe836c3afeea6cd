'use client';

import { useMutation } from '@tanstack/react-query';
import { BadgeCheck, Heart, ImageOff, MapPin, Phone } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { ListingStatus } from '@/db/schema/marketplace-values';
import type { ListingCard } from '@/server/marketplace/listing-schema';
import { Badge, Button, cardClass, cn, useErrorToast, useRefresh } from '../components/ui';
import { useTRPC } from '../trpc';
import { placeText, priceText, STATUS_LABELS, STATUS_TONES } from './format';

/*
 * Pieces of a listing that several pages show: its state, the seller's verified mark, place
 * and phone, the favourite toggle and the card of a result list.
 */

export function StatusBadge({ status }: { status: ListingStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export function VerifiedBadge() {
  return (
    <Badge tone="ok" className="inline-flex items-center gap-1">
      <BadgeCheck aria-hidden className="size-4" />
      Verified seller
    </Badge>
  );
}

/** Where the seller is and, when they show it, their phone to call: a line each. */
export function SellerWhereabouts({
  seller,
}: {
  seller: { location: Parameters<typeof placeText>[0]; phone: string | null };
}) {
  const place = placeText(seller.location);
  return (
    <>
      {place && (
        <p className="my-1 text-muted-foreground">
          <MapPin aria-hidden className="inline size-4" /> {place}
        </p>
      )}
      {seller.phone && (
        <p className="my-1">
          <Phone aria-hidden className="inline size-4" />{' '}
          <a href={`tel:${seller.phone}`}>{seller.phone}</a>
        </p>
      )}
    </>
  );
}

/** A term and its value; each pair in its own group, as a `dl` of groups requires. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Every query that shows a listing's favourite mark. */
export function useListingQueryKeys() {
  const trpc = useTRPC();
  return [
    trpc.listingSearch.pathKey(),
    trpc.listings.get.pathKey(),
    trpc.favourites.pathKey(),
    trpc.sellers.pathKey(),
  ];
}

/** Adds the listing to the caller's favourites, or takes it out; a pressed toggle button. */
export function FavouriteButton({
  listing,
  className,
}: {
  listing: { id: string; title: string; is_favourite: boolean };
  className?: string;
}) {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const keys = useListingQueryKeys();
  const onError = useErrorToast();
  const options = { onSuccess: () => refresh(keys), onError };
  const add = useMutation(trpc.favourites.add.mutationOptions(options));
  const remove = useMutation(trpc.favourites.remove.mutationOptions(options));
  const pending = add.isPending || remove.isPending;
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      aria-pressed={listing.is_favourite}
      disabled={pending}
      onClick={() =>
        listing.is_favourite
          ? remove.mutate({ listingId: listing.id })
          : add.mutate({ listing_id: listing.id })
      }
    >
      <Heart
        aria-hidden
        className={cn('size-4', listing.is_favourite && 'fill-current text-destructive')}
      />
      <span className="sr-only">Favourite: {listing.title}</span>
      <span aria-hidden>{listing.is_favourite ? 'Saved' : 'Save'}</span>
    </Button>
  );
}

/** A listing in a list: photo, title, price, place, seller; the whole title is its link. */
export function ListingCardView({
  listing,
  showStatus = false,
  showFavourite = true,
}: {
  listing: ListingCard;
  showStatus?: boolean;
  showFavourite?: boolean;
}) {
  const place = placeText(listing.location);
  return (
    <li className={cn(cardClass, 'm-0 flex overflow-hidden p-0 sm:flex-col')}>
      <div className="w-28 shrink-0 bg-border sm:aspect-[4/3] sm:w-full">
        {listing.image ? (
          <img src={listing.image.url} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <ImageOff aria-hidden className="size-8" />
            <span className="sr-only">No photo</span>
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
        <h2 className="m-0 text-base leading-snug break-words sm:text-lg">
          <Link href={`/marketplace/listings/${listing.id}`} className="text-foreground">
            {listing.title}
          </Link>
        </h2>
        <p className="m-0 text-lg font-bold">{priceText(listing)}</p>
        {place && <p className="m-0 text-muted-foreground">{place}</p>}
        <p className="m-0 text-sm text-muted-foreground">
          {listing.category.name} · {listing.seller.display_name}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          {listing.seller.verified && <VerifiedBadge />}
          {showStatus && <StatusBadge status={listing.status} />}
          {showFavourite && <FavouriteButton listing={listing} className="ml-auto" />}
        </div>
      </div>
    </li>
  );
}

/** Cards of listings in a grid: one across on a phone, more on wider screens. */
export function ListingGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      className="m-0 mb-3 grid list-none grid-cols-1 gap-3 p-0 sm:grid-cols-2 lg:grid-cols-3"
    >
      {children}
    </ul>
  );
}
