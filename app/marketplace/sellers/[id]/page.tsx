'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import type { PublicSeller } from '@/server/marketplace/seller-profile-schema';
import { Card, Empty } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { dateText } from '../../format';
import { ListingCardView, ListingGrid, SellerWhereabouts, VerifiedBadge } from '../../listing-bits';
import { MarketRecordPage } from '../../record-page';
import { SellerAvatar } from '../../seller-avatar';

/** A seller as buyers see them (C.2): the profile and its newest active listings. */
export default function SellerPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const seller = useQuery(trpc.sellers.get.queryOptions({ id }));
  return (
    <MarketRecordPage
      query={seller}
      what="the seller"
      placeholder="Seller"
      titleOf={(data) => data.display_name}
    >
      {(data) => <SellerView seller={data} />}
    </MarketRecordPage>
  );
}

function SellerView({ seller }: { seller: PublicSeller }) {
  return (
    <>
      <Card aria-label="About the seller" className="flex flex-wrap gap-4">
        <SellerAvatar name={seller.display_name} url={seller.avatar_url} />
        <div className="min-w-0 flex-1">
          <p className="m-0 flex flex-wrap items-center gap-2">
            {seller.verified && <VerifiedBadge />}
            <span className="text-muted-foreground">
              Member since {dateText(seller.stats.member_since)} · {seller.stats.active_listings}{' '}
              active, {seller.stats.sold_listings} sold
            </span>
          </p>
          <SellerWhereabouts seller={seller} />
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
