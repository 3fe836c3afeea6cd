'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { humanize, QueryState } from '../components/ui';
import { useTRPC } from '../trpc';

/**
 * The riders the signed-in person follows in the portal (DESIGN-MODULES A.5), across schools.
 * Reading them also binds the invitations waiting for the person's verified e-mail.
 */
export function FollowedRiders({ heading = 'Your riders' }: { heading?: string }) {
  const trpc = useTRPC();
  const riders = useQuery(trpc.portal.students.queryOptions({}));
  if (riders.data?.data.length === 0) return null;
  return (
    <section aria-labelledby="riders-heading">
      <h2 id="riders-heading">{heading}</h2>
      {!riders.data && <QueryState what="your riders" query={riders} />}
      <ul className="list">
        {riders.data?.data.map((rider) => (
          <li key={rider.link_id} className="card">
            <Link href={`/portal/students/${rider.student_id}`}>
              <strong>
                {rider.first_name} {rider.last_name}
              </strong>
              <span className="muted">
                {rider.school.name} · {rider.current_level?.name ?? humanize(rider.level)}
                {rider.relationship === 'guardian' ? ' · as guardian' : ''}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
