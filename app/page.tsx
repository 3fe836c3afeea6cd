'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { AccountBar } from './account-bar';
import { humanize, QueryState } from './components/ui';
import { useOrganizations, type OrganizationLink } from './organizations';
import { FollowedRiders } from './portal/followed-riders';
import { useTRPC } from './trpc';
import { useRedirectOnUnauthorized } from './use-signed-in';

function OrganizationList({ organizations }: { organizations: OrganizationLink[] }) {
  return (
    <ul className="list">
      {organizations.map((organization) => (
        <li key={organization.href} className="card">
          <Link href={organization.href}>
            <strong>{organization.name}</strong>
            <span className="muted">
              {humanize(organization.role)} · {organization.timezone} · {organization.currency}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Whether the browser loaded the app at the home page (after sign-in, a typed address, a reload). */
function loadedAtHome(): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return entry !== undefined && new URL(entry.name).pathname === '/';
}

/**
 * The home page opens a person's only organization once per page load that started here; the
 * home link, followed later, shows the picker (and "Have an access code?") instead of sending
 * them back. Per load, not per mount: hence a module variable (docs/decisions.md).
 */
let openOnArrival = typeof window !== 'undefined' && loadedAtHome();

/**
 * The organization picker: every school and stud the signed-in person belongs to (G.14), and
 * the riders they follow in the family portal (A.5). A person with one organization and no
 * riders to follow is taken straight into it.
 */
export default function HomePage() {
  const trpc = useTRPC();
  const router = useRouter();
  const { schools, studs, isPending, error, refetch } = useOrganizations();
  const riders = useQuery(trpc.portal.students.queryOptions({}));
  useRedirectOnUnauthorized(error);
  const [arriving, setArriving] = useState(() => openOnArrival);
  const all = [...schools, ...studs];
  const only = !isPending && !error && all.length === 1 ? all[0] : undefined;
  const followsRiders = (riders.data?.data.length ?? 0) > 0;
  const opening = arriving && only !== undefined && !followsRiders;

  useEffect(() => {
    if (!arriving || isPending || riders.isPending) return;
    openOnArrival = false;
    if (opening) router.replace(only!.href);
    else setArriving(false);
  }, [arriving, isPending, riders.isPending, opening, only, router]);

  return (
    <>
      <AccountBar />
      <main>
        <h1>Your schools</h1>
        <QueryState
          what="your organizations"
          query={{
            isPending,
            // A 401 sends the browser to sign in (above): nothing to show meanwhile.
            error: error?.data?.code === 'UNAUTHORIZED' ? null : error,
            refetch,
          }}
        />
        {opening && <p aria-busy="true">Opening {only!.name}…</p>}
        {!isPending && !error && !opening && (
          <>
            {schools.length === 0 && (
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
            <p>
              <Link href="/redeem">Have an access code?</Link> Use it to create your own school or
              stud.
            </p>
          </>
        )}
        {!opening && <FollowedRiders />}
      </main>
    </>
  );
}
