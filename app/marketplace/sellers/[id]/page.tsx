'use client';

import { useQuery } from '@tanstack/react-query';
import { MapPin, Phone } from 'lucide-react';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import type { PublicSeller } from '@/server/marketplace/seller-profile-schema';
import { Card, Empty } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { dateText, placeText } from '../../format';
import { ListingCardView, ListingGrid, VerifiedBadge } from '../../listing-bits';
import { MarketplaceShell, MarketQueryState } from '../../marketplace-shell';

/** A seller as buyers see them (C.2): the profile and its newest active listings. */
export default function SellerPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const seller = useQuery(trpc.sellers.get.queryOptions({ id }));
  const data = seller.data?.data;
  return (
    <MarketplaceShell title={data?.display_name ?? 'Seller'}>
      {!data && <MarketQueryState what="the seller" query={seller} />}
      {data && <SellerView seller={data} />}
    </MarketplaceShell>
  );
}

function SellerView({ seller }: { seller: PublicSeller }) {
  const place = placeText(seller.location);
  return (
    <>
      <Card aria-label="About the seller" className="flex flex-wrap gap-4">
        {seller.avatar_url && (
          <img
            src={seller.avatar_url}
            alt=""
            className="size-20 shrink-0 rounded-full object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="m-0 flex flex-wrap items-center gap-2">
            {seller.verified && <VerifiedBadge />}
            <span className="text-muted-foreground">
              Member since {dateText(seller.stats.member_since)} · {seller.stats.active_listings}{' '}
              active, {seller.stats.sold_listings} sold
            </span>
          </p>
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
          {seller.bio && <p className="mb-0 whitespace-pre-line break-words">{seller.bio}</p>}
        </div>
      </Card>
      <h2>Listings</h2>
      {seller.listings.length === 0 ? (
        <Empty>This seller has no active listing.</Empty>
      ) : (
        <>
          <ListingGrid label={`Listings of ${seller.display_name}`}>
            {seller.listings.map((listing) => (
              <ListingCardView key={listing.id} listing={listing} />
            ))}
          </ListingGrid>
          {seller.listings_total > seller.listings.length && (
            <p>
              <Link href={`/marketplace?seller_id=${seller.id}`}>
                All {seller.listings_total} listings of this seller
              </Link>
            </p>
          )}
        </>
      )}
    </>
  );
}
