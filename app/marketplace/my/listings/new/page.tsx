'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTRPC, useTRPCClient } from '../../../../trpc';
import { useCategoryTree } from '../../../categories';
import { ListingForm } from '../../../listing-form';
import { MarketplaceShell, MarketQueryState } from '../../../marketplace-shell';
import { SellerProfileForm } from '../../../seller-profile-form';

/**
 * A new listing, saved as a draft; its photos are added next, on its edit page. A user
 * without a seller profile creates theirs first.
 */
export default function NewListingPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const router = useRouter();
  const me = useQuery(trpc.account.me.queryOptions({}));
  const profiles = useQuery(trpc.sellerProfiles.list.queryOptions({}));
  const tree = useCategoryTree();
  const list = profiles.data?.data;
  return (
    <MarketplaceShell title="New listing">
      {!list && <MarketQueryState what="your seller profiles" query={profiles} />}
      {!tree.data && <MarketQueryState what="the categories" query={tree} />}
      {list && list.length === 0 && me.data && (
        <>
          <p>Before your first listing, tell buyers who is selling.</p>
          <SellerProfileForm suggestedName={me.data.display_name} />
        </>
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
