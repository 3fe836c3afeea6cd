'use client';

import { useQuery } from '@tanstack/react-query';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { ErrorState } from '../components/ui';
import { SideNavFrame } from '../side-nav-frame';
import { useTRPC } from '../trpc';
import { useRedirectOnUnauthorized } from '../use-signed-in';

const LINKS = [
  { href: '/admin', label: 'Overview' },
  { href: '/admin/organizations', label: 'Organizations' },
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/verification', label: 'Verification' },
  { href: '/admin/access-codes', label: 'Access codes' },
  { href: '/admin/pedigree', label: 'Pedigree' },
  { href: '/admin/pedigree/corrections', label: 'Corrections' },
  { href: '/admin/pedigree/import', label: 'Pedigree import' },
  { href: '/admin/moderation', label: 'Moderation' },
  { href: '/admin/marketplace/categories', label: 'Marketplace categories' },
  { href: '/admin/marketplace/commission', label: 'Commission' },
  { href: '/admin/marketplace/payment-gateway', label: 'Payment gateway' },
  { href: '/admin/marketplace/disputes', label: 'Disputes' },
  { href: '/admin/marketplace/payment-holds', label: 'Payment holds' },
  { href: '/admin/settings', label: 'Settings' },
  { href: '/admin/emails', label: 'E-mail previews' },
  { href: '/admin/mail', label: 'Mail outbox' },
  { href: '/admin/audit-log', label: 'Audit log' },
];

/** The frame of every admin page: top bar, admin navigation, and the platform-admin check. */
export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  const trpc = useTRPC();
  const access = useQuery(trpc.access.get.queryOptions({}));
  useRedirectOnUnauthorized(access.error);

  const pathname = usePathname();
  return (
    <SideNavFrame
      label="Administration"
      head={<strong>Administration</strong>}
      links={LINKS.map((link) => ({ ...link, current: pathname === link.href }))}
    >
      <h1>{title}</h1>
      {access.isPending && <p aria-busy="true">Checking your access…</p>}
      {/* Once known, the access stands whatever a refresh says; a 401 sends the browser to sign in. */}
      {!access.data && access.error && access.error.data?.code !== 'UNAUTHORIZED' && (
        <ErrorState
          failed="Could not check your access"
          error={access.error}
          retry={access.refetch}
        />
      )}
      {access.data && !access.data.is_platform_admin && (
        <p className="card error" role="alert">
          This area is for platform administrators only.
        </p>
      )}
      {access.data?.is_platform_admin && children}
    </SideNavFrame>
  );
}

/** The kit's loading and error states (with Try again), for the admin pages that import them here. */
export { QueryState } from '../components/ui';
