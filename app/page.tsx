'use client';

import Link from 'next/link';
import { AccountBar } from './account-bar';
import { useOrganizations, type OrganizationLink } from './organizations';
import { FollowedRiders } from './portal/followed-riders';
import { useRedirectOnUnauthorized } from './use-signed-in';

function OrganizationList({ organizations }: { organizations: OrganizationLink[] }) {
  return (
    <ul className="list">
      {organizations.map((organization) => (
        <li key={organization.href} className="card">
          <Link href={organization.href}>
            <strong>{organization.name}</strong>
            <span className="muted">
              {organization.role} · {organization.timezone} · {organization.currency}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The organization picker: every school and stud the signed-in person belongs to (G.14), and
 * the riders they follow in the family portal (A.5).
 */
export default function HomePage() {
  const { schools, studs, isPending, error } = useOrganizations();
  useRedirectOnUnauthorized(error);

  return (
    <>
      <AccountBar />
      <main>
        <h1>Your schools</h1>
        {isPending && <p aria-busy="true">Loading your organizations…</p>}
        {error && error.data?.code !== 'UNAUTHORIZED' && (
          <p className="error" role="alert">
            Could not load your organizations: {error.message}
          </p>
        )}
        {!isPending && !error && schools.length === 0 && (
          <p className="card muted">
            You are not a member of any school yet. Ask a school owner to invite your e-mail
            address. A rider&apos;s family finds the riders they follow below, or in the{' '}
            <Link href="/portal">family portal</Link>.
          </p>
        )}
        {schools.length > 0 && <OrganizationList organizations={schools} />}
        {studs.length > 0 && (
          <>
            <h2>Your studs</h2>
            <OrganizationList organizations={studs} />
          </>
        )}
        {!isPending && !error && (
          <p>
            <Link href="/redeem">Have an access code?</Link> Use it to create your own school or
            stud.
          </p>
        )}
        <FollowedRiders />
      </main>
    </>
  );
}
