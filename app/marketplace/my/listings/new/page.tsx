'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { useCategoryTree } from '../../../categories';
import { ListingForm } from '../../../listing-form';
import { MarketplaceShell, MarketQueryState } from '../../../marketplace-shell';
import { NewSellerProfile, useNewProfileOwners } from '../../../new-seller-profile';

/**
 * A new listing, saved as a draft; its photos are added next, on its edit page. A user
 * without a seller profile creates one first (theirs, or an organization's they run).
 */
export default function NewListingPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const profiles = useQuery(trpc.sellerProfiles.list.queryOptions({}));
  const tree = useCategoryTree();
  const list = profiles.data?.data;
  const owners = useNewProfileOwners(list);
  return (
    <MarketplaceShell title="New listing">
      {!list && <MarketQueryState what="your seller profiles" query={profiles} />}
      {!tree.data && <MarketQueryState what="the categories" query={tree} />}
      {list && list.length === 0 && owners && (
        <NewSellerProfile
          owners={owners}
          intro="Before your first listing, tell buyers who is selling."
        />
      )}
      {list && list.length > 0 && tree.data && (
        <ListingForm
          tree={tree.data.data}
          profiles={list}
          name="New listing"
          label="Save draft"
          save={(body) => client.listings.create.mutate(body)}
          onSaved={(listing) =>
            router.push(`/marketplace/my/listings/${listing.id}/edit?created=1`)
          }
          onCancel={() => router.push('/marketplace/my/listings')}
        />
      )}
    </MarketplaceShell>
  );
}
