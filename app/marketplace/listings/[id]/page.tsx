'use client';

import { useQuery } from '@tanstack/react-query';
import { Flag, MapPin, MessageSquare } from 'lucide-react';
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { useState } from 'react';
import type { Listing } from '@/server/marketplace/listing-schema';
import { Button, Card, CardTitle, DetailList, humanize } from '../../../components/ui';
import { PedigreeTree } from '../../../pedigree/pedigree-tree';
import { AddToCart } from '../../cart/add-to-cart';
import { useTRPC } from '../../../trpc';
import { attributesOf, findCategory, useCategoryTree } from '../../categories';
import { dateText, placeText, priceText, SALE_MODE_LABELS } from '../../format';
import { Gallery } from '../../gallery';
import { ListingStateActions } from '../../listing-actions';
import {
  Fact,
  FavouriteButton,
  SellerWhereabouts,
  StatusBadge,
  VerifiedBadge,
} from '../../listing-bits';
import { ContactDialog, ReportDialog } from '../../listing-dialogs';
import { MarketRecordPage } from '../../record-page';
import { OfferedServicesCard } from '../../stallion-services';

/** One listing (C.3): photos, price, details, pedigree, seller; the buyer's or seller's actions. */
export default function ListingPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const listing = useQuery(trpc.listings.get.queryOptions({ id }));
  return (
    <MarketRecordPage
      query={listing}
      what="the listing"
      placeholder="Listing"
      titleOf={(data) => data.title}
    >
      {(data) => <ListingView listing={data} />}
    </MarketRecordPage>
  );
}

function ListingView({ listing }: { listing: Listing }) {
  const router = useRouter();
  const [contacting, setContacting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const place = placeText(listing.location);
  return (
    <div className="md:grid md:grid-cols-[1fr_18rem] md:gap-4">
      <div className="min-w-0">
        <Gallery images={listing.images} title={listing.title} />
        <p className="m-0 text-2xl font-bold">{priceText(listing)}</p>
        <p className="m-0 text-muted-foreground">
          {listing.category.name}
          {place && (
            <>
              {' · '}
              <MapPin aria-hidden className="inline size-4" /> {place}
            </>
          )}
        </p>
        {listing.is_mine ? (
          <Card aria-label="Your listing" className="mt-3">
            <p className="mt-0 flex flex-wrap items-center gap-2">
              <span className="font-semibold">Status:</span> <StatusBadge status={listing.status} />
              {listing.expires_at && listing.status === 'active' && (
                <span className="text-muted-foreground">until {dateText(listing.expires_at)}</span>
              )}
            </p>
            {listing.status_reason && (
              <p>
                <span className="font-semibold">Reason:</span> {listing.status_reason}
              </p>
            )}
            <ListingStateActions
              listing={listing}
              onDeleted={() => router.push('/marketplace/my/listings')}
            />
          </Card>
        ) : (
          <div className="my-3 flex flex-wrap gap-2">
            {listing.status === 'active' &&
              listing.sale_mode === 'buy_now' &&
              listing.price !== null && <AddToCart listing={listing} />}
            <Button onClick={() => setContacting(true)}>
              <MessageSquare aria-hidden className="size-4" />
              Contact the seller
            </Button>
            <FavouriteButton listing={listing} />
            <Button variant="ghost" size="sm" onClick={() => setReporting(true)}>
              <Flag aria-hidden className="size-4" />
              Report
            </Button>
            <ContactDialog
              listing={listing}
              open={contacting}
              onClose={() => setContacting(false)}
            />
            <ReportDialog listing={listing} open={reporting} onClose={() => setReporting(false)} />
          </div>
        )}
        <Details listing={listing} />
        <OfferedServicesCard listing={listing} />
        {listing.description && (
          <Card aria-labelledby="description-heading">
            <CardTitle id="description-heading">Description</CardTitle>
            <p className="m-0 whitespace-pre-line break-words">{listing.description}</p>
          </Card>
        )}
        {listing.horse && (
          <Card aria-labelledby="pedigree-heading">
            <CardTitle id="pedigree-heading">Pedigree of {listing.horse.name}</CardTitle>
            <PedigreeTree root={listing.horse} />
          </Card>
        )}
      </div>
      <SellerCard seller={listing.seller} />
    </div>
  );
}

/** An attribute's value as words. */
function valueText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** The listing's facts: the category's attributes by their labels, then the sale's terms. */
function Details({ listing }: { listing: Listing }) {
  const tree = useCategoryTree();
  const definitions = attributesOf(findCategory(tree.data?.data, listing.category.id));
  const labelOf = (name: string) =>
    definitions.find((definition) => definition.name === name)?.label ?? humanize(name);
  // The category's order first, then any value it no longer defines.
  const names = [
    ...definitions.map((definition) => definition.name),
    ...Object.keys(listing.attributes).filter((name) => !definitions.some((d) => d.name === name)),
  ].filter((name) => valueText(listing.attributes[name]) !== '—');
  const { shipping } = listing;
  return (
    <Card aria-labelledby="details-heading">
      <CardTitle id="details-heading">Details</CardTitle>
      <DetailList>
        {names.map((name) => (
          <Fact key={name} label={labelOf(name)}>
            {valueText(listing.attributes[name])}
          </Fact>
        ))}
        {listing.condition && (
          <Fact label="Condition">{listing.condition === 'new' ? 'New' : 'Used'}</Fact>
        )}
        <Fact label="Sale">{SALE_MODE_LABELS[listing.sale_mode]}</Fact>
        {listing.quantity > 1 && <Fact label="Available">{listing.quantity}</Fact>}
        <Fact label="Delivery">
          {[
            shipping.ships &&
              (shipping.price
                ? `Ships (${priceText({ ...listing, price: shipping.price, price_type: 'fixed' })})`
                : 'Ships free'),
            shipping.pickup && 'Pickup',
          ]
            .filter(Boolean)
            .join(', ') || 'Ask the seller'}
        </Fact>
        {listing.published_at && <Fact label="Published">{dateText(listing.published_at)}</Fact>}
      </DetailList>
    </Card>
  );
}

function SellerCard({ seller }: { seller: Listing['seller'] }) {
  return (
    <Card aria-labelledby="seller-heading" className="self-start">
      <CardTitle id="seller-heading">Seller</CardTitle>
      <p className="m-0 text-lg font-semibold">
        <Link href={`/marketplace/sellers/${seller.id}`}>{seller.display_name}</Link>
      </p>
      {seller.verified && (
        <p className="my-1">
          <VerifiedBadge />
        </p>
      )}
      <SellerWhereabouts seller={seller} />
      <p className="mb-0">
        <Link href={`/marketplace/sellers/${seller.id}`}>All listings of this seller</Link>
      </p>
    </Card>
  );
}
