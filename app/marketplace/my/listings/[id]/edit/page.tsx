'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useParams, useRouter, useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import type { Listing } from '@/server/marketplace/listing-schema';
import { Card, useToast } from '../../../../../components/ui';
import { useTRPC, useTRPCClient } from '../../../../../trpc';
import { useCategoryTree, type CategoryNode } from '../../../../categories';
import { ImageUploader } from '../../../../image-uploader';
import { ListingStateActions } from '../../../../listing-actions';
import { StatusBadge } from '../../../../listing-bits';
import { ListingForm } from '../../../../listing-form';
import { MarketplaceShell, MarketQueryState } from '../../../../marketplace-shell';

/** A listing's changes, its photos and its next step (submit, pause, …). */
export default function EditListingPage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const listing = useQuery(trpc.listings.get.queryOptions({ id }));
  const tree = useCategoryTree();
  const data = listing.data?.data;
  return (
    <MarketplaceShell title={data ? `Edit ${data.title}` : 'Edit listing'}>
      {!data && <MarketQueryState what="the listing" query={listing} />}
      {!tree.data && <MarketQueryState what="the categories" query={tree} />}
      {data && !data.is_mine && <Card role="alert">Only its seller can edit this listing.</Card>}
      {data?.is_mine && tree.data && (
        <Suspense fallback={null}>
          <Editor listing={data} tree={tree.data.data} />
        </Suspense>
      )}
    </MarketplaceShell>
  );
}

function Editor({ listing, tree }: { listing: Listing; tree: CategoryNode[] }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const created = useSearchParams().get('created') === '1';
  const refresh = () =>
    Promise.all(
      [trpc.listings.get.pathKey(), trpc.listingSearch.pathKey()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return (
    <>
      <Card aria-label="State of the listing">
        {created && listing.status === 'draft' && (
          <p className="mt-0" role="status">
            Your draft is saved. Add photos, then submit it for approval.
          </p>
        )}
        <p className="mt-0 flex flex-wrap items-center gap-2">
          <span className="font-semibold">Status:</span> <StatusBadge status={listing.status} />
          <Link href={`/marketplace/listings/${listing.id}`}>See the listing</Link>
        </p>
        {listing.status_reason && (
          <p>
            <span className="font-semibold">Reason:</span> {listing.status_reason}
          </p>
        )}
        <ListingStateActions
          listing={listing}
          showEdit={false}
          onDeleted={() => router.push('/marketplace/my/listings')}
        />
      </Card>
      <ImageUploader listing={listing} onChanged={refresh} />
      <ListingForm
        key={listing.id}
        listing={listing}
        tree={tree}
        profiles={[]}
        name="Listing details"
        label="Save changes"
        save={(body) => client.listings.update.mutate({ id: listing.id, ...body })}
        onSaved={async (saved) => {
          await refresh();
          toast(
            'success',
            saved.status === 'pending' && listing.status === 'active'
              ? 'Saved. The changes wait for approval.'
              : 'Your changes were saved.',
          );
        }}
        onCancel={() => router.push('/marketplace/my/listings')}
      />
    </>
  );
}
