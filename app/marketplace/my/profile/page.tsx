'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Suspense, useState } from 'react';
import { Button, Skeleton } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { ChoiceSelect, useChoice } from '../../choice';
import { VerifiedBadge } from '../../listing-bits';
import { MarketplaceShell, MarketQueryState } from '../../marketplace-shell';
import { NewSellerProfile, useNewProfileOwners } from '../../new-seller-profile';
import { AvatarEditor } from '../../seller-avatar';
import { SellerProfileForm } from '../../seller-profile-form';
import { Payouts, type PayoutReturn } from './payouts';

const PAYOUT_RETURNS: readonly PayoutReturn[] = ['done', 'retry'];

/**
 * The caller's seller profiles (their own and their organizations'): edit one, or open one for
 * themselves or an organization they own or manage that has none yet (C.2); with a gateway,
 * connect its payouts. The gateway's onboarding sends the seller back with
 * `?profile=<id>&payouts=done|retry`, which opens that profile and says how it went.
 */
export default function MySellerProfilePage() {
  // The address is read in the browser: a boundary for the build.
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      <MySellerProfiles />
    </Suspense>
  );
}

function MySellerProfiles() {
  const trpc = useTRPC();
  const params = useSearchParams();
  const returnedTo = params.get('profile');
  const payouts = PAYOUT_RETURNS.find((outcome) => outcome === params.get('payouts')) ?? null;
  const profiles = useQuery(trpc.sellerProfiles.list.queryOptions({}));
  const list = profiles.data?.data;
  const owners = useNewProfileOwners(list);
  const [profile, setChosen] = useChoice(list, returnedTo ?? '');
  const [adding, setAdding] = useState(false);
  const creating = !!owners?.length && (adding || !profile);
  return (
    <MarketplaceShell
      title="Seller profile"
      actions={
        profile &&
        !creating &&
        !!owners?.length && (
          <Button variant="outline" onClick={() => setAdding(true)}>
            Open another seller profile
          </Button>
        )
      }
    >
      {!list && <MarketQueryState what="your seller profiles" query={profiles} />}
      {list && !owners && !profile && <Skeleton className="h-40" />}
      {creating && (
        <NewSellerProfile
          owners={owners}
          intro={
            profile
              ? 'A profile of its own for each organization you run, or for yourself.'
              : 'Buyers see this profile on your listings. Create it to start selling.'
          }
          onCreated={(created) => {
            setChosen(created.id);
            setAdding(false);
          }}
          onCancel={profile ? () => setAdding(false) : undefined}
        />
      )}
      {profile && !creating && (
        <>
          {list!.length > 1 && (
            <ChoiceSelect
              id="profile-choice"
              label="Profile"
              value={profile.id}
              options={list!.map((p) => ({ value: p.id, label: p.display_name }))}
              onChange={setChosen}
            />
          )}
          <p className="flex flex-wrap items-center gap-2">
            {profile.owner.type === 'organization' ? `Of ${profile.owner.name}` : 'Your own'}
            {profile.verified && <VerifiedBadge />}
            <span className="text-muted-foreground">
              {profile.stats.active_listings} active, {profile.stats.sold_listings} sold
            </span>
            <Link href={`/marketplace/sellers/${profile.id}`}>See it as buyers do</Link>
          </p>
          {profile.payouts_by_gateway && (
            <Payouts
              key={`payouts-${profile.id}`}
              profile={profile}
              returned={profile.id === returnedTo ? payouts : null}
            />
          )}
          <AvatarEditor key={`avatar-${profile.id}`} profile={profile} />
          <SellerProfileForm key={profile.id} profile={profile} />
        </>
      )}
    </MarketplaceShell>
  );
}
