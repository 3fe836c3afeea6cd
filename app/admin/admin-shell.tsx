'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { AccountBar } from '../account-bar';
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

export function AdminNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Administration" className="admin-nav">
      <ul>
        {LINKS.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={pathname === link.href ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The frame of every admin page: top bar, admin navigation, and the platform-admin check. */
export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  const trpc = useTRPC();
  const access = useQuery(trpc.access.get.queryOptions({}));
  useRedirectOnUnauthorized(access.error);

  return (
    <>
      <AccountBar />
      <main>
        <AdminNav />
        <h1>{title}</h1>
        {access.isPending && <p aria-busy="true">Checking your access…</p>}
        {access.error && access.error.data?.code !== 'UNAUTHORIZED' && (
          <p className="card error" role="alert">
            Could not check your access: {access.error.message}
          </p>
        )}
        {access.data && !access.data.is_platform_admin && (
          <p className="card error" role="alert">
            This area is for platform administrators only.
          </p>
        )}
        {access.data?.is_platform_admin && children}
      </main>
    </>
  );
}

/** Loading and error states of a query, worded for what it loads. */
export function QueryState({
  what,
  query,
}: {
  what: string;
  query: { isPending: boolean; error: { message: string } | null };
}) {
  if (query.isPending) return <p aria-busy="true">Loading {what}…</p>;
  if (query.error) {
    return (
      <p className="error" role="alert">
        Could not load {what}: {query.error.message}
      </p>
    );
  }
  return null;
}
