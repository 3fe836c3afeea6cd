'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { AccountBar } from '../account-bar';
import { Card, QueryState } from '../components/ui';
import { useTRPC } from '../trpc';
import { useRedirectOnUnauthorized } from '../use-signed-in';
import { RedeemForm } from './redeem-form';

/** A signed-in person turns an access code into their own school or stud (E.4). */
export default function RedeemPage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions({}));
  useRedirectOnUnauthorized(me.error);

  return (
    <>
      <AccountBar />
      <main>
        <p>
          <Link href="/">Your schools</Link>
        </p>
        <h1>Redeem an access code</h1>
        {!me.data && <QueryState what="your account" query={me} />}
        {me.data && (
          <Card aria-labelledby="redeem-heading">
            <h2 id="redeem-heading" className="mt-0">
              Your new organization
            </h2>
            <p className="text-muted-foreground">
              The code comes from the platform&apos;s team. It creates a school or a stud, with you
              as its owner.
            </p>
            <RedeemForm />
          </Card>
        )}
      </main>
    </>
  );
}
