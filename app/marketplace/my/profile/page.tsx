'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Label, NativeSelect, Options } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { VerifiedBadge } from '../../listing-bits';
import { MarketplaceShell, MarketQueryState } from '../../marketplace-shell';
import { SellerProfileForm } from '../../seller-profile-form';

/** The caller's seller profiles (their own and their organizations'): create or edit one. */
export default function MySellerProfilePage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions({}));
  const profiles = useQuery(trpc.sellerProfiles.list.queryOptions({}));
  const [chosen, setChosen] = useState('');
  const list = profiles.data?.data;
  const profile = list?.find((p) => p.id === chosen) ?? list?.[0];
  return (
    <MarketplaceShell title="Seller profile">
      {!list && <MarketQueryState what="your seller profiles" query={profiles} />}
      {list && list.length === 0 && me.data && (
        <>
          <p>Buyers see this profile on your listings. Create it to start selling.</p>
          <SellerProfileForm suggestedName={me.data.display_name} />
        </>
      )}
      {profile && (
        <>
          {list!.length > 1 && (
            <div className="mb-3 max-w-sm">
              <Label htmlFor="profile-choice">Profile</Label>
              <NativeSelect
                id="profile-choice"
                value={profile.id}
                onChange={(event) => setChosen(event.target.value)}
              >
                <Options options={list!.map((p) => ({ value: p.id, label: p.display_name }))} />
              </NativeSelect>
            </div>
          )}
          <p className="flex flex-wrap items-center gap-2">
            {profile.owner.type === 'organization' ? `Of ${profile.owner.name}` : 'Your own'}
            {profile.verified && <VerifiedBadge />}
            <span className="text-muted-foreground">
              {profile.stats.active_listings} active, {profile.stats.sold_listings} sold
            </span>
            <Link href={`/marketplace/sellers/${profile.id}`}>See it as buyers do</Link>
          </p>
          <SellerProfileForm key={profile.id} profile={profile} />
        </>
      )}
    </MarketplaceShell>
  );
}
