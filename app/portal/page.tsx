'use client';

import { AccountBar } from '../account-bar';
import { useRedirectOnUnauthorized } from '../use-signed-in';
import { useQuery } from '@tanstack/react-query';
import { Empty } from '../components/ui';
import { useTRPC } from '../trpc';
import { FollowedRiders } from './followed-riders';

/** The portal home: the riders a student or guardian follows, in every school. */
export default function PortalPage() {
  const trpc = useTRPC();
  const riders = useQuery(trpc.portal.students.queryOptions({}));
  useRedirectOnUnauthorized(riders.error);
  return (
    <>
      <AccountBar />
      <main>
        <h1>Family portal</h1>
        {riders.data?.data.length === 0 && (
          <Empty>
            No rider yet. A school invites your e-mail address from the rider&apos;s page; sign in
            with that address and the rider appears here.
          </Empty>
        )}
        <FollowedRiders heading="Riders you follow" />
      </main>
    </>
  );
}
