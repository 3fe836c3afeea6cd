'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { AccountBar } from './account-bar';
import { useTRPC } from './trpc';
import { useRedirectOnUnauthorized } from './use-signed-in';

/** The school picker: every school the signed-in person belongs to. */
export default function HomePage() {
  const trpc = useTRPC();
  const schools = useQuery(trpc.schools.list.queryOptions({}));
  useRedirectOnUnauthorized(schools.error);

  return (
    <>
      <AccountBar />
      <main>
        <h1>Your schools</h1>
        {schools.isPending && <p aria-busy="true">Loading your schools…</p>}
        {schools.error && schools.error.data?.code !== 'UNAUTHORIZED' && (
          <p className="error" role="alert">
            Could not load your schools: {schools.error.message}
          </p>
        )}
        {schools.data?.data.length === 0 && (
          <p className="card muted">
            You are not a member of any school yet. Ask a school owner to invite your e-mail
            address.
          </p>
        )}
        {schools.data && schools.data.data.length > 0 && (
          <ul className="list">
            {schools.data.data.map((school) => (
              <li key={school.id} className="card">
                <Link href={`/schools/${school.id}`}>
                  <strong>{school.name}</strong>
                  <span className="muted">
                    {school.role} · {school.timezone} · {school.currency}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
