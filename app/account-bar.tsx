'use client';

import { useQuery } from '@tanstack/react-query';
import { signOut } from 'next-auth/react';
import Link from 'next/link';
import { NotificationBell } from './notification-bell';
import { ThemeToggle } from './theme';
import { useTRPC } from './trpc';

/** The top bar: home link, the theme, who is signed in, sign-out. */
export function AccountBar() {
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions({}));
  const access = useQuery({ ...trpc.access.get.queryOptions({}), enabled: me.isSuccess });
  const features = useQuery({ ...trpc.features.get.queryOptions({}), enabled: me.isSuccess });
  return (
    <header className="bar">
      <Link href="/">Equestrian Platform</Link>
      <span className="flex flex-wrap items-center gap-2">
        <ThemeToggle />
        {me.data && (
          <>
            {access.data?.is_platform_admin && (
              <>
                <Link href="/admin">Administration</Link>{' '}
              </>
            )}
            {features.data?.data.marketplace.enabled && (
              <>
                <Link href="/marketplace">Marketplace</Link>{' '}
              </>
            )}
            <NotificationBell />
            <Link href="/profile" title="Your profile">
              <span aria-label="Signed in as">{me.data.display_name}</span>
            </Link>{' '}
            <button
              type="button"
              className="secondary small"
              onClick={() => void signOut({ callbackUrl: '/signin' })}
            >
              Sign out
            </button>
          </>
        )}
      </span>
    </header>
  );
}
