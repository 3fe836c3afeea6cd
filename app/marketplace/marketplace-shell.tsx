'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { AccountBar } from '../account-bar';
import { Card, QueryState } from '../components/ui';
import { useTRPC } from '../trpc';
import { useRedirectOnUnauthorized } from '../use-signed-in';

const LINKS = [
  { href: '/marketplace', label: 'Search' },
  { href: '/marketplace/favourites', label: 'Favourites' },
  { href: '/marketplace/messages', label: 'Messages' },
  { href: '/marketplace/my/listings', label: 'My listings' },
  { href: '/marketplace/my/profile', label: 'Seller profile' },
  { href: '/marketplace/orders', label: 'Orders' },
  { href: '/marketplace/sales', label: 'Sales' },
];

/** The cart's link counts its available units; the count is read once the marketplace is open. */
function MarketplaceNav({ open }: { open: boolean }) {
  const pathname = usePathname();
  const trpc = useTRPC();
  const cart = useQuery({ ...trpc.cart.get.queryOptions({}), enabled: open });
  const inCart = cart.data?.data.items_count ?? 0;
  return (
    <nav aria-label="Marketplace" className="tab-nav">
      <ul>
        {LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={pathname === link.href ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <Link
            href="/marketplace/cart"
            aria-current={pathname === '/marketplace/cart' ? 'page' : undefined}
          >
            Cart{inCart > 0 && ` (${inCart})`}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** What a user sees while the marketplace is switched off (C.8): the maintenance message. */
function Maintenance({ message }: { message: string }) {
  return (
    <Card role="status" aria-label="Marketplace unavailable">
      <p className="m-0 font-semibold">{message}</p>
      <p className="mb-0 text-muted-foreground">Please come back later.</p>
    </Card>
  );
}

const DEFAULT_MAINTENANCE = 'The marketplace is temporarily unavailable for maintenance.';

const isUnavailable = (error: unknown) =>
  (error as { data?: { code?: string } } | null)?.data?.code === 'SERVICE_UNAVAILABLE';

/**
 * Loading and error states of a marketplace query: the kit's, except that a 503 (the switch
 * turned off since the page opened) shows the maintenance message it carries.
 */
export function MarketQueryState({
  what,
  query,
}: {
  what: string;
  query: { isPending: boolean; error: { message: string } | null; refetch?: () => unknown };
}) {
  if (!query.isPending && isUnavailable(query.error))
    return <Maintenance message={query.error!.message} />;
  return <QueryState what={what} query={query} />;
}

/**
 * The frame of every marketplace page: top bar, the marketplace's navigation, the title with
 * the page's main action, and the feature switch: while it is off, the maintenance message
 * instead of the page.
 */
export function MarketplaceShell({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions({}));
  const features = useQuery(trpc.features.get.queryOptions({}));
  useRedirectOnUnauthorized(me.error);
  const marketplace = features.data?.data.marketplace;
  return (
    <>
      <AccountBar />
      <main>
        <MarketplaceNav open={marketplace?.enabled === true} />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <h1>{title}</h1>
          {marketplace?.enabled && actions}
        </div>
        {!marketplace && <QueryState what="the marketplace" query={features} />}
        {marketplace && !marketplace.enabled && (
          <Maintenance message={marketplace.maintenance_message ?? DEFAULT_MAINTENANCE} />
        )}
        {marketplace?.enabled && children}
      </main>
    </>
  );
}
